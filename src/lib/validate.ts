// Input rules of the sign-in forms: trimming, length limits, the mainland mobile and
// e-mail formats, the length of a new password (the server's rule, checked before sending), and
// each field's messages. Messages are descriptors, translated where they are shown, so a form
// re-renders them in a newly chosen language.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** Default input limit. */
export const MAX_INPUT_LENGTH = 140;
/** New passwords are at least 8 characters (the server refuses shorter ones: 60035). */
export const MIN_PASSWORD_LENGTH = 8;
/** Passwords are at most 64 characters (the server refuses longer ones: 60036). */
export const MAX_PASSWORD_LENGTH = 64;

/** Mainland China mobile: 11 digits, 13-19 with the permitted second digits. */
export const PHONE_PATTERN = /^1(3\d|4[5-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;
/** Letters/digits with - _ . separators, @, domain labels, a TLD of 2+ lowercase letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9]+([-_.][A-Za-z0-9]+)*@[A-Za-z0-9]+([-.][A-Za-z0-9]+)*\.[a-z]{2,}$/;

export const isPhone = (value: string): boolean => PHONE_PATTERN.test(value.trim());
export const isEmail = (value: string): boolean =>
  value.trim().length <= MAX_INPUT_LENGTH && EMAIL_PATTERN.test(value.trim());
export const isPhoneOrEmail = (value: string): boolean => isPhone(value) || isEmail(value);

export interface Rule {
  /** Shown when the trimmed value is empty. */
  required: MessageDescriptor;
  /** Shown when the trimmed value fails `test`. */
  format?: { test: (value: string) => boolean; message: MessageDescriptor };
  /** Limits on the trimmed value's length in characters (code points, as the server counts). */
  length?: LengthRule;
}

export interface LengthRule {
  min: number;
  max: number;
  tooShort: MessageDescriptor;
  tooLong: MessageDescriptor;
}

/** A new password (registration, reset): same limits and English messages as the server. */
export const NEW_PASSWORD_LENGTH: LengthRule = {
  min: MIN_PASSWORD_LENGTH,
  max: MAX_PASSWORD_LENGTH,
  tooShort: msg`The password must be at least 8 characters`,
  tooLong: msg`The password must be at most 64 characters`,
};

export const RULES = {
  // Overseas login form
  loginId: {
    required: msg`Enter your mobile number or email address`,
    format: { test: isPhoneOrEmail, message: msg`Mobile number or email format is incorrect` },
  },
  /** Login: whatever the user has (older accounts may predate the length rule). */
  password: { required: msg`Please set your password` },
  registerPassword: { required: msg`Please set your password`, length: NEW_PASSWORD_LENGTH },
  code: { required: msg`Please Enter Code` },
  // Chinese login form
  zhPhone: {
    required: msg`Please enter your mobile number`,
    format: { test: isPhone, message: msg`Incorrect mobile number format` },
  },
  zhCode: { required: msg`Please enter the SMS verification code` },
  zhAccount: {
    required: msg`Please enter your mobile number or email`,
    format: { test: isPhoneOrEmail, message: msg`Incorrect mobile number or email format` },
  },
  zhPassword: { required: msg`Please enter your password` },
  // Reset form
  resetEmail: {
    required: msg`Please enter the email`,
    format: { test: isEmail, message: msg`Please enter the right email` },
  },
  resetCode: { required: msg`Please enter verification code` },
  resetPassword: { required: msg`Please enter the password`, length: NEW_PASSWORD_LENGTH },
  resetConfirm: { required: msg`Please confirm the password` },
} satisfies Record<string, Rule>;

export const ACCOUNT_NOT_REGISTERED = msg`The account is not registered`;
export const PASSWORDS_DIFFER = msg`Two inputs don't match`;

/** The first message the value breaks, or null. The value is checked trimmed. */
export function validate(value: string, rule: Rule): MessageDescriptor | null {
  const trimmed = value.trim();
  if (!trimmed) return rule.required;
  if (rule.format && !rule.format.test(trimmed)) return rule.format.message;
  if (rule.length) {
    const characters = [...trimmed].length;
    if (characters < rule.length.min) return rule.length.tooShort;
    if (characters > rule.length.max) return rule.length.tooLong;
  }
  return null;
}

/** The confirmation of a new password: required, then equal to the (trimmed) password. */
export function validateConfirmation(password: string, confirmation: string): MessageDescriptor | null {
  return (
    validate(confirmation, RULES.resetConfirm) ?? (confirmation.trim() === password.trim() ? null : PASSWORDS_DIFFER)
  );
}

export type FieldErrors<Field extends string> = Partial<Record<Field, MessageDescriptor>>;

/** Drops the fields without a message; the form is valid when the result is empty. */
export function collectErrors<Field extends string>(
  checks: Record<Field, MessageDescriptor | null>,
): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(checks).filter(([, message]) => message !== null)) as FieldErrors<Field>;
}

export const isValid = (errors: FieldErrors<string>): boolean => Object.keys(errors).length === 0;
