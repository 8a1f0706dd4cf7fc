// 1,000 random malformed requests across every account route: wrong types, missing and extra
// fields, huge and control-character strings, broken JSON, odd content types. None may
// produce a 5xx, and the server must still be healthy afterwards. Seeded, so a failure
// replays: the seed is in the test name.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { openTestApp } from "../helpers/app";

const SEED = Number(process.env.FUZZ_SEED ?? 20260603);
const REQUESTS = 1_000;

const ROUTES: Array<{ method: "GET" | "POST"; url: string; fields: string[] }> = [
  {
    method: "POST",
    url: "/v1/user/ocean/sms/valid-code",
    fields: ["login_id", "event_type", "from_system", "language"],
  },
  {
    method: "POST",
    url: "/v1/user/activity/phone/code/register-login",
    fields: ["phone_number", "valid_code", "from_system", "channel_id", "invite_code"],
  },
  {
    method: "POST",
    url: "/v1/user/ocean/phone/password/login-auth",
    fields: ["from_system", "login_id", "password", "login_type", "channel_id", "recaptcha_key"],
  },
  {
    method: "POST",
    url: "/v1/user/ocean/phone/password/update",
    fields: ["login_id", "valid_code", "password", "old_password", "from_system", "recaptcha_key"],
  },
  { method: "GET", url: "/v1/user/ocean/exist-user/", fields: ["account", "from_system"] },
  {
    method: "POST",
    url: "/v1/user/ocean/email/code/register",
    fields: ["from_system", "email", "valid_code", "password", "channel_id", "invite_code"],
  },
  { method: "GET", url: "/v1/user/ocean/public-key", fields: [] },
  { method: "GET", url: "/v1/user/ocean/recaptcha/challenge", fields: [] },
  { method: "POST", url: "/v1/user/ocean/recaptcha/validate", fields: ["recaptcha_token"] },
  {
    method: "POST",
    url: "/v1/user/third-login/id-token/google",
    fields: ["client_id", "id_token", "source", "invite_code", "system_id", "channel_id"],
  },
  { method: "GET", url: "/v1/user/third-login/client-id/google", fields: ["system_id"] },
  { method: "GET", url: "/v1/user/third-login/url/google", fields: ["system_id", "redirect_uri", "invite_code"] },
  { method: "POST", url: "/v1/user/third-login/code-auth/google", fields: ["code", "redirect_uri", "state"] },
  { method: "GET", url: "/v1/user/mengla/wechat/qrcode", fields: [] },
  { method: "GET", url: "/v1/user/mengla/wechat/addStatus", fields: [] },
  { method: "POST", url: "/v1/user/third-login/app/qrcode", fields: [] },
  { method: "POST", url: "/v1/user/third-login/app/qrcode/check", fields: ["ticket"] },
  { method: "POST", url: "/v1/user/third-login/app/qrcode/confirm", fields: ["ticket"] },
  { method: "GET", url: "/v1/user/accounts/current-combo", fields: ["system_id"] },
  { method: "GET", url: "/__dev/outbox", fields: ["to"] },
];

// mulberry32: small, seedable, good enough to pick shapes.
function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  ({ database, app } = await openTestApp({
    env: { GOOGLE_CLIENT_ID: "fuzz.apps.googleusercontent.com", GOOGLE_JWKS_URL: "http://127.0.0.1:9/certs" },
  }));
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

it(`answers ${REQUESTS} malformed requests without a 5xx (seed ${SEED})`, async () => {
  const random = rng(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const strings = [
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\u001b[31m",
    "13800138000",
    "free@shopradar.demo",
    "'; DROP TABLE users; --",
    "%00%ff",
    "\ud800",
    "😀".repeat(50),
    "x".repeat(10_000),
    "1".repeat(300),
    "../../etc/passwd",
    "<script>alert(1)</script>",
    "eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.",
    "AAAA",
    "=".repeat(40),
    "null",
    "NaN",
  ];
  const value = (depth = 0): unknown => {
    switch (Math.floor(random() * (depth > 2 ? 6 : 9))) {
      case 0:
        return pick(strings);
      case 1:
        return Math.floor(random() * 2 ** 40) - 2 ** 39;
      case 2:
        return pick([0, -1, 2, 5, 10, 13, 14, 1e308, -0, 0.5, Number.MAX_SAFE_INTEGER + 2]);
      case 3:
        return pick([true, false, null]);
      case 4:
        return String(Math.floor(random() * 1_000_000)).padStart(6, "0");
      case 5:
        return random().toString(36);
      case 6:
        return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      case 7:
        return { __proto__: { admin: true }, nested: value(depth + 1) };
      default:
        return Object.fromEntries(
          Array.from({ length: Math.floor(random() * 3) }, () => [pick(strings).slice(0, 20), value(depth + 1)]),
        );
    }
  };

  const statuses = new Map<number, number>();
  for (let i = 0; i < REQUESTS; i += 1) {
    const route = pick(ROUTES);
    const fields: Record<string, unknown> = {};
    for (const field of route.fields) if (random() < 0.7) fields[field] = value();
    if (random() < 0.2) fields[pick(strings).slice(0, 30) || "extra"] = value();
    const headers: Record<string, string> = { "system-id": pick(["13", "14", "14", "0", "", "abc"]) };
    if (random() < 0.2)
      headers.authorization = `Bearer ${pick(strings)
        .replace(/[^\x20-\x7e]/g, "")
        .slice(0, 600)}`;
    if (random() < 0.3) headers["x-language"] = pick(["zh_CN", "vi", "xx", "", "th-TH"]);

    let url = route.url;
    let payload: string | undefined;
    if (route.method === "GET") {
      const query = new URLSearchParams(
        Object.entries(fields).map(([key, item]) => [key, typeof item === "string" ? item : JSON.stringify(item)]),
      );
      url = `${url}?${query.toString().slice(0, 8000)}`;
    } else {
      const shape = random();
      if (shape < 0.7) {
        payload = JSON.stringify(fields);
        headers["content-type"] = "application/json";
      } else if (shape < 0.8) {
        payload = JSON.stringify(fields).slice(0, Math.floor(random() * 40));
        headers["content-type"] = "application/json";
      } else if (shape < 0.9) {
        payload = JSON.stringify(value());
        headers["content-type"] = "application/json";
      } else {
        payload = "login_id=a&password=b";
        headers["content-type"] = pick([
          "application/x-www-form-urlencoded",
          "text/plain",
          "application/json; charset=utf-16",
        ]);
      }
    }
    const response = await app.inject({
      method: route.method,
      url,
      headers,
      payload,
      remoteAddress: `10.9.${i >> 8}.${i & 255}`,
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    if (response.statusCode >= 500) {
      throw new Error(
        `${route.method} ${url.slice(0, 200)} with ${String(payload).slice(0, 300)} → ${response.statusCode} ${response.body}`,
      );
    }
  }
  // Mostly refusals, of course; a few random bodies are even valid.
  expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
  expect(statuses.get(400)).toBeGreaterThan(REQUESTS / 2);

  const ready = await app.inject({ method: "GET", url: "/readyz" });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({ status: "ok", database: "ok" });
});
