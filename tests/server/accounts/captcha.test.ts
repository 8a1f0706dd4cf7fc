// Human verification and brute-force limits: after 5 failed logins for one id within 15
// minutes the next login needs a captcha key (60077); the key comes from a real ALTCHA
// proof-of-work solved here with altcha-lib, once per challenge; a key covers 5 more failures;
// 100 failures per hour per account lock password login whatever the IP.
import type { Challenge } from "altcha-lib";
import { afterAll, describe, expect, it } from "vitest";
import { loginFailures } from "../../../server/db/schema";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { uniqueEmail } from "../helpers/auth";
import { openAuthTestApp } from "../helpers/app";

// A small counter keeps the real proof-of-work quick in tests.
const { database, app, client, clock, close } = await openAuthTestApp({ CAPTCHA_MAX_COUNTER: "40" });
afterAll(close);

/** The widget's payload, and what the challenge route answers with it. */
async function solvedPayload(): Promise<string> {
  const response = await app.inject({ method: "GET", url: "/v1/user/ocean/recaptcha/challenge" });
  // Never cached (the security headers make it "private, no-store" like every /v1/user answer).
  expect(response.headers["cache-control"]).toMatch(/\bno-store\b/);
  expect(response.json<Challenge>().parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 1000 });
  return client.solvedCaptchaPayload();
}

function validate(token: string) {
  return client.json<{ success: boolean; recaptcha_key: string | null }>("POST", "/v1/user/ocean/recaptcha/validate", {
    recaptcha_token: token,
  });
}

async function failLogins(email: string, times: number, extras: object = {}) {
  for (let i = 0; i < times; i += 1) {
    expect(await client.passwordLogin(email, "wrong password 0", extras)).toMatchObject({
      code: AUTH_ERRORS.WRONG_PASSWORD.code,
    });
  }
}

describe("POST /v1/user/ocean/recaptcha/validate", () => {
  it("exchanges a solved challenge for a key, once", async () => {
    const payload = await solvedPayload();
    const first = await validate(payload);
    expect(first.data.success).toBe(true);
    expect(first.data.recaptcha_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await validate(payload)).toEqual({ code: 0, msg: "success", data: { success: false, recaptcha_key: null } });
  });

  it("refuses tampered, unsolved and malformed payloads", async () => {
    const payload = JSON.parse(Buffer.from(await solvedPayload(), "base64").toString()) as {
      challenge: Challenge;
      solution: { counter: number; derivedKey: string };
    };
    const tamper = (change: (copy: typeof payload) => void) => {
      const copy = structuredClone(payload);
      change(copy);
      return Buffer.from(JSON.stringify(copy)).toString("base64");
    };
    for (const token of [
      // The derived key is the proof (its HMAC is signed into the challenge): any other fails.
      tamper(
        (copy) => (copy.solution.derivedKey = copy.solution.derivedKey.replace(/^./, (c) => (c === "0" ? "1" : "0"))),
      ),
      tamper((copy) => (copy.challenge.parameters.cost = 1)),
      tamper((copy) => (copy.challenge.signature = "00".repeat(32))),
      "",
      "not base64 at all",
      Buffer.from("[]").toString("base64"),
    ]) {
      expect((await validate(token)).data).toEqual({ success: false, recaptcha_key: null });
    }
  });
});

describe("captcha after failed logins", () => {
  it("requires a key after 5 failures in 15 minutes, and accepts a login carrying one", async () => {
    const email = uniqueEmail("captcha");
    await client.registerEmail(email, "right password 9");
    await failLogins(email, 5);

    // Even the right password now needs human verification.
    expect(await client.passwordLogin(email, "right password 9")).toEqual({
      code: 60077,
      msg: "Human verification required",
      data: null,
    });
    expect(await client.passwordLogin(email, "right password 9", { recaptcha_key: "made-up-key" })).toMatchObject({
      code: 60077,
    });

    const { data } = await validate(await solvedPayload());
    const login = await client.passwordLogin(email, "right password 9", { recaptcha_key: data.recaptcha_key });
    expect(login.code).toBe(0);
    // Success clears the count: no key needed next time.
    expect((await client.passwordLogin(email, "right password 9")).code).toBe(0);
  });

  it("forgets failures older than 15 minutes", async () => {
    const email = uniqueEmail("window");
    await client.registerEmail(email, "right password 8");
    await failLogins(email, 5);
    clock.advance(15 * 60_000 + 1);
    expect((await client.passwordLogin(email, "right password 8")).code).toBe(0);
  });

  it("spends a key after 5 more failures", async () => {
    const email = uniqueEmail("spent");
    await client.registerEmail(email, "right password 7");
    await failLogins(email, 5);
    const key = (await validate(await solvedPayload())).data.recaptcha_key;
    await failLogins(email, 5, { recaptcha_key: key });
    expect(await client.passwordLogin(email, "right password 7", { recaptcha_key: key })).toMatchObject({
      code: 60077,
    });
  });

  it("keys last one day", async () => {
    const email = uniqueEmail("day");
    await client.registerEmail(email, "right password 6");
    const key = (await validate(await solvedPayload())).data.recaptcha_key;
    clock.advance(24 * 60 * 60_000 + 1);
    await failLogins(email, 5);
    expect(await client.passwordLogin(email, "right password 6", { recaptcha_key: key })).toMatchObject({
      code: 60077,
    });
  });

  it("locks password login after 100 failures in an hour, whatever the IP or captcha", async () => {
    const email = uniqueEmail("locked");
    await client.registerEmail(email, "right password 5");
    const now = clock.now();
    // 99 failures from many addresses (inserted directly: 100 argon2 checks would only slow the suite).
    await database.db.insert(loginFailures).values(
      Array.from({ length: 99 }, (_, i) => ({
        loginId: email,
        ip: `10.0.${i >> 8}.${i & 255}`,
        createdAt: new Date(now.getTime() - i * 1000),
      })),
    );
    const key = (await validate(await solvedPayload())).data.recaptcha_key;
    await failLogins(email, 1, { recaptcha_key: key });
    const locked = await client.call(
      "POST",
      "/v1/user/ocean/phone/password/login-auth",
      {
        login_id: email,
        password: await client.encrypt("right password 5"),
        login_type: 2,
        recaptcha_key: key,
      },
      { ip: "192.0.2.200" },
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: AUTH_ERRORS.TOO_MANY_ATTEMPTS.code,
      msg: AUTH_ERRORS.TOO_MANY_ATTEMPTS.msg,
      data: null,
    });

    clock.advance(60 * 60_000);
    expect((await client.passwordLogin(email, "right password 5")).code).toBe(0);
  });
});

describe("the Google check (60078)", () => {
  it("is raised when an account that signs in with Google has no password", async () => {
    const { createUser } = await import("../../../server/modules/accounts/services/users");
    const email = uniqueEmail("googler");
    await createUser(database.db, { email, googleSub: `sub-${email}` });
    expect(await client.passwordLogin(email, "any password 123")).toEqual({
      code: 60078,
      msg: AUTH_ERRORS.GOOGLE_CHECK.msg,
      data: null,
    });
  });
});
