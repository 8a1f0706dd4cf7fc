// No password, code or token reaches the logs during whole sign-in flows: registration by
// e-mail code, password login (wrong and right), captcha, reset by code, phone code login,
// QR-code login and a failing Google sign-in, all at LOG_LEVEL=trace.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { AuthClient, testClock, uniqueEmail, uniquePhone, type LoginDataBody } from "../helpers/auth";
import { captureLogs, openTestApp } from "../helpers/app";

let database: Database;
let app: FastifyInstance;
let client: AuthClient;
const logs = captureLogs();
const clock = testClock();

beforeAll(async () => {
  ({ database, app } = await openTestApp({
    env: {
      LOG_LEVEL: "trace",
      CAPTCHA_MAX_COUNTER: "20",
      GOOGLE_CLIENT_ID: "logs.apps.googleusercontent.com",
      GOOGLE_JWKS_URL: "http://127.0.0.1:9/certs",
    },
    logStream: logs,
    now: clock.now,
  }));
  client = new AuthClient(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

it("keeps every secret of the sign-in flows out of the logs", async () => {
  const secrets: string[] = [];
  const codes: string[] = [];
  const keep = (...values: string[]) => void secrets.push(...values);

  const email = uniqueEmail("logs");
  const password = "Log-Secret-Password-1";
  const newPassword = "Log-Secret-Password-2";
  keep(password, newPassword);

  // Registration by e-mail code.
  const registerCode = await client.code(email);
  codes.push(registerCode);
  const encrypted = await client.encrypt(password);
  keep(encrypted);
  const registered = await client.json<LoginDataBody>("POST", "/v1/user/ocean/email/code/register", {
    email,
    valid_code: registerCode,
    password: encrypted,
    invite_code: "LOGINVITE",
  });
  expect(registered.code).toBe(0);
  keep(registered.data.token);

  // Wrong passwords up to the captcha, then a real captcha solve and a login with its key.
  for (let i = 0; i < 5; i += 1) await client.passwordLogin(email, `Wrong-Secret-${i}-xyz`);
  keep(...[0, 1, 2, 3, 4].map((i) => `Wrong-Secret-${i}-xyz`));
  const challenge = (await app.inject({ method: "GET", url: "/v1/user/ocean/recaptcha/challenge" })).json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
  keep(payload, solution!.derivedKey);
  const captcha = await client.json<{ recaptcha_key: string }>("POST", "/v1/user/ocean/recaptcha/validate", {
    recaptcha_token: payload,
  });
  keep(captcha.data.recaptcha_key);
  const login = await client.passwordLogin(email, password, { recaptcha_key: captcha.data.recaptcha_key });
  expect(login.code).toBe(0);
  keep(login.data.token);

  // Reset by code; the old password is then refused.
  clock.advance(61_000);
  const resetCode = await client.code(email);
  codes.push(resetCode);
  const reset = await client.json("POST", "/v1/user/ocean/phone/password/update", {
    login_id: email,
    valid_code: resetCode,
    password: await client.encrypt(newPassword),
  });
  expect(reset.code).toBe(0);
  expect((await client.passwordLogin(email, password)).code).not.toBe(0);

  // Phone code login and QR-code login.
  const phone = uniquePhone();
  const phoneCode = await client.code(phone, { eventType: 5 });
  codes.push(phoneCode);
  const phoneLogin = await client.json<LoginDataBody>(
    "POST",
    "/v1/user/activity/phone/code/register-login",
    { phone_number: phone, valid_code: phoneCode },
    { system: 13 },
  );
  keep(phoneLogin.data.token);
  const ticket = (await client.json<{ ticket: string }>("POST", "/v1/user/third-login/app/qrcode")).data.ticket;
  keep(ticket);
  await client.json("POST", "/v1/user/third-login/app/qrcode/confirm", { ticket }, { token: phoneLogin.data.token });
  const qr = await client.json<{ login: LoginDataBody }>("POST", "/v1/user/third-login/app/qrcode/check", { ticket });
  keep(qr.data.login.token);

  // A Google sign-in that fails at the JWKS fetch (logged as an error path).
  const idToken = `eyJhbGciOiJSUzI1NiIsImtpZCI6ImsifQ.${Buffer.from('{"sub":"log-sub-secret"}').toString("base64url")}.c2lnbmF0dXJlLXNlY3JldA`;
  keep(idToken, "c2lnbmF0dXJlLXNlY3JldA");
  await client.json("POST", "/v1/user/third-login/id-token/google", { id_token: idToken, source: "google" });

  const output = logs.lines.join("");
  // Some 30 requests, one access line each, and the flows' own lines: the logs were captured.
  expect(logs.lines.length).toBeGreaterThan(30);
  for (const secret of secrets) expect(output, "a secret in the logs").not.toContain(secret);
  // Codes are 6 digits: compare against whole numbers only (durations like 3.123456 are not codes).
  const integers = new Set(output.replace(/\d+\.\d+/g, " ").match(/\d+/g) ?? []);
  for (const code of codes) expect(integers.has(code), "a verification code in the logs").toBe(false);
});
