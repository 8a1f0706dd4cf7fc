// Login ids as the spec defines them: a mainland-China mobile number (11 digits,
// 13-19 prefix) or an e-mail address. Normalised here once (trimmed, e-mail lower-cased) so
// lookups, code bindings and rate limits all agree on one spelling.
import { authError } from "../errors";

export type LoginIdKind = "phone" | "email";

export interface LoginId {
  kind: LoginIdKind;
  value: string;
}

const PHONE = /^1[3-9]\d{9}$/;
// Letters/digits with - _ . separators, @, domain labels, TLD of 2+ letters.
const EMAIL = /^[a-z0-9]+(?:[-_.+][a-z0-9]+)*@[a-z0-9]+(?:[-.][a-z0-9]+)*\.[a-z]{2,}$/;
const MAX_EMAIL_LENGTH = 140;

export function normalizePhone(raw: string): string | null {
  const value = raw.trim().replace(/^\+?86[\s-]?/, "");
  return PHONE.test(value) ? value : null;
}

export function normalizeEmail(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value) ? value : null;
}

/** Phone or e-mail; throws INVALID_LOGIN_ID otherwise. */
export function parseLoginId(raw: string): LoginId {
  const phone = normalizePhone(raw);
  if (phone) return { kind: "phone", value: phone };
  const email = normalizeEmail(raw);
  if (email) return { kind: "email", value: email };
  throw authError("INVALID_LOGIN_ID");
}

export function parsePhone(raw: string): string {
  const phone = normalizePhone(raw);
  if (!phone) throw authError("INVALID_PHONE");
  return phone;
}

export function parseEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (!email) throw authError("INVALID_EMAIL");
  return email;
}
