// The user-facing text of the account service's business errors (server/http/auth-errors.ts,
// docs/auth.md "Error codes"). The server answers them in English only; this module owns their
// translation: one Lingui descriptor per code, whose English source is the server's English
// message word for word (so the catalogs stay aligned with the documented table), and
// localizedServerMessage(), which every sign-in screen uses instead of showing `error.msg`.
// A new code on the server needs an entry here (tests/unit/api/server-messages.test.ts checks it).
import { i18n, type MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { COMMERCE_CODES, type CouponTip } from "../../contract/commerce";
import { MARKETING_CODES } from "../../contract/marketing";
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
  // WeChat sign-in
  60080: msg`WeChat sign-in is not configured`,
  60081: msg`The WeChat authorization has expired or was already used. Please try again.`,
  60082: msg`WeChat is receiving too many sign-in requests. Please try again in a minute.`,
  60083: msg`WeChat sign-in is unavailable right now. Please try again later.`,
  60084: msg`This WeChat sign-in has expired. Please start again.`,
  60085: msg`This account is already bound to another WeChat account.`,
  60086: msg`This WeChat sign-in was not started in this browser. Please try again.`,
  60087: msg`This mobile number is already bound to another account.`,
  // QR-code login
  60060: msg`This QR code has expired. Please refresh it and scan again.`,
};

/** The seconds in a 60024 message: the only number in it. */
function secondsIn(serverMsg: string): number | null {
  const match = /\d+/.exec(serverMsg);
  return match ? Number(match[0]) : null;
}

/** A message that carries an amount in US dollars, read from the server's English message. */
type WithAmount = (amount: string) => MessageDescriptor;

/**
 * The commerce module's business codes (contract/commerce.ts COMMERCE_CODES, docs/commerce.md
 * and docs/subscriptions.md).
 * 70020 and 70021 carry the method's bound, read from the server's message.
 */
export const COMMERCE_MESSAGES: Readonly<Record<number, MessageDescriptor | WithAmount>> = {
  [COMMERCE_CODES.UNPAID_ORDER_EXISTS]: msg`Unpaid order exists, do not place duplicate.`,
  [COMMERCE_CODES.ORDER_NOT_FOUND]: msg`The order does not exist.`,
  [COMMERCE_CODES.ORDER_NOT_PAYABLE]: msg`This order cannot be paid.`,
  [COMMERCE_CODES.ORDER_NOT_CANCELABLE]: msg`This order cannot be canceled.`,
  [COMMERCE_CODES.METHOD_BELOW_MINIMUM]: (m) =>
    msg`The minimum limit for the payment method is US$${m}. Please use other payment methods.`,
  [COMMERCE_CODES.METHOD_ABOVE_MAXIMUM]: (m) => msg`The amount of the payment method shall not be greater than US$${m}`,
  [COMMERCE_CODES.METHOD_VIETNAM_ONLY]: msg`This payment method is only available to users in Vietnam.`,
  [COMMERCE_CODES.METHOD_NOT_IN_COUNTRY]: msg`This payment method is not available in the chosen country.`,
  [COMMERCE_CODES.COUPON_NOT_APPLICABLE]: msg`This coupon cannot be used.`,
  [COMMERCE_CODES.PAYMENT_FAILED]: msg`Payment failed. If there's a problem, please contact us.`,
  [COMMERCE_CODES.PAYMENTS_UNAVAILABLE]: msg`Payments are not available at the moment.`,
  // Subscriptions (docs/subscriptions.md "Errors")
  [COMMERCE_CODES.SUBSCRIPTION_NOT_FOUND]: msg`Subscription not found`,
  [COMMERCE_CODES.SAVED_METHOD_NOT_FOUND]: msg`Payment method not found`,
  [COMMERCE_CODES.SETUP_NOT_COMPLETED]: msg`The card or wallet was not authorised. Please try again.`,
  [COMMERCE_CODES.METHOD_NOT_RECURRING]: msg`This payment method cannot be saved for renewals.`,
  [COMMERCE_CODES.NOTHING_TO_UPGRADE]: msg`You have no paid plan to upgrade. Choose a plan at checkout.`,
  [COMMERCE_CODES.DOWNGRADE_REFUSED]: msg`Downgrades are not available: your plan stays until its end date.`,
  [COMMERCE_CODES.NOT_AN_UPGRADE]: msg`This is your current plan: renew it at checkout.`,
  [COMMERCE_CODES.EXPERIENCE_ALREADY_CLAIMED]: msg`You have already claimed the 3-day trial.`,
  [COMMERCE_CODES.EXPERIENCE_NOT_ELIGIBLE]: msg`The 3-day trial is for members without a paid plan.`,
};

/**
 * The marketing module's business codes (contract/marketing.ts MARKETING_CODES,
 * server/modules/marketing/errors.ts, docs/marketing.md): English word for word as the server's.
 */
export const MARKETING_MESSAGES: Readonly<Record<number, MessageDescriptor>> = {
  [MARKETING_CODES.DISCOUNT_NOT_FOUND]: msg`Discount not found`,
  [MARKETING_CODES.DISCOUNT_NOT_USABLE]: msg`This discount cannot be used on your account now`,
  [MARKETING_CODES.DISCOUNT_PLAN_MISMATCH]: msg`This discount is for another plan or billing cycle`,
  [MARKETING_CODES.DISCOUNT_ALREADY_RECEIVED]: msg`You have already received this discount`,
  [MARKETING_CODES.ACTIVITY_NOT_FOUND]: msg`Activity not found`,
  [MARKETING_CODES.ACTIVITY_NOT_STARTED]: msg`This activity has not started yet`,
  [MARKETING_CODES.ACTIVITY_ENDED]: msg`This activity has ended`,
  [MARKETING_CODES.ACTIVITY_ALREADY_CLAIMED]: msg`You have already claimed this activity's VIP`,
  [MARKETING_CODES.ACTIVITY_SOLD_OUT]: msg`All of this activity's VIP has been claimed`,
  [MARKETING_CODES.INVALID_PHONE]: msg`Please enter a valid phone number`,
};

/** Why a coupon does not apply (spec §8), by its tip code; the minimums carry the amount. */
export const COUPON_TIP_MESSAGES: Readonly<Record<CouponTip, MessageDescriptor | WithAmount>> = {
  invalid: msg`Invalid coupon`,
  unavailable: msg`The coupon is unavailable. Please contact support.`,
  not_yet_effective: msg`The coupon is not yet effective`,
  expired: msg`The coupon has expired`,
  not_applicable_plan: msg`This coupon does not apply to this plan`,
  below_minimum_amount: (min) => msg`This coupon applies to orders of at least US$${min}`,
  below_minimum_percent: (min) => msg`This discount applies to orders of at least US$${min}`,
  cannot_stack: msg`This coupon cannot be used with the current promotion`,
  fully_given_out: msg`The coupons have all been given out. Please contact support.`,
  per_person_limit: msg`You have reached the usage limit for this coupon`,
};

/** The US-dollar amount in a server message ("... US$25. ..."), else its first number. */
function amountIn(serverMsg: string): string | null {
  const match = /US\$\s*(\d[\d,]*(?:\.\d+)?)/.exec(serverMsg) ?? /\d[\d,]*(?:\.\d+)?/.exec(serverMsg);
  if (!match) return null;
  return (match[1] ?? match[0]).replace(/,/g, "");
}

function withAmount(entry: MessageDescriptor | WithAmount, serverMsg: string): string {
  if (typeof entry !== "function") return i18n._(entry);
  const amount = amountIn(serverMsg);
  return amount === null ? serverMsg : i18n._(entry(amount));
}

/** A coupon tip (price-query's `coupon_tip`, 70030's `data.coupon_tip`) in the current language. */
export function couponTipText(tip: { code: string; message: string }): string {
  const entry = COUPON_TIP_MESSAGES[tip.code as CouponTip] as MessageDescriptor | WithAmount | undefined;
  return entry ? withAmount(entry, tip.message) : tip.message;
}

/** A method error (price-query's `method_error`) or any commerce code with its server message. */
export function commerceMessage(code: number, serverMsg: string): string {
  const entry = COMMERCE_MESSAGES[code];
  return entry ? withAmount(entry, serverMsg) : serverMsg;
}

const couponTipOf = (data: unknown): { code: string; message: string } | null => {
  const tip = (data as { couponTip?: { code?: unknown; message?: unknown } } | undefined)?.couponTip;
  if (!tip || typeof tip.code !== "string") return null;
  return { code: tip.code, message: typeof tip.message === "string" ? tip.message : "" };
};

/**
 * The error's text in the current language: the catalog's translation for a known code, the
 * server's own message otherwise (and for a 60024 whose message has no number in it).
 */
export function localizedServerMessage(error: ApiError): string {
  if (error.code === COMMERCE_CODES.COUPON_NOT_APPLICABLE) {
    const tip = couponTipOf(error.data);
    if (tip) return couponTipText(tip);
  }
  if (COMMERCE_MESSAGES[error.code]) return commerceMessage(error.code, error.msg);
  const marketing = MARKETING_MESSAGES[error.code];
  if (marketing) return i18n._(marketing);
  const entry = SERVER_MESSAGES[error.code];
  if (!entry) return error.msg;
  if (typeof entry !== "function") return i18n._(entry);
  const seconds = secondsIn(error.msg);
  return seconds === null ? error.msg : i18n._(entry(seconds));
}
