// Parallel password guesses on a real PostgreSQL (PGlite has one connection, so nothing there
// runs concurrently; skipped unless TEST_DATABASE_URL is set, on a throwaway database). Every
// attempt reserves its slot before argon2 runs, so a burst of 30 wrong passwords has at most
// CAPTCHA_AFTER_FAILURES of them verified; the right password then needs a captcha (60077),
// and a solved key admits no more than its budget of guesses however many arrive at once.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_ERRORS } from "../../../server/modules/accounts/errors";
import { FAILURES_PER_KEY } from "../../../server/modules/accounts/services/captcha-keys";
import { CAPTCHA_AFTER_FAILURES } from "../../../server/modules/accounts/services/login-guard";
import { AuthClient, uniqueEmail, type Envelope } from "../helpers/auth";
import { buildTestApp, useThrowawayPostgres } from "../helpers/app";

const adminUrl = process.env.TEST_DATABASE_URL;
const LOGIN = "/v1/user/ocean/phone/password/login-auth";

describe.runIf(adminUrl)("password guesses in parallel on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let app: FastifyInstance;
  let client: AuthClient;

  beforeAll(async () => {
    // A small counter keeps the real proof-of-work quick.
    app = await buildTestApp(postgres.database, { env: { CAPTCHA_MAX_COUNTER: "40" } });
    client = new AuthClient(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  /** Sends `times` wrong passwords at once, each from its own address; answers the codes. */
  async function burst(email: string, times: number, extras: object = {}): Promise<number[]> {
    const wrong = await client.encrypt("not the password 0");
    const answers = await Promise.all(
      Array.from({ length: times }, (_, i) =>
        client.json<Envelope>(
          "POST",
          LOGIN,
          { login_id: email, password: wrong, login_type: 2, ...extras },
          { ip: `10.9.${i >> 8}.${i & 255}` },
        ),
      ),
    );
    return answers.map((answer) => answer.code);
  }

  const countOf = (codes: number[], code: number) => codes.filter((each) => each === code).length;

  it("30 parallel wrong passwords verify at most 5; the right password then needs a captcha", async () => {
    const email = uniqueEmail("burst");
    await client.registerEmail(email, "the right password 1");

    const codes = await burst(email, 30);
    // Only a verified password can answer "wrong password": the others were refused before argon2.
    expect(countOf(codes, AUTH_ERRORS.WRONG_PASSWORD.code)).toBe(CAPTCHA_AFTER_FAILURES);
    expect(countOf(codes, AUTH_ERRORS.CAPTCHA_REQUIRED.code)).toBe(30 - CAPTCHA_AFTER_FAILURES);

    expect(await client.passwordLogin(email, "the right password 1")).toEqual({
      code: 60077,
      msg: AUTH_ERRORS.CAPTCHA_REQUIRED.msg,
      data: null,
    });
    const key = await client.captchaKey();
    expect((await client.passwordLogin(email, "the right password 1", { recaptcha_key: key })).code).toBe(0);
  });

  it("a captcha key admits no more guesses than its budget, however many arrive at once", async () => {
    const email = uniqueEmail("key-burst");
    await client.registerEmail(email, "the right password 2");
    await burst(email, CAPTCHA_AFTER_FAILURES);
    const key = await client.captchaKey();

    const codes = await burst(email, 20, { recaptcha_key: key });
    expect(countOf(codes, AUTH_ERRORS.WRONG_PASSWORD.code)).toBe(FAILURES_PER_KEY);
    expect(countOf(codes, AUTH_ERRORS.CAPTCHA_REQUIRED.code)).toBe(20 - FAILURES_PER_KEY);
    // The key is spent: even the right password needs a new one.
    expect((await client.passwordLogin(email, "the right password 2", { recaptcha_key: key })).code).toBe(60077);
    const fresh = await client.captchaKey();
    expect((await client.passwordLogin(email, "the right password 2", { recaptcha_key: fresh })).code).toBe(0);
  });
});
