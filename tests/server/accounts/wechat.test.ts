// WeChat sign-in against a local stand-in of WeChat's server APIs (node:http on 127.0.0.1 that
// answers their documented shapes: sns/jscode2session, cgi-bin/token,
// wxa/business/getuserphonenumber, sns/oauth2/access_token, sns/userinfo, with errcode 40029
// for invalid codes, 45011 for the rate limit, -1 for busy). The spec's flow: getWxOpenId of a
// new WeChat account creates nothing and says not registered; the phone code is exchanged for
// a number; registerByWx registers (or binds the phone's account); getWxOpenId then signs in and
// the bind check says phoneValid. Also the web OAuth in WeChat's browser (nonce-bound state,
// SMS code to bind a phone), tickets that cannot be forged, and logs free of codes, openids and
// phone numbers.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashNonce } from "../../../server/adapters/google";
import type { Database } from "../../../server/db/client";
import { memberships, userEvents, users, wechatAccounts } from "../../../server/db/schema";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { AuthClient, testClock, uniqueEmail, uniquePhone, type LoginDataBody } from "../helpers/auth";
import { captureLogs, openTestApp } from "../helpers/app";

const APP_ID = "wx-test-mini";
const SECRET = "mini-secret";
/** The official account of web OAuth (WECHAT_WEB_APP_ID): its openids differ from the mini program's. */
const WEB_APP_ID = "wx-test-web";
const WEB_SECRET = "web-secret";
const NONCE = "browser-nonce-0123456789abcdefghijklmnopq";

interface WechatLogin {
  is_register: boolean;
  code2_session_resp: { openid: string };
  token?: string;
  user_info?: { user_id: number; phone: string | null };
}

let database: Database;
let app: FastifyInstance;
let client: AuthClient;
let server: Server;
const logs = captureLogs();
/** Every request the stand-in saw (path and query), to check what reached WeChat. */
const seen: URL[] = [];
let tokenFetches = 0;
/** The access token WeChat currently accepts (a new fetch replaces it, as WeChat's does). */
let validToken = "";

/** "ok_<openid>[_<unionid>]" is a good code; a few words stand for WeChat's documented errors. */
function loginAnswer(code: string | null): object {
  if (code === "invalid") return { errcode: 40029, errmsg: "invalid code" };
  if (code === "limited") return { errcode: 45011, errmsg: "api minute-quota reach limit" };
  if (code === "busy") return { errcode: -1, errmsg: "system error" };
  const [kind, openid, unionid] = (code ?? "").split("_");
  if (kind !== "ok" || !openid) return { errcode: 40029, errmsg: "invalid code" };
  return { openid, session_key: "session-key", ...(unionid ? { unionid } : {}) };
}

function phoneAnswer(code: string): object {
  if (code === "invalid" || code === "limited" || code === "busy") return loginAnswer(code);
  const [kind, number, country = "86"] = code.split("_");
  if (kind !== "phone") return loginAnswer("invalid");
  const watermark = { timestamp: 1637744274, appid: APP_ID };
  return {
    errcode: 0,
    errmsg: "ok",
    phone_info: { phoneNumber: number, purePhoneNumber: number, countryCode: country, watermark },
  };
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = "";
  for await (const chunk of request) body += String(chunk);
  return body;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", "http://wechat.test");
      seen.push(url);
      const query = url.searchParams;
      // jscode2session answers text/plain, as WeChat's does.
      response.setHeader("content-type", "text/plain");
      const answer = (body: object) => response.end(JSON.stringify(body));
      const appOk = query.get("appid") === APP_ID && query.get("secret") === SECRET;
      if (url.pathname === "/sns/jscode2session") {
        if (!appOk || query.get("grant_type") !== "authorization_code") return answer({ errcode: 40013 });
        return answer(loginAnswer(query.get("js_code")));
      }
      if (url.pathname === "/cgi-bin/token") {
        tokenFetches += 1;
        if (!appOk || query.get("grant_type") !== "client_credential") return answer({ errcode: 40013 });
        validToken = `access-token-${tokenFetches}`;
        return answer({ access_token: validToken, expires_in: 7200 });
      }
      if (url.pathname === "/wxa/business/getuserphonenumber" && request.method === "POST") {
        if (query.get("access_token") !== validToken) return answer({ errcode: 40001, errmsg: "invalid credential" });
        const { code } = JSON.parse(await readBody(request)) as { code: string };
        return answer(phoneAnswer(code));
      }
      if (url.pathname === "/sns/oauth2/access_token") {
        if (query.get("appid") !== WEB_APP_ID || query.get("secret") !== WEB_SECRET) return answer({ errcode: 40013 });
        const grant = loginAnswer(query.get("code")) as { openid?: string };
        if (!grant.openid) return answer(grant);
        return answer({ ...grant, access_token: `web-${grant.openid}`, expires_in: 7200, scope: "snsapi_userinfo" });
      }
      if (url.pathname === "/sns/userinfo") {
        const openid = query.get("openid");
        if (query.get("access_token") !== `web-${openid}`) return answer({ errcode: 40001 });
        return answer({ openid, nickname: "微信用户", sex: 0, headimgurl: "", privilege: [] });
      }
      response.statusCode = 404;
      response.end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  ({ database, app } = await openTestApp({
    now: testClock().now,
    logStream: logs,
    env: {
      LOG_LEVEL: "info",
      WECHAT_APP_ID: APP_ID,
      WECHAT_APP_SECRET: SECRET,
      WECHAT_WEB_APP_ID: WEB_APP_ID,
      WECHAT_WEB_APP_SECRET: WEB_SECRET,
      WECHAT_API_BASE: base,
    },
  }));
  client = new AuthClient(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const zh = { system: 13 as const };

const getWxOpenId = (code: string, extras: object = {}) =>
  client.json<WechatLogin>(
    "POST",
    "/v1/user/third-login/wx/open-id",
    { code, auth_source: "wechat_app", system_id: 13, ...extras },
    zh,
  );

const phoneNumber = (code: string) =>
  client.json<{ phone_info: { phone_number: string }; phone_ticket: string }>(
    "GET",
    `/v1/user/third-login/auth/phoneNumber?code=${code}&auth_source=wechat_app&system_id=13&from_system=13`,
    undefined,
    zh,
  );

const registerByWx = (openId: string, phone: string, phoneTicket: string) =>
  client.json<LoginDataBody>(
    "POST",
    "/v1/user/third-login/wx/register",
    {
      open_id: openId,
      auth_source: "wechat_app",
      login_id: phone,
      system_id: 13,
      from_system: 13,
      phone,
      phone_ticket: phoneTicket,
    },
    zh,
  );

const bindingsOf = async (openid: string) =>
  database.db.select().from(wechatAccounts).where(eq(wechatAccounts.openid, openid));

describe("mini program: the spec's flow", () => {
  it("a new WeChat account: not registered, nothing created; phone code; registerByWx; then signed in", async () => {
    const [{ before }] = await database.db.select({ before: count() }).from(users);
    const first = await getWxOpenId("ok_openidNew1", { invite_code: "WXFRIEND", channel_id: 7 });
    expect(first).toMatchObject({ code: 0, data: { is_register: false } });
    expect(first.data.token).toBeUndefined();
    expect(first.data.code2_session_resp.openid).not.toContain("openidNew1");
    const [{ after }] = await database.db.select({ after: count() }).from(users);
    expect(after).toBe(before);
    expect(await bindingsOf("openidNew1")).toEqual([]);

    const phone = uniquePhone();
    const exchanged = await phoneNumber(`phone_${phone}`);
    expect(exchanged).toMatchObject({ code: 0, data: { phone_info: { phone_number: phone } } });

    const registered = await registerByWx(first.data.code2_session_resp.openid, phone, exchanged.data.phone_ticket);
    expect(registered).toMatchObject({ code: 0, data: { is_register: true, user_info: { phone, system_id: 13 } } });
    const userId = registered.data.user_info.user_id;
    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ inviteCode: "WXFRIEND", channelId: 7, language: "zh" });
    expect(await bindingsOf("openidNew1")).toMatchObject([{ userId, appId: APP_ID }]);
    const events = await database.db.select().from(userEvents).where(eq(userEvents.userId, userId));
    expect(events).toMatchObject([{ event: "signup", payload: { method: "wechat", channel_id: 7 } }]);
    expect(await database.db.select().from(memberships).where(eq(memberships.userId, userId))).toMatchObject([
      { source: "trial", plan: "basic" },
    ]);

    const again = await getWxOpenId("ok_openidNew1");
    expect(again).toMatchObject({ code: 0, data: { is_register: true, user_info: { user_id: userId } } });
    const me = await client.json("GET", "/v1/user/accounts/current-user", undefined, {
      ...zh,
      token: again.data.token,
    });
    expect(me).toMatchObject({ code: 0, data: { user_id: userId } });

    const check = await client.json("GET", "/v1/user/third-login/wx/phone-valid", undefined, {
      ...zh,
      token: again.data.token,
    });
    expect(check).toMatchObject({ code: 0, data: { phone_valid: true, wechat_bound: true } });
  });

  it("registerByWx binds the account that already has the phone (no second account)", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, zh);
    const smsLogin = await client.json<LoginDataBody>(
      "POST",
      "/v1/user/activity/phone/code/register-login",
      { phone_number: phone, valid_code: code, from_system: 13 },
      zh,
    );
    const first = await getWxOpenId("ok_openidBind2");
    const exchanged = await phoneNumber(`phone_${phone}`);
    const bound = await registerByWx(first.data.code2_session_resp.openid, phone, exchanged.data.phone_ticket);
    expect(bound).toMatchObject({
      code: 0,
      data: { is_register: false, user_info: { user_id: smsLogin.data.user_info.user_id } },
    });
    expect(await bindingsOf("openidBind2")).toMatchObject([{ userId: smsLogin.data.user_info.user_id }]);
  });

  it("refuses a phone other than the one WeChat vouched for, and forged tickets", async () => {
    const first = await getWxOpenId("ok_openidForge3");
    const exchanged = await phoneNumber(`phone_${uniquePhone()}`);
    const other = await registerByWx(first.data.code2_session_resp.openid, uniquePhone(), exchanged.data.phone_ticket);
    expect(other).toMatchObject({ code: AUTH_ERRORS.WECHAT_TICKET_INVALID.code });
    const phone = exchanged.data.phone_info.phone_number;
    const forged = await registerByWx("eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl", phone, exchanged.data.phone_ticket);
    expect(forged).toMatchObject({ code: AUTH_ERRORS.WECHAT_TICKET_INVALID.code });
    // A phone ticket is no account ticket.
    const swapped = await registerByWx(exchanged.data.phone_ticket, phone, exchanged.data.phone_ticket);
    expect(swapped).toMatchObject({ code: AUTH_ERRORS.WECHAT_TICKET_INVALID.code });
    expect(await bindingsOf("openidForge3")).toEqual([]);
  });

  it("a number outside mainland China is refused as a bad phone", async () => {
    const foreign = await phoneNumber("phone_5129000386_1");
    expect(foreign).toMatchObject({ code: AUTH_ERRORS.INVALID_PHONE.code });
  });
});

describe("WeChat's errors become ours, never a 500", () => {
  const cases = [
    ["invalid", 400, AUTH_ERRORS.WECHAT_CODE_INVALID.code],
    ["limited", 429, AUTH_ERRORS.WECHAT_RATE_LIMITED.code],
    ["busy", 502, AUTH_ERRORS.WECHAT_UNAVAILABLE.code],
  ] as const;

  it.each(cases)("login code %s", async (code, status, errorCode) => {
    const response = await client.call(
      "GET",
      `/v1/user/third-login/auth/code2Session?code=${code}&auth_source=wechat_app`,
      undefined,
      zh,
    );
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ code: errorCode });
    const open = await client.call("POST", "/v1/user/third-login/wx/open-id", { code }, zh);
    expect([open.statusCode, open.json().code]).toEqual([status, errorCode]);
  });

  it.each(cases)("phone code %s", async (code, status, errorCode) => {
    const response = await client.call("GET", `/v1/user/third-login/auth/phoneNumber?code=${code}`, undefined, zh);
    expect([response.statusCode, response.json().code]).toEqual([status, errorCode]);
  });

  it("fetches the access token once and reuses it", () => {
    expect(tokenFetches).toBe(1);
  });

  it("fetches a new access token once when WeChat calls the cached one invalid (40001)", async () => {
    // Another server fetched a token meanwhile: WeChat no longer accepts ours.
    validToken = "taken-by-another-server";
    const phone = uniquePhone();
    expect(await phoneNumber(`phone_${phone}`)).toMatchObject({
      code: 0,
      data: { phone_info: { phone_number: phone } },
    });
    expect(tokenFetches).toBe(2);
  });
});

describe("web OAuth in WeChat's browser", () => {
  const redirectUri = "http://localhost:3000/auth?via=wechat";

  async function startOauth(): Promise<string> {
    const url = await client.json<string>(
      "GET",
      `/v1/user/third-login/wx/oauth-url?redirect_uri=${encodeURIComponent(redirectUri)}&nonce_hash=${hashNonce(NONCE)}&channel_id=5`,
      undefined,
      zh,
    );
    expect(url.code).toBe(0);
    const authorize = new URL(url.data);
    expect(authorize.origin + authorize.pathname).toBe("https://open.weixin.qq.com/connect/oauth2/authorize");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      appid: WEB_APP_ID,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: "snsapi_userinfo",
    });
    expect(authorize.hash).toBe("#wechat_redirect");
    return authorize.searchParams.get("state") ?? "";
  }

  const oauthLogin = (code: string, state: string, nonce = NONCE) =>
    client.json<WechatLogin>("POST", "/v1/user/third-login/wx/oauth-login", { code, state, nonce }, zh);

  it("a new WeChat account binds a phone by SMS code, then signs in directly", async () => {
    const state = await startOauth();
    const first = await oauthLogin("ok_webOpenid4", state);
    expect(first).toMatchObject({ code: 0, data: { is_register: false } });

    const phone = uniquePhone();
    const code = await client.code(phone, zh);
    const bound = await client.json<LoginDataBody>(
      "POST",
      "/v1/user/third-login/app/bind/phone",
      { open_id: first.data.code2_session_resp.openid, phone_number: phone, valid_code: code, from_system: 13 },
      zh,
    );
    expect(bound).toMatchObject({ code: 0, data: { is_register: true, nick_name: "微信用户", user_info: { phone } } });
    const [user] = await database.db.select().from(users).where(eq(users.phone, phone));
    expect(user.channelId).toBe(5);

    const again = await oauthLogin("ok_webOpenid4", await startOauth());
    expect(again).toMatchObject({ code: 0, data: { is_register: true, user_info: { user_id: user.id } } });
  });

  it("refuses a return whose nonce is not this browser's, before the code reaches WeChat", async () => {
    const state = await startOauth();
    const exchanges = seen.length;
    const foreign = await oauthLogin("ok_webOpenid5", state, "another-browser-nonce-0123456789");
    expect(foreign).toMatchObject({ code: AUTH_ERRORS.WECHAT_NONCE_INVALID.code });
    expect(seen.length).toBe(exchanges);
    const forged = await oauthLogin("ok_webOpenid5", "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl");
    expect(forged).toMatchObject({ code: AUTH_ERRORS.WECHAT_TICKET_INVALID.code });
  });

  it("the unionid finds the account another app of the open platform bound", async () => {
    const phone = uniquePhone();
    const mini = await getWxOpenId("ok_miniOpenid6_union6");
    const registered = await registerByWx(
      mini.data.code2_session_resp.openid,
      phone,
      (await phoneNumber(`phone_${phone}`)).data.phone_ticket,
    );
    expect(registered.code).toBe(0);
    // The stand-in answers sns/userinfo without a unionid; the grant carries it.
    const web = await oauthLogin("ok_webOpenid6_union6", await startOauth());
    const userId = registered.data.user_info.user_id;
    expect(web).toMatchObject({ data: { is_register: true, user_info: { user_id: userId } } });
    expect(await bindingsOf("webOpenid6")).toMatchObject([{ userId, appId: WEB_APP_ID, unionid: "union6" }]);
  });
});

describe("a signed-in account binds a phone by WeChat's phone code", () => {
  it("sets the phone; another account's phone is refused", async () => {
    const registered = await client.registerEmail(uniqueEmail("wx"), "Correct-Horse-9");
    const token = registered.data.token;
    const before = await client.json("GET", "/v1/user/third-login/wx/phone-valid", undefined, { token });
    expect(before).toMatchObject({ code: 0, data: { phone_valid: false, wechat_bound: false } });

    const phone = uniquePhone();
    const bound = await client.json(
      "POST",
      "/v1/user/account-valid/wx/bind/phone",
      { code: `phone_${phone}` },
      { token },
    );
    expect(bound).toMatchObject({ code: 0, data: { phone_valid: true } });
    const [user] = await database.db.select().from(users).where(eq(users.id, registered.data.user_info.user_id));
    expect(user.phone).toBe(phone);

    const other = await client.registerEmail(uniqueEmail("wx"), "Correct-Horse-9");
    const taken = await client.json(
      "POST",
      "/v1/user/account-valid/wx/bind/phone",
      { code: `phone_${phone}` },
      { token: other.data.token },
    );
    expect(taken).toMatchObject({ code: AUTH_ERRORS.PHONE_TAKEN.code });
  });

  it("needs a session", async () => {
    const response = await client.call("GET", "/v1/user/third-login/wx/phone-valid");
    expect(response.statusCode).toBe(401);
  });
});

describe("logs", () => {
  it("never carry WeChat codes, openids or phone numbers", () => {
    const text = logs.lines.join("\n");
    expect(logs.lines.length).toBeGreaterThan(10);
    for (const secret of ["openidNew1", "webOpenid4", "union6", "ok_", "phone_", "access-token-"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/\b139\d{8}\b/);
  });
});
