// @vitest-environment node
// The API client against a real local HTTP server: headers, key-case conversion,
// envelope unwrapping, time-out and every entry of the error catalogue.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { i18n } from "@lingui/core";
import { ApiError, createApiClient, type ApiRequestOptions, type UiEffects } from "../../../src/api/client";
import { INVALID_RESPONSE, NO_RESPONSE } from "../../../src/api/errors";
import type { SystemId } from "../../../src/i18n/edition";
import type { Locale } from "../../../src/i18n/locales";
import { rateLimitMessage } from "../../../server/plugins/rate-limit";
import { sendJson, startTestServer, type TestServer } from "../helpers/test-server";

/** Routes of the fake API: path -> [HTTP status, body]. */
const REPLIES: Record<string, [number, unknown]> = {
  "/ok": [
    200,
    { code: 0, msg: "success", data: { user_id: 7, nick_name: "Ann", combo_list: [{ days_to_end_time: 3 }] } },
  ],
  "/code-401": [200, { code: 401, msg: "token expired", data: null }],
  "/http-401": [401, { code: 10001, msg: "unauthorized", data: null }],
  "/http-503": [503, { code: 503, msg: "unavailable", data: null }],
  "/http-429": [429, { code: 429, msg: rateLimitMessage(42), data: null }],
  "/http-500-html": [500, "<html>oops</html>"],
  "/code-60003": [200, { code: 60003, msg: "limit", data: null }],
  "/code-60056": [200, { code: 60056, msg: "Coupon expired", data: null }],
  "/code-403": [200, { code: 403, msg: "Forbidden by plan", data: null }],
  "/http-403": [403, { code: 1, msg: "No access", data: null }],
  "/code-801": [200, { code: 801, msg: "", data: null }],
  "/code-802": [200, { code: 802, msg: "", data: null }],
  "/code-803": [200, { code: 803, msg: "", data: null }],
  // The data service's plan limits: HTTP 403 carrying the business code.
  "/http-403-801": [403, { code: 801, msg: "Usage has been used up today", data: null }],
  "/http-403-802": [
    403,
    { code: 802, msg: "You have used free access to Search, please upgrade your memberships.", data: null },
  ],
  "/http-403-803": [403, { code: 803, msg: "Insufficient permissions", data: null }],
  "/code-60078": [200, { code: 60078, msg: "google check", data: null }],
  "/code-12345": [200, { code: 12345, msg: "something else", data: null }],
  "/not-envelope": [200, "<!doctype html><title>app</title>"],
};

let server: TestServer;
let effects: string[];
let context: { locale: Locale; systemId: SystemId; token: string | undefined };

const recordingEffects: UiEffects = {
  removeToken: () => effects.push("removeToken"),
  openLoginDialog: () => effects.push("openLoginDialog"),
  toast: (message) => effects.push(`toast:${message}`),
  raiseUpgradeCheck: (code) => effects.push(`upgradeCheck:${code}`),
  raiseGoogleCheck: () => effects.push("googleCheck"),
};

const client = (baseURL = server.url, timeout = 2_000) =>
  createApiClient({
    baseURL,
    timeout,
    context: { locale: () => context.locale, systemId: () => context.systemId, token: () => context.token },
    uiEffects: recordingEffects,
  });

async function failure(path: string, options?: ApiRequestOptions, request = client()): Promise<ApiError> {
  const error = await request(path, options).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeAll(async () => {
  i18n.loadAndActivate({ locale: "en", messages: {} });
  server = await startTestServer((request, response) => {
    if (request.path === "/echo")
      return sendJson(response, 200, { code: 0, data: { query: request.query.toString(), body: request.rawBody } });
    if (request.path === "/never") return; // keeps the connection open: the client must time out
    const [status, body] = REPLIES[request.path] ?? [404, { code: 404, msg: "no route", data: null }];
    if (typeof body === "string") {
      response.writeHead(status, { "content-type": "text/html" });
      response.end(body);
    } else sendJson(response, status, body);
  });
});

afterAll(() => server.close());

beforeEach(() => {
  effects = [];
  context = { locale: "en", systemId: 14, token: "tok-123" };
});

describe("request headers", () => {
  test("English overseas edition with a session", async () => {
    await client()("/ok");
    const { headers } = server.requests.at(-1)!;
    expect(headers["x-language"]).toBe("en");
    expect(headers["system-id"]).toBe("14");
    expect(headers["authorization"]).toBe("tok-123");
    expect(headers["client-ver"]).toBe("0.1.0");
  });

  test("Chinese edition sends zh_CN and 13", async () => {
    context = { locale: "zh", systemId: 13, token: "tok-zh" };
    await client()("/ok");
    const { headers } = server.requests.at(-1)!;
    expect(headers["x-language"]).toBe("zh_CN");
    expect(headers["system-id"]).toBe("13");
    expect(headers["authorization"]).toBe("tok-zh");
  });

  test("no authorization header without a token; other locales pass through", async () => {
    context = { locale: "th", systemId: 14, token: undefined };
    await client()("/ok");
    const { headers } = server.requests.at(-1)!;
    expect(headers).not.toHaveProperty("authorization");
    expect(headers["x-language"]).toBe("th");
  });
});

describe("payloads", () => {
  test("returns data with camelCase keys, deeply", async () => {
    await expect(client()("/ok")).resolves.toEqual({ userId: 7, nickName: "Ann", comboList: [{ daysToEndTime: 3 }] });
  });

  test("sends query and JSON body keys in snake_case, deeply", async () => {
    const echoed = await client()<{ query: string; body: string }>("/echo", {
      method: "POST",
      query: { systemId: 14, pageNo: 2 },
      body: { loginId: "a@b.c", answerList: [{ questionId: 1, optionDesc: "x" }], nested: { channelId: 1 } },
    });
    expect(echoed.query).toBe("system_id=14&page_no=2");
    expect(JSON.parse(echoed.body)).toEqual({
      login_id: "a@b.c",
      answer_list: [{ question_id: 1, option_desc: "x" }],
      nested: { channel_id: 1 },
    });
  });

  test("leaves FormData bodies alone", async () => {
    const form = new FormData();
    form.append("camelField", "value");
    const echoed = await client()<{ body: string }>("/echo", { method: "POST", body: form });
    expect(echoed.body).toContain('name="camelField"');
  });
});

describe("error catalogue", () => {
  test("code 401 removes the token and opens the login dialog", async () => {
    const error = await failure("/code-401");
    expect(error).toMatchObject({ code: 401, msg: "token expired", status: 200 });
    expect(effects).toEqual(["removeToken", "openLoginDialog"]);
  });

  test("HTTP 401 does the same whatever the body code", async () => {
    const error = await failure("/http-401");
    expect(error).toMatchObject({ code: 10001, status: 401 });
    expect(effects).toEqual(["removeToken", "openLoginDialog"]);
  });

  test("HTTP 5xx toasts the status", async () => {
    expect(await failure("/http-503")).toMatchObject({ status: 503 });
    expect(await failure("/http-500-html")).toMatchObject({ code: 500, status: 500 });
    expect(effects).toEqual(["toast:Network connection error (503)", "toast:Network connection error (500)"]);
  });

  test("HTTP 429 toasts the rate-limit message with its seconds", async () => {
    expect(await failure("/http-429")).toMatchObject({ code: 429, status: 429, handled: true });
    expect(effects).toEqual([`toast:${rateLimitMessage(42)}`]);
  });

  test("no response at all toasts a network error", async () => {
    const closed = await startTestServer(() => undefined);
    const url = closed.url;
    await closed.close();
    const error = await failure("/ok", {}, client(url));
    expect(error).toMatchObject({ code: NO_RESPONSE, status: 0 });
    expect(effects).toEqual(["toast:Network connection error"]);
  });

  test("a request past the time-out fails as a network error", async () => {
    const started = Date.now();
    const error = await failure("/never", {}, client(server.url, 150));
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(error).toMatchObject({ code: NO_RESPONSE, status: 0 });
    expect(effects).toEqual(["toast:Network connection error"]);
  });

  test("60003 toasts the monitor limit", async () => {
    await failure("/code-60003");
    expect(effects).toEqual(["toast:The number of monitored accounts has reached the limit"]);
  });

  test("60056, code 403 and HTTP 403 toast the server's message", async () => {
    await failure("/code-60056");
    await failure("/code-403");
    await failure("/http-403");
    expect(effects).toEqual(["toast:Coupon expired", "toast:Forbidden by plan", "toast:No access"]);
  });

  test.each([801, 802, 803])("%i raises the upgrade check when logged in, else the login dialog", async (code) => {
    await failure(`/code-${code}`);
    context.token = undefined;
    await failure(`/code-${code}`);
    expect(effects).toEqual([`upgradeCheck:${code}`, "openLoginDialog"]);
  });

  test.each([801, 802, 803])(
    "%i sent with HTTP 403 (the data service) still raises the upgrade check, not a toast",
    async (code) => {
      await failure(`/http-403-${code}`);
      context.token = undefined;
      await failure(`/http-403-${code}`);
      expect(effects).toEqual([`upgradeCheck:${code}`, "openLoginDialog"]);
    },
  );

  test("60078 raises the Google check unless silenced for e-mail login", async () => {
    await failure("/code-60078");
    await failure("/code-60078", { silentGoogleCheck: true });
    expect(effects).toEqual(["googleCheck"]);
  });

  test("silent requests fail without any effect", async () => {
    for (const path of ["/code-401", "/http-503", "/code-60003", "/code-801", "/code-60078"]) {
      await failure(path, { silent: true });
    }
    const closed = await startTestServer(() => undefined);
    await closed.close();
    await failure("/ok", { silent: true }, client(closed.url));
    expect(effects).toEqual([]);
  });

  test("other codes reject with code and message, without effects", async () => {
    expect(await failure("/code-12345")).toMatchObject({
      code: 12345,
      msg: "something else",
      status: 200,
      handled: false,
    });
    expect(effects).toEqual([]);
  });

  test("an error says whether the catalogue showed something, so callers do not show it twice", async () => {
    expect(await failure("/code-60056")).toMatchObject({ handled: true });
    expect(await failure("/code-60078")).toMatchObject({ handled: true });
    expect(await failure("/code-60078", { silentGoogleCheck: true })).toMatchObject({ handled: false });
    expect(await failure("/http-503", { silent: true })).toMatchObject({ handled: false });
  });

  test("extra headers go along, but never replace the common ones", async () => {
    await client()("/ok", { headers: { "x-valid-code-scene": "login", "system-id": "99" } });
    const { headers } = server.requests.at(-1)!;
    expect(headers["x-valid-code-scene"]).toBe("login");
    expect(headers["system-id"]).toBe("14");
  });

  test("a 2xx answer that is not an envelope is an invalid response", async () => {
    expect(await failure("/not-envelope")).toMatchObject({ code: INVALID_RESPONSE, status: 200 });
    expect(effects).toEqual([]);
  });
});
