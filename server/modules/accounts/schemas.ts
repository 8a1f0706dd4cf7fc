// Wire shapes shared by the account routes: the request fields several sign-in routes accept
// (login id, channel, invite code, encrypted password, ...) and the user/login data they answer.
// String fields refuse control characters up front, so odd input is a 400, never a database error.
import { Type, type TString } from "@fastify/type-provider-typebox";
import type { User } from "../../db/schema";

// The spec's default input limit.
export const MAX_INPUT_LENGTH = 140;

/** A string without control characters (PostgreSQL text cannot hold NUL). */
export function Text(maxLength: number = MAX_INPUT_LENGTH, options: { minLength?: number } = {}): TString {
  return Type.String({ maxLength, pattern: "^[^\\u0000-\\u001f\\u007f]*$", ...options });
}

export const LoginIdField = Text();
// Base64 RSA ciphertext (344 characters for 2048-bit keys, 684 for 4096); anything else fails
// decryption with the one generic message rather than a schema error that names the field.
export const EncryptedPassword = Type.String({ maxLength: 1024 });
export const ValidCode = Type.String({ maxLength: 16, pattern: "^[0-9 ]*$" });
export const FromSystem = Type.Integer({ minimum: 13, maximum: 14 });
// The spec passes channel ids as numbers, but scene-decoded ones may be text: any value is
// accepted and non-numeric ones fall back to the default channel (services/accounts.ts).
export const ChannelId = Type.Union([Type.Integer(), Text(64)]);
export const InviteCode = Type.String({ maxLength: 64, pattern: "^[A-Za-z0-9_-]*$" });
export const Language = Type.String({ maxLength: 16, pattern: "^[A-Za-z_-]*$" });
/** Where an OAuth provider (Google, WeChat) sends the browser back. */
export const RedirectUri = Type.String({ maxLength: 2048, pattern: "^https?://[^\\s]+$" });
/** The browser's random nonce binding an OAuth sign-in to it (the app sends 43 base64url characters). */
export const Nonce = Type.String({ minLength: 16, maxLength: 128, pattern: "^[A-Za-z0-9_-]+$" });
/** base64url SHA-256 of that nonce. */
export const NonceHash = Type.String({ pattern: "^[A-Za-z0-9_-]{43}$" });
export const CaptchaKey = Type.String({ maxLength: 128, pattern: "^[A-Za-z0-9_-]*$" });

// Shown unmasked: the owner may see their own e-mail and phone (masking is a display concern).
export const UserInfo = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  language: Type.String(),
  system_id: Type.Integer(),
});

export function toUserInfo(user: User) {
  return {
    user_id: user.id,
    nick_name: user.nickName,
    email: user.email,
    phone: user.phone,
    language: user.language,
    system_id: user.systemId,
  };
}

/** What every login route answers (token, isRegister, nickName, expires, user info). */
export const LoginData = Type.Object({
  token: Type.String(),
  /** Milliseconds until the session expires (604800000 = 7 days by default). */
  expires: Type.Integer(),
  is_register: Type.Boolean(),
  nick_name: Type.String(),
  user_info: UserInfo,
});
