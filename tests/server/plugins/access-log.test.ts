// Cheap request logging (server/lib/access-log.ts, logger.ts): exactly one access line per
// request, with method, status, time and request id, and its URL without personal or secret
// query values; database errors logged without the query's parameter values or the row's.
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pino, { type LoggerOptions } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { createUser } from "../../../server/modules/accounts/services/users";
import { accessLine } from "../../../server/lib/access-log";
import { loggingOptions } from "../../../server/lib/logger";
import { redactUrl } from "../../../server/lib/redact-url";
import { API_HEADERS, captureLogs, openTestApp } from "../helpers/app";

const EMAIL = "someone.private@example.com";
const PHONE = "13800138000";
const BAD_NUMBER = "not-a-number-4417";
const DUPLICATE = "duplicate.private@example.com";

let database: Database;
let app: FastifyInstance;
const logs = captureLogs();

interface LogLine {
  msg: string;
  level: number;
  reqId?: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
  err?: Record<string, unknown>;
}

const lines = (): LogLine[] => logs.lines.map((line) => JSON.parse(line) as LogLine);
const accessLines = () => lines().filter((line) => line.msg === "request");

beforeAll(async () => {
  ({ database, app } = await openTestApp({ env: { LOG_LEVEL: "info" }, logStream: logs }));
  // Two database failures whose driver errors quote the values: a bad cast, a duplicate key.
  app.get("/api/v1/__test/bad-cast", async () => {
    await database.db.execute(sql`SELECT ${BAD_NUMBER}::int AS n`);
    return { code: 0 };
  });
  app.get("/api/v1/__test/duplicate", async () => {
    await createUser(database.db, { email: DUPLICATE });
    await createUser(database.db, { email: DUPLICATE });
    return { code: 0 };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("the access line", () => {
  it("is written once per request, with method, redacted URL, status, time and request id", async () => {
    logs.lines.length = 0;
    const urls = [
      `/v1/user/ocean/exist-user?account=${encodeURIComponent(EMAIL)}&from_system=14`,
      `/__dev/outbox?to=${PHONE}`,
      "/api/v1/rank/goods?window=24h",
      `/api/v1/nothing?phone=${PHONE}&email=${EMAIL}&code=123456&token=tok-secret&password=pw-secret`,
    ];
    for (const url of urls) await app.inject({ method: "GET", url, headers: API_HEADERS });
    const access = accessLines();
    expect(access).toHaveLength(urls.length);
    expect(new Set(access.map((line) => line.reqId)).size).toBe(urls.length);
    expect(access.map((line) => line.url)).toEqual(urls.map(redactUrl));
    expect(access[0]).toMatchObject({
      method: "GET",
      url: "/v1/user/ocean/exist-user?account=[REDACTED]&from_system=14",
      status: 200,
      level: 30,
    });
    expect(access[0].ms).toBeGreaterThanOrEqual(0);
    expect(access[2]).toMatchObject({ url: "/api/v1/rank/goods?window=24h", status: 200 });
    expect(access[3].status).toBe(404);
    const output = logs.lines.join("");
    for (const secret of [EMAIL, encodeURIComponent(EMAIL), PHONE, "123456", "tok-secret", "pw-secret"])
      expect(output).not.toContain(secret);
    // Fastify's own two lines per request are gone.
    expect(output).not.toContain("incoming request");
    expect(output).not.toContain("request completed");
  });

  it("is the very text pino writes for the same fields (it is built by hand for speed)", () => {
    const written: string[] = [];
    // The server's own pino options (level, redaction, serializers), with a fixed clock.
    const options = loggingOptions({ logLevel: "info" }, { write: (line) => void written.push(line) }).logger;
    const { stream, ...pinoOptions } = options as LoggerOptions & { stream: pino.DestinationStream };
    const logger = pino({ ...pinoOptions, timestamp: () => ',"time":1790000000000' }, stream);
    const cases = [
      { method: "GET", url: "/api/v1/rank/goods?window=24h", status: 200, ms: 0.7 },
      { method: "POST", url: '/x?q="quoted"\\back\u2028line\u0000nul&kw=giày ผ้า 鞋', status: 404, ms: 12 },
      { method: "DELETE", url: "/v1/user/ocean/exist-user?account=[REDACTED]", status: 503, ms: 1234.5 },
    ];
    for (const [index, fields] of cases.entries()) {
      const child = logger.child({ reqId: `req-${index}` });
      child.info(fields, "request");
      const bindings = (child as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
      expect(accessLine(bindings, 1790000000000, fields)).toBe(written.at(-1));
    }
    expect(written).toHaveLength(cases.length);
  });

  it("redacts personal and secret query values, keeps the rest", () => {
    expect(redactUrl("/__dev/outbox?to=%2B84901234567")).toBe("/__dev/outbox?to=[REDACTED]");
    expect(redactUrl("/x?keyword=kem&login_id=a@b.c&valid_code=1&id_token=t&state=s")).toBe(
      "/x?keyword=kem&login_id=[REDACTED]&valid_code=[REDACTED]&id_token=[REDACTED]&state=[REDACTED]",
    );
    expect(redactUrl("/api/v1/rank/goods?window=24h&country=VN")).toBe("/api/v1/rank/goods?window=24h&country=VN");
  });
});

describe("database errors", () => {
  it.each([
    ["/api/v1/__test/bad-cast", BAD_NUMBER],
    ["/api/v1/__test/duplicate", DUPLICATE],
  ])("%s is logged without the query's values", async (url, secret) => {
    logs.lines.length = 0;
    const response = await app.inject({ method: "GET", url, headers: API_HEADERS });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain(secret);
    const failure = lines().find((line) => line.msg === "request failed");
    expect(failure?.err).toBeDefined();
    // Still useful: the error's kind, the SQL with placeholders, the SQLSTATE of the cause.
    expect(failure!.err!.type).toBeTruthy();
    expect(JSON.stringify(failure!.err)).toMatch(/"code":"(22P02|23505)"/);
    expect(logs.lines.join("")).not.toContain(secret);
    expect(JSON.stringify(failure!.err)).not.toMatch(/"params"|"parameters"|"detail"/);
  });
});
