// Chinese edition (13) end to end: phone + code login-or-register, password login with a
// phone or e-mail after a reset by code, the support-contact check (/customerValid), and
// QR-code login confirmed from a signed-in session.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { userEvents, users } from "../../../server/db/schema";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { AuthClient, testClock, uniquePhone, type LoginDataBody, type TestClock } from "../helpers/auth";
import { openTestApp } from "../helpers/app";

let database: Database;
let app: FastifyInstance;
let client: AuthClient;
let clock: TestClock;
const ZH = { system: 13 } as const;

beforeAll(async () => {
  clock = testClock();
  ({ database, app } = await openTestApp({
    now: clock.now,
    env: {
      SUPPORT_CONTACT_NAME: "小助手",
      SUPPORT_CONTACT_ID: "radar_helper",
      SUPPORT_CONTACT_QR: "data:image/png;base64,iVBORw0KGgo=",
    },
  }));
  client = new AuthClient(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function phoneLogin(phone: string, extras: object = {}) {
  const code = await client.code(phone, { eventType: 5 });
  return client.json<LoginDataBody>(
    "POST",
    "/v1/user/activity/phone/code/register-login",
    { phone_number: phone, valid_code: code, from_system: 13, ...extras },
    ZH,
  );
}

describe("phone + code login-or-register", () => {
  it("registers a new phone (trial, channel default 1, sign-up event), then logs the same account in", async () => {
    const phone = uniquePhone();
    const first = await phoneLogin(phone, { invite_code: "ZHFRIEND" });
    expect(first).toMatchObject({
      code: 0,
      data: {
        is_register: true,
        expires: 604_800_000,
        nick_name: `${phone.slice(0, 3)}****${phone.slice(7)}`,
        user_info: { phone, email: null, language: "zh", system_id: 13 },
      },
    });
    const [row] = await database.db.select().from(users).where(eq(users.phone, phone));
    expect(row).toMatchObject({ channelId: 1, inviteCode: "ZHFRIEND", passwordHash: null });
    const [event] = await database.db.select().from(userEvents).where(eq(userEvents.userId, row.id));
    expect(event.payload).toMatchObject({ method: "phone_code", channel_id: 1, invite_code: "ZHFRIEND" });
    const combo = await client.json<Array<{ plan: string }>>(
      "GET",
      "/v1/user/accounts/current-combo?system_id=13",
      undefined,
      {
        ...ZH,
        token: first.data.token,
      },
    );
    expect(combo.data.map((item) => item.plan)).toEqual(["basic"]);

    clock.advance(61_000);
    const second = await phoneLogin(`+86 ${phone}`);
    expect(second.data).toMatchObject({ is_register: false, user_info: { user_id: row.id } });
    expect(second.data.token).not.toBe(first.data.token);
  });

  it.each(["1391234567", "12912345678", "139123456789", "abc"])(
    "refuses the phone number %s with the spec's message",
    async (phone) => {
      const response = await client.json(
        "POST",
        "/v1/user/activity/phone/code/register-login",
        { phone_number: phone, valid_code: "123456", from_system: 13 },
        ZH,
      );
      expect(response).toEqual({
        code: AUTH_ERRORS.INVALID_PHONE.code,
        msg: "Mobile number format is incorrect",
        data: null,
      });
    },
  );

  it("asks for the code when it is empty", async () => {
    const response = await client.json(
      "POST",
      "/v1/user/activity/phone/code/register-login",
      { phone_number: uniquePhone(), valid_code: "", from_system: 13 },
      ZH,
    );
    expect(response).toMatchObject({ code: AUTH_ERRORS.CODE_REQUIRED.code, msg: "Please enter verification code" });
  });
});

describe("password login (zh)", () => {
  it("a code-only account has no password; after a reset by code the phone logs in with it", async () => {
    const phone = uniquePhone();
    await phoneLogin(phone);
    expect(await client.passwordLogin(phone, "zh password 123", {}, ZH)).toMatchObject({
      code: AUTH_ERRORS.WRONG_PASSWORD.code,
    });

    clock.advance(61_000);
    const code = await client.code(phone, { eventType: 5 });
    const reset = await client.json(
      "POST",
      "/v1/user/ocean/phone/password/update",
      { login_id: phone, valid_code: code, password: await client.encrypt("zh password 123"), from_system: 13 },
      ZH,
    );
    expect(reset.code).toBe(0);
    const login = await client.passwordLogin(phone, "zh password 123", { channel_id: 1 }, ZH);
    expect(login).toMatchObject({ code: 0, data: { is_register: false, user_info: { phone } } });
  });
});

describe("support contact (/customerValid)", () => {
  it("asks a zh user to add the contact until they say they did", async () => {
    const { data: login } = await phoneLogin(uniquePhone());
    const check = () => client.json("GET", "/v1/user/mengla/wechat/qrcode", undefined, { ...ZH, token: login.token });
    expect(await check()).toEqual({
      code: 0,
      msg: "success",
      data: {
        status: true,
        contact_name: "小助手",
        contact_id: "radar_helper",
        qr_code: "data:image/png;base64,iVBORw0KGgo=",
      },
    });

    const added = await client.json<{ added: boolean; added_at: string }>(
      "GET",
      "/v1/user/mengla/wechat/addStatus",
      undefined,
      {
        ...ZH,
        token: login.token,
      },
    );
    expect(added.data.added).toBe(true);
    expect(Date.parse(added.data.added_at)).toBe(clock.now().getTime());
    expect((await check()).data).toMatchObject({ status: false });
    // The overseas edition never asks.
    expect(
      (await client.json("GET", "/v1/user/mengla/wechat/qrcode", undefined, { token: login.token })).data,
    ).toMatchObject({ status: false });
  });

  it("needs a session", async () => {
    expect((await client.call("GET", "/v1/user/mengla/wechat/qrcode", undefined, ZH)).statusCode).toBe(401);
    expect((await client.call("GET", "/v1/user/mengla/wechat/addStatus", undefined, ZH)).statusCode).toBe(401);
  });
});

describe("QR-code login", () => {
  const create = () =>
    client.json<{ ticket: string; expires_at: string }>("POST", "/v1/user/third-login/app/qrcode", undefined, ZH);
  const check = (ticket: string) =>
    client.json<{ status: string; login?: LoginDataBody }>(
      "POST",
      "/v1/user/third-login/app/qrcode/check",
      { ticket },
      ZH,
    );
  const confirm = (ticket: string, token?: string) =>
    client.json("POST", "/v1/user/third-login/app/qrcode/confirm", { ticket }, { ...ZH, token });

  it("pending → confirmed by a signed-in phone → login handed out exactly once", async () => {
    const { data: phoneSession } = await phoneLogin(uniquePhone());
    const { data: created } = await create();
    expect(created.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expires_at) - clock.now().getTime()).toBe(120_000);

    expect((await check(created.ticket)).data).toEqual({ status: "pending" });
    expect((await confirm(created.ticket)).code).toBe(401);
    expect(await confirm(created.ticket, phoneSession.token)).toEqual({ code: 0, msg: "success", data: null });

    const confirmed = await check(created.ticket);
    expect(confirmed.data.status).toBe("confirmed");
    expect(confirmed.data.login).toMatchObject({
      is_register: false,
      user_info: { user_id: phoneSession.user_info.user_id },
    });
    const screenToken = confirmed.data.login!.token;
    expect(screenToken).not.toBe(phoneSession.token);
    expect(
      (await client.call("GET", "/v1/user/accounts/current-user", undefined, { token: screenToken })).statusCode,
    ).toBe(200);

    expect((await check(created.ticket)).data).toEqual({ status: "expired" });
    expect(await confirm(created.ticket, phoneSession.token)).toMatchObject({
      code: AUTH_ERRORS.QR_TICKET_INVALID.code,
    });
  });

  it("expires after 2 minutes unconfirmed, and unknown tickets read as expired", async () => {
    const { data: phoneSession } = await phoneLogin(uniquePhone());
    const { data: created } = await create();
    clock.advance(120_001);
    expect((await check(created.ticket)).data).toEqual({ status: "expired" });
    expect(await confirm(created.ticket, phoneSession.token)).toMatchObject({
      code: AUTH_ERRORS.QR_TICKET_INVALID.code,
    });
    expect((await check("no-such-ticket")).data).toEqual({ status: "expired" });
  });
});
