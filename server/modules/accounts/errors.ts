// The account service's error catalogue: every stable business code a sign-in flow can answer,
// with its HTTP status and English message, in one table so docs/auth.md and the client's
// error handling have a single source. HTTP 401 is kept for "no valid session" alone, because
// the client opens the login dialog on any 401; a wrong password on the login page is a 400.
import { DomainError, errorFrom, type ErrorEntry } from "../../lib/domain-error";

export const AUTH_ERRORS = {
  // Input
  INVALID_LOGIN_ID: { status: 400, code: 60010, msg: "Mobile number or email format is incorrect" },
  INVALID_PHONE: { status: 400, code: 60011, msg: "Mobile number format is incorrect" },
  INVALID_EMAIL: { status: 400, code: 60012, msg: "Please enter the right email" },
  // Verification codes
  CODE_REQUIRED: { status: 400, code: 60020, msg: "Please enter verification code" },
  CODE_WRONG: { status: 400, code: 60021, msg: "Incorrect verification code" },
  CODE_EXPIRED: { status: 400, code: 60022, msg: "The verification code has expired. Please request a new one." },
  CODE_BURNED: { status: 400, code: 60023, msg: "Too many wrong attempts. Please request a new verification code." },
  // msg gets the seconds left: see resendTooSoon().
  CODE_RESEND_TOO_SOON: {
    status: 429,
    code: 60024,
    msg: "Please wait {seconds} seconds before requesting another code",
  },
  CODE_TOO_MANY_SENDS: {
    status: 429,
    code: 60025,
    msg: "Too many verification codes requested. Please try again in an hour.",
  },
  CODE_IP_LIMIT: {
    status: 429,
    code: 60026,
    msg: "Too many verification codes requested from this network. Please try again later.",
  },
  CODE_DAILY_LIMIT: {
    status: 429,
    code: 60028,
    msg: "Too many verification codes requested today. Please try again tomorrow.",
  },
  CODE_LOCKED: {
    status: 429,
    code: 60029,
    msg: "Too many wrong verification codes. Please try again in 24 hours.",
  },
  CHANNEL_UNAVAILABLE: {
    status: 400,
    code: 60027,
    msg: "Text messages cannot be sent at the moment. Please use your email address.",
  },
  EMAIL_UNAVAILABLE: {
    status: 400,
    code: 60038,
    msg: "Verification codes cannot be sent by e-mail on this server at the moment. Please contact support.",
  },
  // Accounts and passwords
  ACCOUNT_EXISTS: { status: 409, code: 60030, msg: "This account is already registered. Please log in." },
  ACCOUNT_NOT_REGISTERED: { status: 400, code: 60031, msg: "The account is not registered" },
  WRONG_PASSWORD: { status: 400, code: 60032, msg: "Incorrect account or password" },
  PASSWORD_UNREADABLE: {
    status: 400,
    code: 60033,
    msg: "The password could not be read. Please refresh the page and try again.",
  },
  PASSWORD_REQUIRED: { status: 400, code: 60034, msg: "Please set your password" },
  PASSWORD_TOO_SHORT: { status: 400, code: 60035, msg: "The password must be at least 8 characters" },
  PASSWORD_TOO_LONG: { status: 400, code: 60036, msg: "The password must be at most 64 characters" },
  PASSWORD_COMMON: {
    status: 400,
    code: 60037,
    msg: "This password is too common. Please choose a less predictable one.",
  },
  TOO_MANY_ATTEMPTS: { status: 429, code: 60040, msg: "Too many failed attempts. Please try again in an hour." },
  // Human verification and the Google check (codes fixed by the spec's client)
  CAPTCHA_REQUIRED: { status: 400, code: 60077, msg: "Human verification required" },
  GOOGLE_CHECK: {
    status: 400,
    code: 60078,
    msg: "This account signs in with Google. Continue with Google, or set a password with Forgot password.",
  },
  // Google sign-in
  GOOGLE_NOT_CONFIGURED: { status: 400, code: 60050, msg: "Google sign-in is not configured" },
  GOOGLE_TOKEN_INVALID: { status: 400, code: 60051, msg: "Google sign-in failed. Please try again." },
  GOOGLE_STATE_INVALID: { status: 400, code: 60052, msg: "The Google sign-in link has expired. Please try again." },
  GOOGLE_UNAVAILABLE: {
    status: 502,
    code: 60053,
    msg: "Google sign-in is unavailable right now. Please try again later.",
  },
  UNSUPPORTED_PROVIDER: { status: 400, code: 60054, msg: "Unsupported sign-in provider" },
  GOOGLE_NONCE_INVALID: {
    status: 400,
    code: 60055,
    msg: "This Google sign-in was not started in this browser. Please try again.",
  },
  // WeChat sign-in (WeChat's own errcodes become these: 40029/40163 the first, 45011 the second)
  WECHAT_NOT_CONFIGURED: { status: 400, code: 60080, msg: "WeChat sign-in is not configured" },
  WECHAT_CODE_INVALID: {
    status: 400,
    code: 60081,
    msg: "The WeChat authorization has expired or was already used. Please try again.",
  },
  WECHAT_RATE_LIMITED: {
    status: 429,
    code: 60082,
    msg: "WeChat is receiving too many sign-in requests. Please try again in a minute.",
  },
  WECHAT_UNAVAILABLE: {
    status: 502,
    code: 60083,
    msg: "WeChat sign-in is unavailable right now. Please try again later.",
  },
  WECHAT_TICKET_INVALID: { status: 400, code: 60084, msg: "This WeChat sign-in has expired. Please start again." },
  WECHAT_ALREADY_BOUND: {
    status: 409,
    code: 60085,
    msg: "This account is already bound to another WeChat account.",
  },
  WECHAT_NONCE_INVALID: {
    status: 400,
    code: 60086,
    msg: "This WeChat sign-in was not started in this browser. Please try again.",
  },
  PHONE_TAKEN: { status: 409, code: 60087, msg: "This mobile number is already bound to another account." },
  // QR-code login
  QR_TICKET_INVALID: { status: 400, code: 60060, msg: "This QR code has expired. Please refresh it and scan again." },
} as const satisfies Record<string, ErrorEntry>;

export type AuthErrorName = keyof typeof AUTH_ERRORS;

export function authError(name: AuthErrorName): DomainError {
  return errorFrom(AUTH_ERRORS[name]);
}

export function resendTooSoon(seconds: number): DomainError {
  const { status, code, msg } = AUTH_ERRORS.CODE_RESEND_TOO_SOON;
  return new DomainError(code, msg.replace("{seconds}", String(seconds)), status);
}
