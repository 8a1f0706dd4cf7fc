// The client-side session: cookies written at login and read at boot, and
// logout clearing user info, token, combo info and (overseas edition) the countdown cookies.
import { afterAll, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { configureApi } from "../../../src/api/client";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { getCookie, removeCookie, setCookie } from "../../../src/platform/cookies";
import { activityState, setCurrentComboList } from "../../../src/state/activity";
import { setLocale } from "../../../src/state/system";
import {
  DEFAULT_EXPIRES_MS,
  initUserFromCookies,
  logout,
  removeToken,
  setSession,
  TOKEN_COOKIE,
  USER_INFO_COOKIE,
  userState,
} from "../../../src/state/user";
import { sendJson, startTestServer, type TestServer } from "../helpers/test-server";

let server: TestServer;
let logoutStatus = 200;

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === "/v1/user/logout")
      sendJson(response, logoutStatus, { code: logoutStatus === 200 ? 0 : logoutStatus, data: null });
    else sendJson(response, 404, { code: 404, msg: "", data: null });
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
});

afterAll(() => server.close());

beforeEach(() => {
  for (const name of [TOKEN_COOKIE, USER_INFO_COOKIE, "countDown", "countDownSeconds"]) removeCookie(name);
  removeToken();
  initUserFromCookies();
  logoutStatus = 200;
  setLocale("en");
});

function signIn() {
  setSession({
    token: "tok-1",
    nickName: "Ann",
    isRegister: true,
    expires: 3_600_000,
    userInfo: { userId: 9, nickName: "Ann", email: "ann@example.com", phone: null, language: "en", systemId: 14 },
  });
  setCurrentComboList([{ id: 3, daysToEndTime: 20 }]);
  setCookie("countDown", "9", { days: 1 });
  setCookie("countDownSeconds", "30", { days: 1 });
}

test("a login is kept in the token and authorized-token cookies and restored at boot", () => {
  signIn();
  expect(getCookie(TOKEN_COOKIE)).toBe("tok-1");
  expect(JSON.parse(getCookie(USER_INFO_COOKIE)!)).toMatchObject({
    nickName: "Ann",
    userId: 9,
    email: "ann@example.com",
    expires: 3_600_000,
    isRegister: true,
  });

  Object.assign(userState, { token: "", nickName: "", userId: null, email: null });
  initUserFromCookies();
  expect(userState).toMatchObject({
    token: "tok-1",
    nickName: "Ann",
    userId: 9,
    email: "ann@example.com",
    expires: 3_600_000,
  });
});

test("the session cookies last as long as the session", () => {
  vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z"), toFake: ["Date"] });
  try {
    setSession({ token: "tok-9", expires: 3_600_000 });
    vi.setSystemTime(new Date("2026-01-01T00:59:00Z"));
    expect(getCookie(TOKEN_COOKIE)).toBe("tok-9");
    vi.setSystemTime(new Date("2026-01-01T01:01:00Z"));
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined();
    expect(getCookie(USER_INFO_COOKIE)).toBeUndefined();

    setSession({ token: "tok-10" });
    vi.setSystemTime(new Date("2026-01-07T23:00:00Z"));
    expect(getCookie(TOKEN_COOKIE)).toBe("tok-10");
    vi.setSystemTime(new Date("2026-01-08T02:00:00Z"));
    expect(getCookie(TOKEN_COOKIE)).toBeUndefined();
  } finally {
    vi.useRealTimers();
  }
});

test("a login without expires gets the 7-day default", () => {
  setSession({ token: "tok-2" });
  expect(userState.expires).toBe(DEFAULT_EXPIRES_MS);
  setSession({ token: "tok-3", expires: 0 });
  expect(userState.expires).toBe(DEFAULT_EXPIRES_MS);
});

test("logout revokes the session and clears user info, token, combo and countdown cookies", async () => {
  signIn();
  await logout();
  const request = server.requests.at(-1)!;
  expect(request).toMatchObject({ method: "POST", path: "/v1/user/logout" });
  expect(request.headers.authorization).toBe("tok-1");
  expect(userState).toMatchObject({ token: "", nickName: "", userId: null, isRegister: false });
  expect(getCookie(TOKEN_COOKIE)).toBeUndefined();
  expect(getCookie(USER_INFO_COOKIE)).toBeUndefined();
  expect(activityState.currentCombo).toBeNull();
  expect(getCookie("countDown")).toBeUndefined();
  expect(getCookie("countDownSeconds")).toBeUndefined();
});

test("the Chinese edition keeps the countdown cookies", async () => {
  setLocale("zh");
  signIn();
  await logout();
  expect(userState.token).toBe("");
  expect(getCookie("countDown")).toBe("9");
  expect(getCookie("countDownSeconds")).toBe("30");
});

test("a failing logout call still signs out, without opening the login prompt", async () => {
  logoutStatus = 401;
  signIn();
  await logout();
  expect(userState.token).toBe("");
  expect(userState.loginDialogVisible).toBe(false);
});
