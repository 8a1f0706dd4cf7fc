// The input guard (server/plugins/input-guard.ts): the NUL character anywhere in the input and
// non-finite numbers from the query or path answer a 400 naming the field, on the routes where
// the fuzzer (bench/fuzz.ts) found each as a 500; ordinary values still pass.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openAuthTestApp, type AuthTestApp } from "../helpers/app";
import { uniqueEmail } from "../helpers/auth";

let opened: AuthTestApp;
let token: string;

beforeAll(async () => {
  opened = await openAuthTestApp();
  token = (await opened.client.registerEmail(uniqueEmail("guard"), "Secret-pass-1")).data.token;
});
afterAll(() => opened.close());

async function call(method: "GET" | "POST" | "DELETE", url: string, payload?: unknown) {
  return opened.app.inject({
    method,
    url,
    headers: {
      "system-id": "14",
      authorization: token,
      ...(payload === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe("non-finite numbers in the query or path", () => {
  it.each([
    ["GET", "/v1/user/subscriptions/list?page=1&page_size=1e999", "querystring/page_size"],
    ["GET", "/v1/user/subscriptions/list?page=Infinity&page_size=20", "querystring/page"],
    ["DELETE", "/v1/user/credit-cards/-1e999", "params/id"],
    ["GET", "/api/v1/rank/goods?size=1e999", "querystring/size"],
  ] as const)("%s %s is a 400 naming %s", async (method, url, field) => {
    const response = await call(method, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: `${field} must be a finite number`, data: null });
  });
});

describe("the NUL character", () => {
  it.each([
    ["GET", "/v1/user/combo/combo-status/%00", undefined, "params/id"],
    ["GET", "/api/v1/tikmeta/portal/user/receive/%2Fetc%2Fpasswd%00.png", undefined, "params/code"],
    ["GET", "/api/v1/tikmeta/portal/user/queryActivity?code=%00", undefined, "querystring/code"],
    ["DELETE", "/api/v1/push/subscription", { endpoint: "\u0000" }, "body/endpoint"],
    [
      "POST",
      "/v1/user/subscription-monitor/card-error",
      { code: "123456", message: "declined", stage: "payment", method: "a\u0000b" },
      "body/method",
    ],
  ] as const)("%s %s is a 400 naming %s", async (method, url, payload, field) => {
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: `${field} must not contain the NUL character`, data: null });
  });
});

describe("ordinary input", () => {
  it("passes: numbers in range and text in any script", async () => {
    expect((await call("GET", "/v1/user/subscriptions/list?page=1&page_size=20")).json()).toMatchObject({ code: 0 });
    const receive = await call("GET", `/api/v1/tikmeta/portal/user/receive/${encodeURIComponent("สวัสดี👍")}`);
    expect(receive.statusCode).not.toBe(500);
    expect(receive.json().msg).not.toMatch(/NUL|finite/);
  });
});
