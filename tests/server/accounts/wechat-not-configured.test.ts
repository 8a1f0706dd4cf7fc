// Without WECHAT_APP_ID every WeChat route (all that the OpenAPI document lists under the WeChat
// paths) answers 60080 "WeChat sign-in is not configured" as an HTTP 400, before validating the
// request or asking for a session, as Google's routes do without GOOGLE_CLIENT_ID. A half pair
// of keys stops start-up naming the missing variable.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../../server/config";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { rateLimitGroupOf } from "../../../server/plugins/rate-limit";
import { openAuthTestApp, type AuthTestApp } from "../helpers/app";

const ROUTES = [
  ["GET", "/v1/user/third-login/auth/code2Session?code=abc&auth_source=wechat_app"],
  ["GET", "/v1/user/third-login/auth/phoneNumber?code=abc&auth_source=wechat_app&system_id=13&from_system=13"],
  ["POST", "/v1/user/third-login/wx/open-id"],
  ["POST", "/v1/user/third-login/wx/register"],
  ["GET", "/v1/user/third-login/wx/phone-valid"],
  ["POST", "/v1/user/account-valid/wx/bind/phone"],
  ["GET", "/v1/user/third-login/client-id/wechat"],
  ["GET", "/v1/user/third-login/wx/oauth-url"],
  ["POST", "/v1/user/third-login/wx/oauth-login"],
  ["POST", "/v1/user/third-login/app/bind/phone"],
] as const;

let opened: AuthTestApp;

beforeAll(async () => {
  opened = await openAuthTestApp();
});

afterAll(async () => {
  await opened?.close();
});

describe("WeChat without keys", () => {
  it.each(ROUTES)("%s %s answers 'not configured'", async (method, url) => {
    const response = await opened.client.call(method, url, method === "POST" ? { code: "abc" } : undefined, {
      system: 13,
    });
    expect(response.statusCode).toBe(400);
    const { code, msg } = AUTH_ERRORS.WECHAT_NOT_CONFIGURED;
    expect(response.json()).toEqual({ code, msg, data: null });
    expect(msg).toBe("WeChat sign-in is not configured");
  });

  it("lists exactly these WeChat routes in the OpenAPI document", async () => {
    const document = (await opened.app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const wechat = Object.entries(document.paths)
      .filter(([path]) => /\/(wx|wechat|code2Session|phoneNumber|app\/bind)\b/.test(path) && !path.includes("mengla"))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    const listed = ROUTES.map(([method, url]) => `${method} ${url.split("?")[0]}`);
    expect(wechat.sort()).toEqual([...listed].sort());
  });

  it("the sign-in calls share the other logins' rate limit", () => {
    const limited = ROUTES.filter(([method, url]) => rateLimitGroupOf(method, url.split("?")[0]) === "sign-in");
    expect(limited.map(([method, url]) => `${method} ${url.split("?")[0]}`)).toEqual([
      "GET /v1/user/third-login/auth/code2Session",
      "GET /v1/user/third-login/auth/phoneNumber",
      "POST /v1/user/third-login/wx/open-id",
      "POST /v1/user/third-login/wx/register",
      "POST /v1/user/account-valid/wx/bind/phone",
      "POST /v1/user/third-login/wx/oauth-login",
      "POST /v1/user/third-login/app/bind/phone",
    ]);
  });

  it("a half pair of keys stops start-up", () => {
    expect(() => loadConfig({ WECHAT_APP_ID: "wx-only-id" })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHAT_APP_ID: "wx", WECHAT_APP_SECRET: "s", WECHAT_WEB_APP_SECRET: "w" })).toThrow(
      /WECHAT_WEB_APP_ID/,
    );
  });
});
