// Sign-in API group (auth group): verification codes, the Chinese phone-code and
// password logins, overseas e-mail registration and account check, password reset, Google's
// redirect flow, WeChat's web OAuth (with its phone binding) and the captcha key. Passwords
// leave the browser only encrypted with the server's public key (fetched once per session).
import { encryptPassword } from "../lib/crypto";
import { isEmail } from "../lib/validate";
import type { SystemId } from "../i18n/edition";
import type { Locale } from "../i18n/locales";
import { api } from "./client";
import type { CurrentUser } from "./user";

/** What every login answers. */
export interface LoginData {
  token: string;
  /** Session lifetime in ms. */
  expires?: number;
  isRegister?: boolean;
  nickName?: string;
  userInfo?: CurrentUser;
}

/** Login type 2 is password. */
const PASSWORD_LOGIN_TYPE = 2;
/** Verification-code event type per edition (5 Chinese, 10 overseas). */
const EVENT_TYPE: Record<SystemId, 5 | 10> = { 13: 5, 14: 10 };

let publicKey: Promise<string> | undefined;

/** The server's RSA public key, fetched once per session (a failed fetch is retried next time). */
function serverPublicKey(): Promise<string> {
  publicKey ??= api<{ publicKey: string }>("/v1/user/ocean/public-key").then(
    (data) => data.publicKey,
    (error: unknown) => {
      publicKey = undefined;
      throw error;
    },
  );
  return publicKey;
}

/** Passwords are trimmed, then encrypted. */
const encrypted = async (password: string) => encryptPassword(await serverPublicKey(), password.trim());

/** Which flow a code is for; sent in the extra header of the valid-code path. */
export type CodeScene = "login" | "register" | "reset";

export interface SendCodeInput {
  loginId: string;
  scene: CodeScene;
  systemId: SystemId;
  locale: Locale;
}

export const sendValidCode = ({ loginId, scene, systemId, locale }: SendCodeInput): Promise<unknown> =>
  api("/v1/user/ocean/sms/valid-code", {
    method: "POST",
    headers: { "x-valid-code-scene": scene },
    body: { loginId, eventType: EVENT_TYPE[systemId], fromSystem: systemId, language: locale === "zh" ? "zh" : "en" },
  });

export interface Referral {
  channelId: number;
  inviteCode: string;
}

/** Chinese edition: phone + SMS code logs in, or registers and logs in. */
export const phoneCodeLogin = (input: { phoneNumber: string; validCode: string } & Referral): Promise<LoginData> =>
  api<LoginData>("/v1/user/activity/phone/code/register-login", {
    method: "POST",
    body: { ...input, fromSystem: 13, inviteCode: input.inviteCode || undefined },
  });

export interface PasswordLoginInput {
  loginId: string;
  password: string;
  systemId: SystemId;
  channelId: number;
  recaptchaKey?: string;
}

/** Account (phone or e-mail) + password; e-mail logins ignore the Google check. */
export const passwordLogin = async ({
  loginId,
  password,
  systemId,
  channelId,
  recaptchaKey,
}: PasswordLoginInput): Promise<LoginData> =>
  api<LoginData>("/v1/user/ocean/phone/password/login-auth", {
    method: "POST",
    body: {
      fromSystem: systemId,
      loginId,
      password: await encrypted(password),
      loginType: PASSWORD_LOGIN_TYPE,
      channelId,
      recaptchaKey,
    },
    silentGoogleCheck: isEmail(loginId),
  });

/** Sets a new password with a verification code (reset). */
export const resetPassword = async (input: {
  loginId: string;
  validCode: string;
  password: string;
  systemId: SystemId;
}): Promise<unknown> =>
  api("/v1/user/ocean/phone/password/update", {
    method: "POST",
    body: {
      fromSystem: input.systemId,
      loginId: input.loginId,
      validCode: input.validCode,
      password: await encrypted(input.password),
    },
  });

/** Whether an account exists for a login id (overseas login on blur, and reset before sending a code). */
export const accountExists = (account: string, systemId: SystemId = 14): Promise<boolean> =>
  api<boolean>("/v1/user/ocean/exist-user/", { query: { account, fromSystem: systemId }, silent: true }).then(Boolean);

/** Overseas: e-mail + code + password registration, which also logs in. */
export const emailRegister = async (
  input: { email: string; validCode: string; password: string } & Referral,
): Promise<LoginData> =>
  api<LoginData>("/v1/user/ocean/email/code/register", {
    method: "POST",
    body: {
      ...input,
      fromSystem: 14,
      password: await encrypted(input.password),
      inviteCode: input.inviteCode || undefined,
    },
    silentGoogleCheck: true,
  });

/** The Google client id; fails when Google sign-in is not configured. Silent: the page says so. */
export const googleClientId = (): Promise<string> =>
  api<{ clientId: string }>("/v1/user/third-login/client-id/google", { query: { systemId: 14 }, silent: true }).then(
    (data) => data.clientId,
  );

/** The Google authorization page to send the browser to (redirect flow; `nonceHash`: see lib/google-nonce.ts). */
export const googleAuthUrl = (input: { redirectUri: string; nonceHash: string } & Referral): Promise<string> =>
  api<string>("/v1/user/third-login/url/google", {
    query: {
      systemId: 14,
      redirectUri: input.redirectUri,
      nonceHash: input.nonceHash,
      inviteCode: input.inviteCode || undefined,
      channelId: input.channelId,
    },
  });

/** Back from Google with ?code&state: exchanges them (and this browser's nonce) for a login. */
export const googleCodeAuth = (input: {
  code: string;
  state: string;
  redirectUri: string;
  nonce: string;
}): Promise<LoginData> =>
  api<LoginData>("/v1/user/third-login/code-auth/google", { method: "POST", query: { systemId: 14 }, body: input });

/** The WeChat app ids; fails when WeChat sign-in is not configured. Silent: the page hides the option. */
export const wechatAppIds = (): Promise<{ appId: string; webAppId: string }> =>
  api<{ appId: string; webAppId: string }>("/v1/user/third-login/client-id/wechat", {
    query: { systemId: 13 },
    silent: true,
  });

/** WeChat's authorization page for the web OAuth in WeChat's browser (`nonceHash`: lib/google-nonce.ts). */
export const wechatAuthUrl = (input: { redirectUri: string; nonceHash: string } & Referral): Promise<string> =>
  api<string>("/v1/user/third-login/wx/oauth-url", {
    query: {
      systemId: 13,
      redirectUri: input.redirectUri,
      nonceHash: input.nonceHash,
      inviteCode: input.inviteCode || undefined,
      channelId: input.channelId,
    },
  });

/**
 * A WeChat sign-in's answer: isRegister true means the WeChat account has an account and the
 * login data (token, ...) is here; false means a phone must be bound first, with the ticket
 * code2SessionResp.openid.
 */
export interface WechatLogin extends Partial<LoginData> {
  isRegister: boolean;
  code2SessionResp: { openid: string };
}

/** Back from WeChat with ?code&state: exchanges them (and this browser's nonce). */
export const wechatOauthLogin = (input: { code: string; state: string; nonce: string }): Promise<WechatLogin> =>
  api<WechatLogin>("/v1/user/third-login/wx/oauth-login", { method: "POST", body: input });

/** A WeChat account without one binds a phone proved by SMS code: registers or binds, and logs in. */
export const wechatBindPhone = (input: {
  openId: string;
  phoneNumber: string;
  validCode: string;
}): Promise<LoginData> =>
  api<LoginData>("/v1/user/third-login/app/bind/phone", { method: "POST", body: { ...input, fromSystem: 13 } });

export interface CaptchaResult {
  success: boolean;
  recaptchaKey: string | null;
}

/** Trades a solved captcha for a key valid one day; failures are silent. */
export const validateCaptcha = (payload: string): Promise<CaptchaResult> =>
  api<CaptchaResult>("/v1/user/ocean/recaptcha/validate", {
    method: "POST",
    body: { recaptchaToken: payload },
    silent: true,
  });
