// A password reset is one transaction: the code, the new hash and the revocation of every
// session commit together. The revocation is made to fail here by a database trigger (a real
// error inside the transaction, no mocking): the password must stay the old one, the sessions
// alive and the code unused, so the same code works once the fault is gone.
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { uniqueEmail } from "../helpers/auth";
import { openAuthTestApp } from "../helpers/app";

const { database, client, clock, close } = await openAuthTestApp();
afterAll(close);

const UPDATE = "/v1/user/ocean/phone/password/update";

function currentUser(token: string) {
  return client.call("GET", "/v1/user/accounts/current-user", undefined, { token });
}

/** Makes every revocation of the user's sessions fail until the returned function is called. */
async function breakRevocation(userId: number): Promise<() => Promise<void>> {
  await database.db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION test_fail_revoke() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'revocation failed (test fault)'; END $$ LANGUAGE plpgsql`),
  );
  await database.db.execute(
    sql.raw(`CREATE TRIGGER test_fail_revoke BEFORE UPDATE ON sessions
      FOR EACH ROW WHEN (OLD.user_id = ${userId}) EXECUTE FUNCTION test_fail_revoke()`),
  );
  return async () => {
    await database.db.execute(sql.raw("DROP TRIGGER test_fail_revoke ON sessions"));
  };
}

describe("password reset by code", () => {
  it("changes nothing when revoking the sessions fails; the same code works afterwards", async () => {
    const email = uniqueEmail("atomic");
    const session = (await client.registerEmail(email, "old password 77")).data;
    clock.advance(61_000);
    const code = await client.code(email);
    const reset = async () =>
      client.call(
        "POST",
        UPDATE,
        { login_id: email, valid_code: code, password: await client.encrypt("new password 88") },
        { ip: client.nextIp() },
      );

    const repair = await breakRevocation(session.user_info.user_id);
    try {
      const failed = await reset();
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).not.toHaveProperty("data.token");
    } finally {
      await repair();
    }
    // Nothing of the reset stayed: the old password logs in, the new one does not, the session lives.
    expect((await currentUser(session.token)).statusCode).toBe(200);
    expect((await client.passwordLogin(email, "new password 88")).code).toBe(AUTH_ERRORS.WRONG_PASSWORD.code);
    expect((await client.passwordLogin(email, "old password 77")).code).toBe(0);

    expect((await reset()).json()).toEqual({ code: 0, msg: "success", data: null });
    expect((await currentUser(session.token)).statusCode).toBe(401);
    expect((await client.passwordLogin(email, "new password 88")).code).toBe(0);
  });

  it("keeps a wrong try counted although the refusal ends the transaction", async () => {
    const email = uniqueEmail("tries");
    await client.registerEmail(email, "old password 66");
    clock.advance(61_000);
    const code = await client.code(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const attempt = async (validCode: string) =>
      client.json(
        "POST",
        UPDATE,
        { login_id: email, valid_code: validCode, password: await client.encrypt("new password 99") },
        { ip: client.nextIp() },
      );
    for (let i = 1; i < 5; i += 1) expect((await attempt(wrong)).code).toBe(AUTH_ERRORS.CODE_WRONG.code);
    expect((await attempt(wrong)).code).toBe(AUTH_ERRORS.CODE_BURNED.code);
    expect((await attempt(code)).code).toBe(AUTH_ERRORS.CODE_BURNED.code);
  });
});
