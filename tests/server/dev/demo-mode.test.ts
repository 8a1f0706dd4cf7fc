// What demo mode switches on and what a real deployment gets instead: /__dev/outbox exists only
// in demo mode and only for loopback clients; the demo accounts exist only in demo mode; the
// Chinese edition (system-id 13) is refused while it is off; without an e-mail transport a code
// request by e-mail gets a clear envelope, not a 500; and the start-up warnings. On PostgreSQL
// (TEST_DATABASE_URL) the acceptance case: DATABASE_URL set and no DEMO_MODE.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { users } from "../../../server/db/schema";
import { DEMO_ACCOUNTS } from "../../../server/modules/accounts/services/demo-accounts";
import { uniqueEmail, uniquePhone } from "../helpers/auth";
import { API_HEADERS, buildTestApp, captureLogs, openTestApp, useThrowawayPostgres } from "../helpers/app";

const OUTBOX = "/__dev/outbox";
const SEND_CODE = "/v1/user/ocean/sms/valid-code";
const DEMO_EMAIL = DEMO_ACCOUNTS[0].loginId;

async function demoAccountCount(database: Database): Promise<number> {
  let found = 0;
  for (const account of DEMO_ACCOUNTS) {
    const column = account.loginId.includes("@") ? users.email : users.phone;
    found += (await database.db.select().from(users).where(eq(column, account.loginId))).length;
  }
  return found;
}

function expectNotFound(response: Awaited<ReturnType<FastifyInstance["inject"]>>): void {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ code: 404, msg: `Not found: GET ${OUTBOX}`, data: null });
}

describe("outside demo mode (DEMO_MODE=false, no e-mail or SMS transport)", () => {
  let database: Database;
  let app: FastifyInstance;
  const logs = captureLogs();

  beforeAll(async () => {
    ({ database, app } = await openTestApp({ env: { DEMO_MODE: "false", LOG_LEVEL: "warn" }, logStream: logs }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("has no /__dev/outbox, even for loopback clients", async () => {
    expectNotFound(await app.inject({ method: "GET", url: OUTBOX, remoteAddress: "127.0.0.1" }));
  });

  it("creates no demo accounts", async () => {
    expect(await demoAccountCount(database)).toBe(0);
  });

  it("refuses the Chinese edition's system-id 13 with a clear 400 and keeps serving 14", async () => {
    const zh = await app.inject({ method: "GET", url: "/api/v1/plans", headers: { "system-id": "13" } });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      code: 400,
      msg: "The Chinese edition (system-id 13) is not available on this server: use 14",
      data: null,
    });
    const overseas = await app.inject({ method: "GET", url: "/api/v1/plans", headers: API_HEADERS });
    expect(overseas.json()).toMatchObject({ code: 0 });
  });

  it("answers a code request by e-mail with a clear envelope when there is no e-mail transport", async () => {
    const response = await app.inject({
      method: "POST",
      url: SEND_CODE,
      headers: API_HEADERS,
      payload: { login_id: uniqueEmail("no-transport"), event_type: 10 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 60038,
      msg: "Verification codes cannot be sent by e-mail on this server at the moment. Please contact support.",
      data: null,
    });
  });

  it("warns once that codes cannot be e-mailed, and not about demo mode", () => {
    const warnings = logs.lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings.filter((line) => line.msg.startsWith("No e-mail transport"))).toHaveLength(1);
    expect(warnings.some((line) => line.msg.includes("DEMO MODE"))).toBe(false);
  });
});

describe("in demo mode (the embedded default)", () => {
  let database: Database;
  let app: FastifyInstance;
  const logs = captureLogs();

  beforeAll(async () => {
    ({ database, app } = await openTestApp({ env: { LOG_LEVEL: "warn" }, logStream: logs }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("logs exactly one demo-mode warning at start", () => {
    const demoLines = logs.lines.filter((line) => line.includes("DEMO MODE"));
    expect(demoLines).toHaveLength(1);
    expect(JSON.parse(demoLines[0])).toMatchObject({ level: 40 });
  });

  it("creates the demo accounts", async () => {
    expect(await demoAccountCount(database)).toBe(DEMO_ACCOUNTS.length);
  });

  it.each(["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])("shows the outbox to %s", async (remoteAddress) => {
    const response = await app.inject({ method: "GET", url: `${OUTBOX}?to=${DEMO_EMAIL}`, remoteAddress });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0, data: [] });
  });

  it.each(["10.0.0.7", "192.168.1.20", "::ffff:10.0.0.7", "2001:db8::1", "128.0.0.1"])(
    "answers %s the usual 404, whatever X-Forwarded-For says",
    async (remoteAddress) => {
      expectNotFound(
        await app.inject({
          method: "GET",
          url: OUTBOX,
          remoteAddress,
          headers: { "x-forwarded-for": "127.0.0.1" },
        }),
      );
    },
  );

  it("serves the Chinese edition", async () => {
    const response = await app.inject({
      method: "POST",
      url: SEND_CODE,
      headers: { "system-id": "13" },
      payload: { login_id: uniquePhone(), event_type: 5 },
    });
    expect(response.json()).toMatchObject({ code: 0 });
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL with DATABASE_URL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);

  it("without DEMO_MODE: no outbox and no demo accounts", async () => {
    const app = await buildTestApp(postgres.database, { env: { DATABASE_URL: postgres.url } });
    try {
      expectNotFound(await app.inject({ method: "GET", url: OUTBOX }));
      expect(await demoAccountCount(postgres.database)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("with DEMO_MODE=true: the demo accounts and the outbox exist there too", async () => {
    const app = await buildTestApp(postgres.database, { env: { DATABASE_URL: postgres.url, DEMO_MODE: "true" } });
    try {
      expect(await demoAccountCount(postgres.database)).toBe(DEMO_ACCOUNTS.length);
      expect((await app.inject({ method: "GET", url: OUTBOX })).statusCode).toBe(200);
      // The dataset is not generated at boot on PostgreSQL: `npm run data:seed` fills it.
      expect(app.data.snapshot.version).toBe(0);
    } finally {
      await app.close();
    }
  });
});
