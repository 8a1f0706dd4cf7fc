// App start: the scene query is kept; the IP region and the discounts (English or Chinese
// variant by language) are loaded off the home page only; with a session the user info and plan are refreshed (a 401 there removes the token
// and opens the login prompt), and in the Chinese edition a user who must add the support
// contact is sent to /customerValid.
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { configureApi } from "../../../src/api/client";
import { bindApiToStores } from "../../../src/boot/api-bindings";
import { startApp } from "../../../src/boot/app-start";
import { getCookie, removeCookie } from "../../../src/platform/cookies";
import { activityState } from "../../../src/state/activity";
import { setLocale } from "../../../src/state/system";
import { hideLoginDialog, INVITE_CODE_COOKIE, removeToken, userState } from "../../../src/state/user";
import { sendJson, startTestServer, type TestServer } from "../helpers/test-server";

let server: TestServer;
let currentUserStatus = 200;
let mustAddContact = false;
let navigations: string[] = [];
const navigate = (to: string) => void navigations.push(to);

beforeAll(async () => {
  server = await startTestServer((request, response) => {
    if (request.path === "/v1/user/mengla/wechat/qrcode")
      return sendJson(response, 200, { code: 0, data: { status: mustAddContact } });
    if (request.path === "/v1/user/accounts/current-combo")
      return sendJson(response, 200, { code: 0, data: [{ id: 8, plan: "pro" }] });
    if (request.path === "/v1/user/charge/marketing/list/anonymous/pay-discounts")
      return sendJson(response, 200, { code: 0, data: [] });
    if (request.path === "/v1/portal/ip2region")
      return sendJson(response, 200, { code: 0, data: { country: "VN", city_name: "Hanoi" } });
    if (request.path === "/v1/user/accounts/current-user") {
      return currentUserStatus === 200
        ? sendJson(response, 200, {
            code: 0,
            data: { user_id: 5, nick_name: "Binh", email: "b@example.com", phone: null, language: "vi", system_id: 14 },
          })
        : sendJson(response, currentUserStatus, { code: currentUserStatus, msg: "expired", data: null });
    }
    sendJson(response, 404, { code: 404, msg: "", data: null });
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
});

afterAll(() => server.close());

beforeEach(() => {
  server.requests.splice(0);
  removeToken();
  hideLoginDialog();
  Object.assign(userState, { ipInfo: null, nickName: "" });
  currentUserStatus = 200;
  mustAddContact = false;
  navigations = [];
  setLocale("vi");
});

const paths = () => server.requests.map((request) => request.path);

test("home: no IP lookup and, anonymous, no user call", async () => {
  await startApp("/", "", navigate);
  await startApp("/pages/tab/index/index", "", navigate);
  await startApp("/home", "", navigate);
  expect(paths()).toEqual([]);
});

test("another page looks up the IP region with the system id and loads the discounts", async () => {
  await startApp("/rank", "", navigate);
  expect(paths().sort()).toEqual(["/v1/portal/ip2region", "/v1/user/charge/marketing/list/anonymous/pay-discounts"]);
  const region = server.requests.find((request) => request.path === "/v1/portal/ip2region")!;
  expect(region.query.get("system_id")).toBe("14");
  const discounts = server.requests.find((request) => request.path.endsWith("pay-discounts"))!;
  expect(discounts.query.get("marketing_type")).toBe("5");
  server.requests.splice(0);
  setLocale("zh");
  await startApp("/rank", "", navigate);
  expect(server.requests.find((request) => request.path.endsWith("pay-discounts"))?.query.get("marketing_type")).toBe(
    "6",
  );
  expect(userState.ipInfo).toEqual({ country: "VN", cityName: "Hanoi" });
});

test("with a token the user info and the current plan are refreshed", async () => {
  userState.token = "tok";
  await startApp("/", "", navigate);
  expect(paths().sort()).toEqual(["/v1/user/accounts/current-combo", "/v1/user/accounts/current-user"]);
  expect(userState).toMatchObject({ nickName: "Binh", userId: 5, email: "b@example.com", language: "vi" });
  expect(activityState.currentCombo).toEqual({ id: 8, plan: "pro" });
});

test("a scene query's invite code (kept 30 days) and channel are remembered", async () => {
  removeCookie(INVITE_CODE_COOKIE);
  await startApp("/", "?ic=FRIEND7&cid=12&mid=3", navigate);
  expect(userState).toMatchObject({ inviteCode: "FRIEND7", channelId: "12" });
  expect(getCookie(INVITE_CODE_COOKIE)).toBe("FRIEND7");
  await startApp("/", "?ic=<script>", navigate);
  expect(userState.inviteCode).toBe("FRIEND7");
});

test("a 401 on the user call removes the token and opens the login prompt", async () => {
  userState.token = "stale";
  currentUserStatus = 401;
  await startApp("/", "", navigate);
  expect(userState.token).toBe("");
  expect(userState.loginDialogVisible).toBe(true);
});

test("Chinese edition: a user who must add the support contact is sent to /customerValid, then back", async () => {
  setLocale("zh");
  userState.token = "tok";
  mustAddContact = true;
  await startApp("/rank", "?type=videos", navigate);
  expect(navigations).toEqual(["/customerValid?fromWebsite=%2Frank%3Ftype%3Dvideos"]);
  navigations = [];
  await startApp("/customerValid", "", navigate);
  await startApp("/login", "", navigate);
  expect(navigations).toEqual([]);
  mustAddContact = false;
  await startApp("/rank", "", navigate);
  expect(navigations).toEqual([]);
});

test("the overseas edition never asks about the support contact", async () => {
  userState.token = "tok";
  mustAddContact = true;
  await startApp("/rank", "", navigate);
  expect(paths()).not.toContain("/v1/user/mengla/wechat/qrcode");
  expect(navigations).toEqual([]);
});
