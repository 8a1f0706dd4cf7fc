// The day-long limits on verification codes (moved test clock): at most MAX_SENDS_PER_DAY codes
// per login id in 24 hours, and after BURNED_CODES_BEFORE_LOCK burned codes (5 wrong tries
// each) the login id can neither request nor use a code until 24 hours have passed.
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import {
  BURNED_CODES_BEFORE_LOCK,
  CODE_HISTORY_MS,
  MAX_ATTEMPTS,
  MAX_SENDS_PER_DAY,
  MAX_SENDS_PER_HOUR,
} from "../../../server/modules/accounts/services/verification-codes";
import { uniqueEmail, uniquePhone } from "../helpers/auth";
import { openAuthTestApp } from "../helpers/app";

const { client, clock, close } = await openAuthTestApp();
afterAll(close);

const HOUR_MS = 3_600_000;

function sendCode(loginId: string) {
  return client.json(
    "POST",
    "/v1/user/ocean/sms/valid-code",
    { login_id: loginId, event_type: 10 },
    {
      ip: client.nextIp(),
    },
  );
}

function phoneLogin(phone: string, code: string) {
  return client.json(
    "POST",
    "/v1/user/activity/phone/code/register-login",
    { phone_number: phone, valid_code: code, from_system: 13 },
    // Each try from its own address: the per-address rate limit is not what is tested here.
    { system: 13, ip: client.nextIp() },
  );
}

describe("the daily cap", () => {
  it(`allows ${MAX_SENDS_PER_DAY} codes per login id in 24 hours, then refuses until the oldest is a day old`, async () => {
    const email = uniqueEmail("daily");
    const start = clock.now().getTime();
    for (let sent = 0; sent < MAX_SENDS_PER_DAY; sent += 1) {
      if (sent > 0 && sent % MAX_SENDS_PER_HOUR === 0) clock.advance(HOUR_MS);
      expect(await sendCode(email)).toMatchObject({ code: 0 });
      clock.advance(61_000);
    }
    clock.advance(HOUR_MS);
    const over = await client.call(
      "POST",
      "/v1/user/ocean/sms/valid-code",
      { login_id: email, event_type: 10 },
      { ip: client.nextIp() },
    );
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      code: AUTH_ERRORS.CODE_DAILY_LIMIT.code,
      msg: "Too many verification codes requested today. Please try again tomorrow.",
      data: null,
    });
    clock.advance(start + CODE_HISTORY_MS + 1 - clock.now().getTime());
    expect(await sendCode(email)).toMatchObject({ code: 0 });
  });
});

describe(`the lock after ${BURNED_CODES_BEFORE_LOCK} burned codes`, () => {
  /** Requests a code and burns it with MAX_ATTEMPTS wrong tries; answers the code. */
  async function burnCode(phone: string): Promise<string> {
    const code = await client.code(phone, { eventType: 5 });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 1; i < MAX_ATTEMPTS; i += 1) await phoneLogin(phone, wrong);
    expect(await phoneLogin(phone, wrong)).toMatchObject({ code: AUTH_ERRORS.CODE_BURNED.code });
    clock.advance(61_000);
    return code;
  }

  it("refuses to send or accept codes for 24 hours", async () => {
    const phone = uniquePhone();
    const start = clock.now().getTime();
    for (let i = 0; i < BURNED_CODES_BEFORE_LOCK - 1; i += 1) await burnCode(phone);
    // Two burned codes: a new code still comes and works.
    const good = await client.code(phone, { eventType: 5 });
    expect(await phoneLogin(phone, good)).toMatchObject({ code: 0 });
    clock.advance(61_000);
    await burnCode(phone);

    const locked = {
      code: AUTH_ERRORS.CODE_LOCKED.code,
      msg: "Too many wrong verification codes. Please try again in 24 hours.",
      data: null,
    };
    const send = await client.call(
      "POST",
      "/v1/user/ocean/sms/valid-code",
      { login_id: phone, event_type: 5, from_system: 13 },
      { system: 13, ip: client.nextIp() },
    );
    expect(send.statusCode).toBe(429);
    expect(send.json()).toEqual(locked);
    // Another login id is not affected.
    expect(await sendCode(uniqueEmail("bystander"))).toMatchObject({ code: 0 });

    clock.advance(start + CODE_HISTORY_MS - 120_000 - clock.now().getTime());
    expect(await phoneLogin(phone, "123456")).toEqual(locked);
    clock.advance(CODE_HISTORY_MS);
    const fresh = await client.code(phone, { eventType: 5 });
    expect(await phoneLogin(phone, fresh)).toMatchObject({ code: 0 });
  });

  it("locks code use too, not only sending", async () => {
    const phone = uniquePhone();
    for (let i = 0; i < BURNED_CODES_BEFORE_LOCK - 1; i += 1) await burnCode(phone);
    const pending = await client.code(phone, { eventType: 5 });
    // A third code burned by an attacker while the owner's newest code is waiting...
    clock.advance(61_000);
    await burnCode(phone);
    // ... and even the right code of a later request cannot be used (none can be requested).
    expect(await phoneLogin(phone, pending)).toMatchObject({ code: AUTH_ERRORS.CODE_LOCKED.code });
  });
});
