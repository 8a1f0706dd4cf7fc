// User store: the session (token in cookie "token", user info as JSON in cookie
// "authorized-token", both 7 days on the parent domain) and the account-related UI flags
// (login prompt, previous page, IP region, Google check, notice). Spec §3, §4, §9.
import { proxy, useSnapshot } from "valtio";
import * as userApi from "../api/user";
import type { CurrentUser } from "../api/user";
import type { IpRegion } from "../api/portal";
import { getCookie, removeCookie, setCookie } from "../lib/cookies";
import { clearCombo } from "./activity";
import { systemState } from "./system";

export const TOKEN_COOKIE = "token";
export const USER_INFO_COOKIE = "authorized-token";
/** Countdown cookies of the overseas discount drawer, cleared on logout (spec §4). */
export const COUNTDOWN_COOKIES = ["countDown", "countDownSeconds"] as const;
export const SESSION_COOKIE_DAYS = 7;
/** Spec §9: token lifetime when the login response gives none. */
export const DEFAULT_EXPIRES_MS = 604_800_000;

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

export interface LoginResult {
  token: string;
  expires?: number;
  nickName?: string;
  isRegister?: boolean;
  userId?: number | string;
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

function persistUserInfo(): void {
  const { userId, nickName, email, phone, language, expires, isRegister } = userState;
  const info: UserInfo = { userId, nickName, email, phone, language, expires, isRegister };
  setCookie(USER_INFO_COOKIE, JSON.stringify(info), { days: SESSION_COOKIE_DAYS });
}

/** Boot: restore the session from cookies. */
export function initUserFromCookies(): void {
  userState.token = getCookie(TOKEN_COOKIE) ?? "";
  Object.assign(userState, anonymousInfo(), userState.token ? readUserInfoCookie() : {});
}

/** Stores a successful login (the login issue calls this). */
export function setSession(login: LoginResult): void {
  userState.token = login.token;
  userState.expires = login.expires && login.expires > 0 ? login.expires : DEFAULT_EXPIRES_MS;
  userState.nickName = login.nickName ?? "";
  userState.isRegister = login.isRegister ?? false;
  userState.userId = login.userId ?? null;
  setCookie(TOKEN_COOKIE, login.token, { days: SESSION_COOKIE_DAYS });
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

/** Revokes the session (server failure ignored) and clears user info, token and combo info. */
export async function logout(): Promise<void> {
  await userApi.logout().catch(() => undefined);
  clearUserInfo();
  removeToken();
  clearCombo();
  if (systemState.systemId === 14) COUNTDOWN_COOKIES.forEach(removeCookie);
}

export function openLoginDialog(): void {
  userState.loginDialogVisible = true;
}

export function hideLoginDialog(): void {
  userState.loginDialogVisible = false;
}

export function setPreviousPage(href: string): void {
  userState.previousPage = href;
}

export function setIpInfo(info: IpRegion): void {
  userState.ipInfo = info;
}

export function raiseGoogleCheck(): void {
  userState.googleCheck = true;
}

export const useToken = (): string => useSnapshot(userState).token;
export const useLoginDialogVisible = (): boolean => useSnapshot(userState).loginDialogVisible;
export const useNickName = (): string => useSnapshot(userState).nickName;
