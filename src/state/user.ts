// User store: the session (token in cookie "token", user info as JSON in cookie
// "authorized-token", both host-only unless COOKIE_DOMAIN is configured, for the session's
// lifetime: see platform/cookies.ts), the referral of
// the visit (invite code, channel) and the account-related UI flags (login prompt, captcha
// dialog, previous page, IP region, Google check, notice).
import { proxy, useSnapshot } from "valtio";
import { storeSubscription, useStoreValue } from "./select";
import type { LoginData } from "../api/auth";
import * as userApi from "../api/user";
import type { CurrentUser } from "../api/user";
import type { IpRegion } from "../api/portal";
import { getCookie, removeCookie, setCookie } from "../platform/cookies";
import { decodeScene } from "../lib/scene";
import { clearUserDataCaches } from "../lib/sw-messages";
import { clearCombo } from "./activity";
import { systemState } from "./system";

export { TOKEN_COOKIE } from "../../contract/cookies";
import { TOKEN_COOKIE } from "../../contract/cookies";
import { COUNTDOWN_COOKIES, COUNTDOWN_DATE_COOKIE, INVITE_CODE_SECONDS } from "../../contract/marketing";
export const USER_INFO_COOKIE = "authorized-token";
/** Token lifetime when the login response gives none (also the cookies' lifetime). */
export const DEFAULT_EXPIRES_MS = 604_800_000;
/** The invite code of the link the visitor came from, kept 30 days (contract INVITE_CODE_SECONDS). */
export const INVITE_CODE_COOKIE = "invite-code";
/** The key a solved captcha earned, sent with the next logins for a day. */
export const CAPTCHA_KEY_COOKIE = "recaptcha-key";
/** Default channel id. */
export const DEFAULT_CHANNEL_ID = 1;
/** What the server accepts as an invite code; anything else in a link is ignored. */
const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** What is kept in the authorized-token cookie. */
export interface UserInfo {
  userId: number | string | null;
  nickName: string;
  email: string | null;
  phone: string | null;
  language: string;
  expires: number;
  isRegister: boolean;
}

const anonymousInfo = (): UserInfo => ({
  userId: null,
  nickName: "",
  email: null,
  phone: null,
  language: "",
  expires: DEFAULT_EXPIRES_MS,
  isRegister: false,
});

export const userState = proxy({
  token: "",
  ...anonymousInfo(),
  openid: "",
  inviteCode: "",
  channelId: "",
  loginDialogVisible: false,
  captchaVisible: false,
  previousPage: "",
  ipInfo: null as IpRegion | null,
  googleCheck: false,
  noticeVisible: false,
});

function readUserInfoCookie(): Partial<UserInfo> {
  try {
    return JSON.parse(getCookie(USER_INFO_COOKIE) ?? "{}") as Partial<UserInfo>;
  } catch {
    return {};
  }
}

/** The session cookies live as long as the session: `expires` ms after login. */
const sessionCookieLifetime = () => ({ seconds: Math.round(userState.expires / 1000) });

function persistUserInfo(): void {
  const { userId, nickName, email, phone, language, expires, isRegister } = userState;
  const info: UserInfo = { userId, nickName, email, phone, language, expires, isRegister };
  setCookie(USER_INFO_COOKIE, JSON.stringify(info), sessionCookieLifetime());
}

/** Boot: restore the session and the invite code from cookies. */
export function initUserFromCookies(): void {
  userState.token = getCookie(TOKEN_COOKIE) ?? "";
  Object.assign(userState, anonymousInfo(), userState.token ? readUserInfoCookie() : {});
  userState.inviteCode = getCookie(INVITE_CODE_COOKIE) ?? "";
}

/** Stores a successful login: token and user info in the store and the session cookies. */
export function setSession(login: LoginData): void {
  const info = login.userInfo;
  Object.assign(userState, {
    token: login.token,
    expires: login.expires && login.expires > 0 ? login.expires : DEFAULT_EXPIRES_MS,
    nickName: login.nickName ?? info?.nickName ?? "",
    isRegister: login.isRegister ?? false,
    userId: info?.userId ?? null,
    email: info?.email ?? null,
    phone: info?.phone ?? null,
    language: info?.language ?? "",
  });
  setCookie(TOKEN_COOKIE, login.token, sessionCookieLifetime());
  persistUserInfo();
}

export function applyCurrentUser(user: CurrentUser): void {
  Object.assign(userState, {
    userId: user.userId,
    nickName: user.nickName,
    email: user.email,
    phone: user.phone,
    language: user.language,
  });
  persistUserInfo();
}

/** The session is invalid (401): forget the token so the next calls go out anonymous. */
export function removeToken(): void {
  userState.token = "";
  removeCookie(TOKEN_COOKIE);
}

function clearUserInfo(): void {
  Object.assign(userState, anonymousInfo());
  removeCookie(USER_INFO_COOKIE);
}

/**
 * Revokes the session (server failure ignored) and clears user info, token and combo info, and
 * the service worker's signed-in data caches (no account's lists are shown to the next user).
 */
export async function logout(): Promise<void> {
  await userApi.logout().catch(() => undefined);
  clearUserInfo();
  removeToken();
  clearCombo();
  if (systemState.systemId === 14) [...COUNTDOWN_COOKIES, COUNTDOWN_DATE_COOKIE].forEach(removeCookie);
  await clearUserDataCaches();
}

export function openLoginDialog(): void {
  userState.loginDialogVisible = true;
}

export function hideLoginDialog(): void {
  userState.loginDialogVisible = false;
}

/** Keeps the invite code and channel of a scene query; absent keys change nothing. */
export function applySceneQuery(search: string): void {
  const { inviteCode, channelId } = decodeScene(search);
  if (INVITE_CODE_PATTERN.test(inviteCode)) {
    userState.inviteCode = inviteCode;
    setCookie(INVITE_CODE_COOKIE, inviteCode, { seconds: INVITE_CODE_SECONDS });
  }
  if (channelId) userState.channelId = channelId;
}

/** What sign-ups send along: the invite code, and the scene's channel id when numeric, else the default. */
export const currentReferral = (): { inviteCode: string; channelId: number } => ({
  inviteCode: userState.inviteCode,
  channelId: /^\d{1,9}$/.test(userState.channelId) ? Number(userState.channelId) : DEFAULT_CHANNEL_ID,
});

export function openCaptcha(): void {
  userState.captchaVisible = true;
}

export function closeCaptcha(): void {
  userState.captchaVisible = false;
}

export function saveCaptchaKey(key: string): void {
  setCookie(CAPTCHA_KEY_COOKIE, key, { days: 1 });
}

export const captchaKey = (): string | undefined => getCookie(CAPTCHA_KEY_COOKIE) || undefined;

export function setPreviousPage(href: string): void {
  userState.previousPage = href;
}

export function setIpInfo(info: IpRegion): void {
  userState.ipInfo = info;
}

export function raiseGoogleCheck(): void {
  userState.googleCheck = true;
}

export function hideGoogleCheck(): void {
  userState.googleCheck = false;
}

const userChanges = storeSubscription(userState);
export const useToken = (): string => useStoreValue(userChanges, () => userState.token);
export const useLoginDialogVisible = (): boolean => useStoreValue(userChanges, () => userState.loginDialogVisible);
export const useNickName = (): string => useStoreValue(userChanges, () => userState.nickName);
export const useCaptchaVisible = (): boolean => useStoreValue(userChanges, () => userState.captchaVisible);
export const useGoogleCheck = (): boolean => useStoreValue(userChanges, () => userState.googleCheck);

/** The signed-in account's contact (for the masked display on the Me page). */
export function useAccount(): { email: string | null; phone: string | null } {
  const { email, phone } = useSnapshot(userState);
  return { email, phone };
}
