// The user-facing text of the account service's business errors (server/http/auth-errors.ts,
// docs/auth.md "Error codes"). The server answers them in English only; this module owns their
// translation: one Lingui descriptor per code, whose English source is the server's English
// message word for word (so the catalogs stay aligned with the documented table), and
// localizedServerMessage(), which every sign-in screen uses instead of showing `error.msg`.
// A new code on the server needs an entry here (tests/unit/api/server-messages.test.ts checks it).
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import type { ApiError } from "./errors";

/** 60024: the server's message carries the seconds left; the descriptor is built from them. */
export const CODE_RESEND_TOO_SOON = 60024;

/**
 * 60024's descriptor for `seconds` seconds. The `other` form is the server's English message
 * ("Please wait {seconds} seconds before requesting another code"); English also gets a
 * singular for 1 second.
 */
export const resendTooSoonMessage = (seconds: number): MessageDescriptor =>
  msg({
    message: plural(seconds, {
      one: "Please wait # second before requesting another code",
      other: "Please wait # seconds before requesting another code",
    }),
  });

/** Every business code of the account service and its message (60024 needs the seconds). */
export const SERVER_MESSAGES: Readonly<Record<number, MessageDescriptor | ((seconds: number) => MessageDescriptor)>> = {
  // Input
  60010: msg`Mobile number or email format is incorrect`,
  60011: msg`Mobile number format is incorrect`,
  60012: msg`Please enter the right email`,
  // Verification codes
  60020: msg`Please enter verification code`,
  60021: msg`Incorrect verification code`,
  60022: msg`The verification code has expired. Please request a new one.`,
  60023: msg`Too many wrong attempts. Please request a new verification code.`,
  [CODE_RESEND_TOO_SOON]: resendTooSoonMessage,
  60025: msg`Too many verification codes requested. Please try again in an hour.`,
  60026: msg`Too many verification codes requested from this network. Please try again later.`,
  60027: msg`Text messages cannot be sent at the moment. Please use your email address.`,
  60028: msg`Too many verification codes requested today. Please try again tomorrow.`,
  60029: msg`Too many wrong verification codes. Please try again in 24 hours.`,
  // Accounts and passwords
  60030: msg`This account is already registered. Please log in.`,
  60031: msg`The account is not registered`,
  60032: msg`Incorrect account or password`,
  60033: msg`The password could not be read. Please refresh the page and try again.`,
  60034: msg`Please set your password`,
  60035: msg`The password must be at least 8 characters`,
  60036: msg`The password must be at most 64 characters`,
  60037: msg`This password is too common. Please choose a less predictable one.`,
  60038: msg`Verification codes cannot be sent by e-mail on this server at the moment. Please contact support.`,
  60040: msg`Too many failed attempts. Please try again in an hour.`,
  // Human verification and the Google check
  60077: msg`Human verification required`,
  60078: msg`This account signs in with Google. Continue with Google, or set a password with Forgot password.`,
  // Google sign-in
  60050: msg`Google sign-in is not configured`,
  60051: msg`Google sign-in failed. Please try again.`,
  60052: msg`The Google sign-in link has expired. Please try again.`,
  60053: msg`Google sign-in is unavailable right now. Please try again later.`,
  60054: msg`Unsupported sign-in provider`,
  60055: msg`This Google sign-in was not started in this browser. Please try again.`,
  // QR-code login
  60060: msg`This QR code has expired. Please refresh it and scan again.`,
};

/** The seconds in a 60024 message: the only number in it. */
function secondsIn(serverMsg: string): number | null {
  const match = /\d+/.exec(serverMsg);
  return match ? Number(match[0]) : null;
}

/**
 * The error's text in the current language: the catalog's translation for a known code, the
 * server's own message otherwise (and for a 60024 whose message has no number in it).
 */
export function localizedServerMessage(error: ApiError): string {
  const entry = SERVER_MESSAGES[error.code];
  if (!entry) return error.msg;
  if (typeof entry !== "function") return i18n._(entry);
  const seconds = secondsIn(error.msg);
  return seconds === null ? error.msg : i18n._(entry(seconds));
}
