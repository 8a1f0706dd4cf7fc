// Verification codes end to end: delivery through the outbox (per language), the 60 s resend
// and hourly limits, per-IP limit, single use, 5-try burn, 10-minute expiry (moved clock), and
// purpose binding. The answer never reveals whether an account exists.
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { verificationCodes } from "../../../server/db/schema";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { uniqueEmail, uniquePhone } from "../helpers/auth";
import { buildTestApp, openAuthTestApp } from "../helpers/app";

const { database, client, clock, close } = await openAuthTestApp();
afterAll(close);

function sendCode(loginId: string, eventType: 5 | 10 = 10, ip = client.nextIp(), language?: string) {
  return client.call(
    "POST",
    "/v1/user/ocean/sms/valid-code",
    {
      login_id: loginId,
      event_type: eventType,
      from_system: eventType === 5 ? 13 : 14,
      ...(language ? { language } : {}),
    },
    { ip, system: eventType === 5 ? 13 : 14 },
  );
}

function phoneLogin(phone: string, code: string) {
  return client.json(
    "POST",
    "/v1/user/activity/phone/code/register-login",
    { phone_number: phone, valid_code: code, from_system: 13 },
    { system: 13 },
  );
}

describe("POST /v1/user/ocean/sms/valid-code", () => {
  it("sends a 6-digit code by e-mail, readable at /__dev/outbox, and stores only its hash", async () => {
    const email = uniqueEmail("Send").toUpperCase();
    const response = await sendCode(email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 0, msg: "success", data: { resend_in: 60, expires_in: 600 } });

    const [message] = await client.outbox(email);
    expect(message).toMatchObject({ to: email.toLowerCase(), channel: "email" });
    expect(message.text).toMatch(/^Your ShopRadar verification code is \d{6}\. It expires in 10 minutes\.$/);
    const code = await client.lastCode(email);
    const rows = await database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.loginId, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("sends SMS for a mainland phone number and words the message in the requested language", async () => {
    const phone = uniquePhone();
    expect((await sendCode(phone, 5, undefined, "zh")).statusCode).toBe(200);
    const [message] = await client.outbox(phone);
    expect(message).toMatchObject({ to: phone, channel: "sms" });
    expect(message.text).toMatch(/^您的 ShopRadar 验证码是 \d{6}，10 分钟内有效。$/);

    for (const [language, pattern] of [
      ["vi", /^Mã xác minh ShopRadar của bạn là \d{6}\./],
      ["id", /^Kode verifikasi ShopRadar Anda adalah \d{6}\./],
      ["th", /^รหัสยืนยัน ShopRadar ของคุณคือ \d{6} /],
      ["fr", /^Your ShopRadar verification code is \d{6}\./],
    ] as const) {
      const email = uniqueEmail(language);
      await sendCode(email, 10, undefined, language);
      expect((await client.outbox(email))[0].text).toMatch(pattern);
    }
  });

  it("generates codes that differ (secure random, zero-padded to 6 digits)", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 8; i += 1) codes.add(await client.code(uniqueEmail("many")));
    expect(codes.size).toBeGreaterThan(1);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
  });

  it.each([
    ["a bad login id", { login_id: "not-an-id", event_type: 10 }, AUTH_ERRORS.INVALID_LOGIN_ID],
    ["a phone for the overseas event type", { login_id: "13912345678", event_type: 10 }, AUTH_ERRORS.INVALID_EMAIL],
  ])("refuses %s", async (_, body, error) => {
    const response = await client.call("POST", "/v1/user/ocean/sms/valid-code", body);
    expect(response.statusCode).toBe(error.status);
    expect(response.json()).toEqual({ code: error.code, msg: error.msg, data: null });
  });

  it("refuses an unknown event type as a validation error", async () => {
    const response = await client.call("POST", "/v1/user/ocean/sms/valid-code", {
      login_id: uniqueEmail(),
      event_type: 7,
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers the same for existing and unknown accounts", async () => {
    const email = uniqueEmail("exists");
    const registered = await client.registerEmail(email, "correct horse battery");
    expect(registered.code).toBe(0);
    clock.advance(61_000);
    const existing = await sendCode(email);
    const unknown = await sendCode(uniqueEmail("nobody"));
    expect(existing.statusCode).toBe(unknown.statusCode);
    expect(existing.json()).toEqual(unknown.json());
  });

  it("refuses a second code within 60 s with the seconds left, then allows it", async () => {
    const email = uniqueEmail("resend");
    expect((await sendCode(email)).statusCode).toBe(200);
    clock.advance(15_000);
    const tooSoon = await sendCode(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({
      code: AUTH_ERRORS.CODE_RESEND_TOO_SOON.code,
      msg: "Please wait 45 seconds before requesting another code",
      data: null,
    });
    clock.advance(45_000);
    expect((await sendCode(email)).statusCode).toBe(200);
  });

  it("allows at most 5 codes per hour per login id", async () => {
    const email = uniqueEmail("hourly");
    for (let i = 0; i < 5; i += 1) {
      expect((await sendCode(email)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    const sixth = await sendCode(email);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe(AUTH_ERRORS.CODE_TOO_MANY_SENDS.code);
    clock.advance(60 * 60_000);
    expect((await sendCode(email)).statusCode).toBe(200);
  });

  it("limits codes per IP address, whatever the login id", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 20; i += 1) expect((await sendCode(uniqueEmail("ip"), 10, ip)).statusCode).toBe(200);
    const over = await sendCode(uniqueEmail("ip"), 10, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe(AUTH_ERRORS.CODE_IP_LIMIT.code);
    expect((await sendCode(uniqueEmail("ip"), 10, "192.0.2.78")).statusCode).toBe(200);
  });
});

describe("using a code", () => {
  it("logs in once: the same code a second time is refused", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    expect((await phoneLogin(phone, code)).code).toBe(0);
    expect(await phoneLogin(phone, code)).toMatchObject({ code: AUTH_ERRORS.CODE_WRONG.code });
  });

  it("burns the code after 5 wrong tries: the 6th is refused even when correct", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i += 1) {
      expect(await phoneLogin(phone, wrong)).toMatchObject({
        code: AUTH_ERRORS.CODE_WRONG.code,
        msg: "Incorrect verification code",
      });
    }
    expect(await phoneLogin(phone, wrong)).toMatchObject({ code: AUTH_ERRORS.CODE_BURNED.code });
    expect(await phoneLogin(phone, code)).toEqual({
      code: AUTH_ERRORS.CODE_BURNED.code,
      msg: AUTH_ERRORS.CODE_BURNED.msg,
      data: null,
    });
  });

  it("accepts the right code after 4 wrong tries", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i += 1) await phoneLogin(phone, wrong);
    expect((await phoneLogin(phone, code)).code).toBe(0);
  });

  it("expires after 10 minutes", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    clock.advance(10 * 60_000 + 1);
    expect(await phoneLogin(phone, code)).toEqual({
      code: AUTH_ERRORS.CODE_EXPIRED.code,
      msg: AUTH_ERRORS.CODE_EXPIRED.msg,
      data: null,
    });
  });

  it("is still good just before 10 minutes", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    clock.advance(10 * 60_000 - 1000);
    expect((await phoneLogin(phone, code)).code).toBe(0);
  });

  it("only works for the newest code of a login id", async () => {
    const phone = uniquePhone();
    const first = await client.code(phone, { eventType: 5 });
    clock.advance(61_000);
    const second = await client.code(phone, { eventType: 5 });
    if (first !== second) expect((await phoneLogin(phone, first)).code).toBe(AUTH_ERRORS.CODE_WRONG.code);
    expect((await phoneLogin(phone, second)).code).toBe(0);
  });

  it("is bound to its login id", async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    expect((await phoneLogin(other, code)).code).toBe(AUTH_ERRORS.CODE_WRONG.code);
    expect((await phoneLogin(phone, code)).code).toBe(0);
  });

  it("is bound to its purpose (event type): a zh code does not register an overseas account", async () => {
    const email = uniqueEmail("purpose");
    const zhCode = await client.code(email, { eventType: 5, system: 13 });
    const register = await client.json("POST", "/v1/user/ocean/email/code/register", {
      from_system: 14,
      email,
      valid_code: zhCode,
      password: await client.encrypt("purpose bound pass"),
    });
    expect(register.code).toBe(AUTH_ERRORS.CODE_WRONG.code);
    // ... while a code sent for the overseas flow does.
    clock.advance(61_000);
    expect((await client.registerEmail(email, "purpose bound pass")).code).toBe(0);
  });
});

describe("GET /__dev/outbox", () => {
  it("lists newest first and filters by recipient", async () => {
    const email = uniqueEmail("order");
    await sendCode(email);
    clock.advance(61_000);
    await sendCode(email);
    const messages = await client.outbox(email);
    expect(messages).toHaveLength(2);
    expect(Date.parse(messages[0].created_at)).toBeGreaterThanOrEqual(Date.parse(messages[1].created_at));
    expect(messages.every((message) => message.to === email)).toBe(true);
  });

  it("answers 404 when another transport is configured", async () => {
    const smtpApp = await buildTestApp(database, {
      env: { MESSAGES_TRANSPORT: "smtp", SMTP_URL: "smtp://127.0.0.1:1" },
    });
    try {
      const response = await smtpApp.inject({ method: "GET", url: "/__dev/outbox?to=a@example.com" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 404 });
      // SMS cannot go out through SMTP: said plainly, before any code is made.
      const sms = await smtpApp.inject({
        method: "POST",
        url: "/v1/user/ocean/sms/valid-code",
        headers: { "system-id": "13" },
        payload: { login_id: uniquePhone(), event_type: 5 },
      });
      expect(sms.json()).toMatchObject({ code: AUTH_ERRORS.CHANNEL_UNAVAILABLE.code });
    } finally {
      await smtpApp.close();
    }
  });
});
