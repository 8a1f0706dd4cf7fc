// Overseas edition (14) end to end: exist-user, e-mail + code registration (trial, invite
// code, channel, sign-up event), password login, password rules, the encryption contract,
// reset by code (ends every session; the old password is refused with the spec's message),
// change by a signed-in user (ends the other sessions), current-combo and the demo accounts.
import { constants, publicEncrypt } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { userEvents, users } from "../../../server/db/schema";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "../../../server/modules/accounts/services/demo-accounts";
import { uniqueEmail, type LoginDataBody } from "../helpers/auth";
import { buildTestApp, openAuthTestApp } from "../helpers/app";

const { database, client, clock, close } = await openAuthTestApp();
afterAll(close);

function currentUser(token: string) {
  return client.call("GET", "/v1/user/accounts/current-user", undefined, { token });
}

function existUser(account: string) {
  return client.json<boolean>(
    "GET",
    `/v1/user/ocean/exist-user/?account=${encodeURIComponent(account)}&from_system=14`,
  );
}

async function resetPassword(loginId: string, password: string, options: { system?: 13 | 14; token?: string } = {}) {
  const code = await client.code(loginId, { system: options.system ?? 14 });
  return client.json(
    "POST",
    "/v1/user/ocean/phone/password/update",
    { login_id: loginId, valid_code: code, password: await client.encrypt(password) },
    options,
  );
}

describe("public key", () => {
  it("serves an RSA SPKI PEM that the browser's RSA-OAEP/SHA-256 works with", async () => {
    const { data } = await client.json<{ public_key: string }>("GET", "/v1/user/ocean/public-key");
    expect(data.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/);
    // Stable across app instances on the same database (stored on first start).
    const again = await buildTestApp(database);
    try {
      const second = (
        await again.inject({ method: "GET", url: "/v1/user/ocean/public-key", headers: { "system-id": "14" } })
      ).json();
      expect(second.data.public_key).toBe(data.public_key);
    } finally {
      await again.close();
    }
  });
});

describe("registration with e-mail and code", () => {
  it("reports whether the account exists, then registers, logs in and starts the trial", async () => {
    const typed = uniqueEmail("New");
    const email = typed.toLowerCase();
    expect(await existUser(typed)).toEqual({ code: 0, msg: "success", data: false });

    const registered = await client.registerEmail(
      typed,
      "  spring rain 2031  ",
      { channel_id: 7, invite_code: "FRIEND42" },
      { language: "vi" },
    );
    expect(registered.code).toBe(0);
    const login = registered.data;
    expect(login).toMatchObject({
      expires: 604_800_000,
      is_register: true,
      nick_name: email.split("@")[0],
      user_info: { email, phone: null, language: "vi", system_id: 14 },
    });
    expect(login.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await currentUser(login.token)).json().data.email).toBe(email);
    expect(await existUser(email.toUpperCase())).toMatchObject({ data: true });

    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ channelId: 7, inviteCode: "FRIEND42" });
    expect(row.ownInviteCode).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const events = await database.db.select().from(userEvents).where(eq(userEvents.userId, row.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      event: "signup",
      payload: { method: "email_code", channel_id: 7, invite_code: "FRIEND42", system_id: 14 },
    });

    const combo = await client.json<Array<Record<string, unknown>>>(
      "GET",
      "/v1/user/accounts/current-combo?system_id=14",
      undefined,
      {
        token: login.token,
      },
    );
    expect(combo.data).toHaveLength(1);
    expect(combo.data[0]).toMatchObject({ plan: "basic", source: "trial", days_to_end_time: 1 });
    expect(Date.parse(combo.data[0].end_time as string) - Date.parse(combo.data[0].starts_at as string)).toBe(
      86_400_000,
    );

    // The trial ends after a day.
    clock.advance(86_400_000);
    expect(
      (await client.json("GET", "/v1/user/accounts/current-combo", undefined, { token: login.token })).data,
    ).toEqual([]);

    // The password (trimmed) logs in.
    const again = await client.passwordLogin(email, "spring rain 2031");
    expect(again).toMatchObject({ code: 0, data: { is_register: false, user_info: { user_id: row.id } } });
  });

  it("treats a non-numeric channel id as the default channel", async () => {
    const email = uniqueEmail("channel");
    expect((await client.registerEmail(email, "channel test pass", { channel_id: "tiktok-bio" })).code).toBe(0);
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row.channelId).toBe(1);
    expect(row.inviteCode).toBeNull();
  });

  it("refuses an e-mail that already has an account, without spending the code", async () => {
    const email = uniqueEmail("twice");
    await client.registerEmail(email, "first time pass");
    clock.advance(61_000);
    const code = await client.code(email);
    const second = await client.json("POST", "/v1/user/ocean/email/code/register", {
      email,
      valid_code: code,
      password: await client.encrypt("second time pass"),
    });
    expect(second).toEqual({ code: AUTH_ERRORS.ACCOUNT_EXISTS.code, msg: AUTH_ERRORS.ACCOUNT_EXISTS.msg, data: null });
  });

  it.each([
    ["empty", "   ", AUTH_ERRORS.PASSWORD_REQUIRED],
    ["too short", "seven77", AUTH_ERRORS.PASSWORD_TOO_SHORT],
    ["too long", "x".repeat(65), AUTH_ERRORS.PASSWORD_TOO_LONG],
    ["common", "Password123", AUTH_ERRORS.PASSWORD_COMMON],
    ["common with spaces", "  iloveyou1 ", AUTH_ERRORS.PASSWORD_COMMON],
  ])("refuses a %s password with its message, keeping the code usable", async (_, password, error) => {
    const email = uniqueEmail("rules");
    const code = await client.code(email);
    const refused = await client.json("POST", "/v1/user/ocean/email/code/register", {
      email,
      valid_code: code,
      password: await client.encrypt(password),
    });
    expect(refused).toEqual({ code: error.code, msg: error.msg, data: null });
    const accepted = await client.json("POST", "/v1/user/ocean/email/code/register", {
      email,
      valid_code: code,
      password: await client.encrypt("a fine long passphrase"),
    });
    expect(accepted.code).toBe(0);
  });

  it("accepts exactly 8 and exactly 64 characters", async () => {
    expect((await client.registerEmail(uniqueEmail("eight"), "k9#mQ2!z")).code).toBe(0);
    expect((await client.registerEmail(uniqueEmail("sixtyfour"), "Zq".repeat(32))).code).toBe(0);
  });
});

describe("password transport", () => {
  it("answers one generic error whatever is wrong with the ciphertext", async () => {
    const email = uniqueEmail("cipher");
    const { public_key } = (await client.json<{ public_key: string }>("GET", "/v1/user/ocean/public-key")).data;
    const pkcs1 = publicEncrypt(
      { key: public_key, padding: constants.RSA_PKCS1_PADDING },
      Buffer.from("legacy padding pass"),
    ).toString("base64");
    const sha1Oaep = publicEncrypt(
      { key: public_key, padding: constants.RSA_PKCS1_OAEP_PADDING },
      Buffer.from("sha1 oaep pass"),
    ).toString("base64");
    const bodies = ["plain text password", pkcs1, sha1Oaep, Buffer.alloc(256, 7).toString("base64"), "AAAA"];
    for (const password of bodies) {
      const response = await client.call("POST", "/v1/user/ocean/phone/password/login-auth", {
        login_id: email,
        password,
        login_type: 2,
      });
      expect(response.json()).toEqual({
        code: AUTH_ERRORS.PASSWORD_UNREADABLE.code,
        msg: AUTH_ERRORS.PASSWORD_UNREADABLE.msg,
        data: null,
      });
    }
  });
});

describe("password login", () => {
  it("refuses a wrong password and an unknown account with the same message", async () => {
    const email = uniqueEmail("wrong");
    await client.registerEmail(email, "the right one 1");
    const wrong = await client.passwordLogin(email, "the wrong one 1");
    const unknown = await client.passwordLogin(uniqueEmail("ghost"), "the right one 1");
    const expected = { code: AUTH_ERRORS.WRONG_PASSWORD.code, msg: "Incorrect account or password", data: null };
    expect(wrong).toEqual(expected);
    expect(unknown).toEqual(expected);
  });

  it("requires login_type 2", async () => {
    const response = await client.call("POST", "/v1/user/ocean/phone/password/login-auth", {
      login_id: uniqueEmail(),
      password: await client.encrypt("whatever pass"),
      login_type: 1,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("password reset and change", () => {
  it("resets by e-mail code, ends every session, and refuses the old password", async () => {
    const email = uniqueEmail("reset");
    const first = (await client.registerEmail(email, "old password 11")).data;
    const second = (await client.passwordLogin(email, "old password 11")).data;
    clock.advance(61_000);

    expect(await resetPassword(email, "new password 22")).toEqual({ code: 0, msg: "success", data: null });
    expect((await currentUser(first.token)).statusCode).toBe(401);
    expect((await currentUser(second.token)).statusCode).toBe(401);

    expect(await client.passwordLogin(email, "old password 11")).toEqual({
      code: AUTH_ERRORS.WRONG_PASSWORD.code,
      msg: "Incorrect account or password",
      data: null,
    });
    expect((await client.passwordLogin(email, "new password 22")).code).toBe(0);
  });

  it("says the account is not registered (after a valid code)", async () => {
    expect(await resetPassword(uniqueEmail("noone"), "new password 33")).toEqual({
      code: AUTH_ERRORS.ACCOUNT_NOT_REGISTERED.code,
      msg: "The account is not registered",
      data: null,
    });
  });

  it("needs a code, unless a signed-in user gives the current password; that keeps this session only", async () => {
    const email = uniqueEmail("change");
    const kept = (await client.registerEmail(email, "current pass 44")).data;
    const other = (await client.passwordLogin(email, "current pass 44")).data;
    const update = async (body: object, token?: string) =>
      client.json(
        "POST",
        "/v1/user/ocean/phone/password/update",
        { login_id: email, password: await client.encrypt("changed pass 55"), ...body },
        { token },
      );

    expect(await update({})).toMatchObject({ code: AUTH_ERRORS.CODE_REQUIRED.code });
    expect(await update({}, kept.token)).toMatchObject({ code: AUTH_ERRORS.CODE_REQUIRED.code });
    expect(await update({ old_password: await client.encrypt("not the current 1") }, kept.token)).toMatchObject({
      code: AUTH_ERRORS.WRONG_PASSWORD.code,
    });
    expect(await update({ old_password: await client.encrypt("current pass 44") }, kept.token)).toMatchObject({
      code: 0,
    });

    expect((await currentUser(kept.token)).statusCode).toBe(200);
    expect((await currentUser(other.token)).statusCode).toBe(401);
    expect((await client.passwordLogin(email, "changed pass 55")).code).toBe(0);
  });
});

describe("demo accounts", () => {
  it("exist on the embedded database and log in with the published password", async () => {
    const plans: Record<string, string | undefined> = {};
    for (const account of DEMO_ACCOUNTS) {
      const login = await client.passwordLogin(account.loginId, DEMO_PASSWORD, {}, { system: account.systemId });
      expect(login.code, account.loginId).toBe(0);
      const { data } = login as { data: LoginDataBody };
      expect(data.is_register).toBe(false);
      const combo = await client.json<Array<{ plan: string; source: string }>>(
        "GET",
        "/v1/user/accounts/current-combo",
        undefined,
        {
          token: data.token,
        },
      );
      plans[account.loginId] = combo.data[0]?.plan;
      if (combo.data[0]) expect(combo.data[0].source).toBe("demo");
    }
    expect(plans).toEqual({
      "free@shopradar.demo": undefined,
      "basic@shopradar.demo": "basic",
      "premium@shopradar.demo": "premium",
      "pro@shopradar.demo": "pro",
      "13800138000": "basic",
    });
  });

  it("are created once, however often the app boots", async () => {
    const again = await buildTestApp(database);
    await again.close();
    const rows = await database.db.select().from(users).where(eq(users.email, "pro@shopradar.demo"));
    expect(rows).toHaveLength(1);
  });
});
