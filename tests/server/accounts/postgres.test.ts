// Races that only a real PostgreSQL can show (PGlite has one connection, so nothing there
// runs concurrently). Skipped unless TEST_DATABASE_URL is set; each run uses its own
// throwaway database. 50 concurrent registrations of one e-mail make one account; 20
// concurrent uses of one code log in once; concurrent sends of a code pass the 60 s rule once.
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memberships, sessions, users } from "../../../server/db/schema";
import { registerUser } from "../../../server/modules/accounts/services/accounts";
import { AuthClient, uniqueEmail, uniquePhone } from "../helpers/auth";
import { buildTestApp, useThrowawayPostgres } from "../helpers/app";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("account races on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let app: FastifyInstance;
  let client: AuthClient;

  beforeAll(async () => {
    app = await buildTestApp(postgres.database);
    client = new AuthClient(app);
  });

  afterAll(async () => {
    await app?.close();
  });

  it("50 concurrent registrations of the same e-mail make exactly one account", async () => {
    const email = uniqueEmail("race");
    const code = await client.code(email);
    const password = await client.encrypt("race condition pass");
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.json(
          "POST",
          "/v1/user/ocean/email/code/register",
          { email, valid_code: code, password, channel_id: i },
          { ip: `10.1.0.${i}` },
        ),
      ),
    );
    expect(responses.filter((response) => response.code === 0)).toHaveLength(1);
    expect(responses.every((response) => response.code !== 500)).toBe(true);
    const rows = await postgres.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(
      await postgres.database.db.select().from(memberships).where(eq(memberships.userId, rows[0].id)),
    ).toHaveLength(1);
  });

  it("50 concurrent sign-ups of one address in the service make one account, each with one trial", async () => {
    const email = uniqueEmail("service-race");
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        registerUser(
          { db: postgres.database.db, onUserRegistered: null },
          {
            user: { email, nickName: "race", language: "en", systemId: 14 },
            method: "email_code",
            channelId: 1,
            inviteCode: null,
            origin: { deviceHash: null, addressHash: null },
            now: new Date(),
          },
        ),
      ),
    );
    expect(results.filter((user) => user !== null)).toHaveLength(1);
    const rows = await postgres.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(
      await postgres.database.db.select().from(memberships).where(eq(memberships.userId, rows[0].id)),
    ).toHaveLength(1);
  });

  it("20 concurrent uses of one code over real HTTP log in at most once", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const answers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const response = await fetch(`http://127.0.0.1:${port}/v1/user/activity/phone/code/register-login`, {
          method: "POST",
          headers: { "content-type": "application/json", "system-id": "13" },
          body: JSON.stringify({ phone_number: phone, valid_code: code, from_system: 13 }),
        });
        return { status: response.status, body: (await response.json()) as { code: number } };
      }),
    );
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.every((answer) => answer.status < 500)).toBe(true);
    const [user] = await postgres.database.db.select().from(users).where(eq(users.phone, phone));
    expect(await postgres.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("10 concurrent code requests for one login id send one code", async () => {
    const email = uniqueEmail("send-race");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.json(
          "POST",
          "/v1/user/ocean/sms/valid-code",
          { login_id: email, event_type: 10 },
          { ip: `10.2.0.${i}` },
        ),
      ),
    );
    expect(responses.filter((response) => response.code === 0)).toHaveLength(1);
    expect(await client.outbox(email)).toHaveLength(1);
  });

  it("a confirmed QR ticket is claimed once by concurrent polls", async () => {
    const phone = uniquePhone();
    const code = await client.code(phone, { eventType: 5 });
    const login = await client.json<{ token: string }>(
      "POST",
      "/v1/user/activity/phone/code/register-login",
      { phone_number: phone, valid_code: code },
      { system: 13 },
    );
    const { ticket } = (await client.json<{ ticket: string }>("POST", "/v1/user/third-login/app/qrcode")).data;
    await client.json("POST", "/v1/user/third-login/app/qrcode/confirm", { ticket }, { token: login.data.token });
    const checks = await Promise.all(
      Array.from({ length: 10 }, () =>
        client.json<{ status: string }>("POST", "/v1/user/third-login/app/qrcode/check", { ticket }),
      ),
    );
    expect(checks.filter((check) => check.data.status === "confirmed")).toHaveLength(1);
  });
});
