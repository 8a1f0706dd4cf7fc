// Test wiring for server tests: an in-memory PGlite database (opened once per test file, as
// PGlite's cold start takes seconds; for an app, a copy of its demo dataset built once per run)
// and apps built on it exactly as server/index.ts does, driven through app.inject (for the
// account tests, with a movable clock and their client).
// Also the headers every API call needs.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe } from "vitest";
import { buildApp } from "../../../server/app";
import { IN_MEMORY_DATA_DIR, loadConfig, type Config } from "../../../server/config";
import { openDatabase, type Database } from "../../../server/db/client";
import type { LogStream } from "../../../server/lib/logger";
import { AuthClient, testClock, type TestClock } from "./auth";
import { openAppDatabase, openTestDatabase } from "./templates";

/** Headers the PWA sends on every API call (overseas site). */
export const API_HEADERS = { "system-id": "14" } as const;

/**
 * Config for tests: in-memory database, no logs, no static files, a tiny demo dataset, no
 * refresh timers and no rate limits unless overridden.
 */
export function testConfig(env: Record<string, string> = {}): Readonly<Config> {
  return loadConfig({
    DATA_DIR: IN_MEMORY_DATA_DIR,
    LOG_LEVEL: "silent",
    STATIC_DIR: "/nonexistent/shopradar-test-static",
    DEMO_DATA_SCALE: "0.02",
    RANK_REFRESH: "false",
    // Tests fire many requests from one address; the rate-limit tests switch limits back on.
    RATE_LIMIT_SCALE: "0",
    ...env,
  });
}

export { openTestDatabase };

export interface TestAppOptions {
  env?: Record<string, string>;
  logStream?: LogStream;
  /** The clock the account services see (see testClock in helpers/auth.ts). */
  now?: () => Date;
}

/** Builds the app on an already open database; close the app (not the database) after. */
export function buildTestApp(database: Database, options: TestAppOptions = {}): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(options.env), database, logStream: options.logStream, now: options.now });
}

export interface TestApp {
  database: Database;
  app: FastifyInstance;
  /** Closes the app, then the database. */
  close: () => Promise<void>;
}

/**
 * Opens an in-memory database and builds the app on it: one per test file. The database starts
 * with the demo dataset the app would generate, rank lists published (helpers/templates.ts).
 */
export async function openTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openAppDatabase(testConfig(options.env));
  const app = await buildTestApp(database, options);
  return {
    database,
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface AuthTestApp extends TestApp {
  /** The clock the account services see. */
  clock: TestClock;
  client: AuthClient;
}

/** openTestApp for the account tests: a movable clock, and a client for the sign-in routes. */
export async function openAuthTestApp(env: Record<string, string> = {}): Promise<AuthTestApp> {
  const clock = testClock();
  const opened = await openTestApp({ now: clock.now, env });
  return { ...opened, clock, client: new AuthClient(opened.app) };
}

/** Collects log lines in memory (pass as logStream with LOG_LEVEL below silent). */
export function captureLogs(): LogStream & { lines: string[] } {
  const lines: string[] = [];
  return { lines, write: (line) => void lines.push(line) };
}

/** How many migrations drizzle has recorded as applied in this database. */
export async function appliedMigrationCount(database: Database): Promise<number> {
  // Db is typed for both drivers, so raw results are `unknown`; both return `{ rows }`.
  const result = (await database.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as {
    rows: Array<{ n: number }>;
  };
  return result.rows[0].n;
}

/** How many migrations the repository has (server/db/migrations/meta/_journal.json). */
export function migrationFileCount(): number {
  const journal = JSON.parse(
    readFileSync(new URL("../../../server/db/migrations/meta/_journal.json", import.meta.url), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

export interface ThrowawayPostgres {
  /** Connection URL of a database created for this run only. */
  url: string;
  drop: () => Promise<void>;
}

/**
 * Creates a uniquely named database on the server of `adminUrl` (TEST_DATABASE_URL), so runs
 * never see each other's rows; drop() removes it, closing any connection left behind.
 */
export async function createThrowawayPostgres(adminUrl: string): Promise<ThrowawayPostgres> {
  const name = `shopradar_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  return { url: target.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export interface PostgresTestDatabase {
  /** Connection URL of the throwaway database (for a config's DATABASE_URL). */
  readonly url: string;
  readonly database: Database;
}

/**
 * Inside a describe block: a throwaway database on `adminUrl`'s server (TEST_DATABASE_URL),
 * created and opened before the block's tests (ahead of its own beforeAll hooks) and closed
 * and dropped after them.
 */
export function useThrowawayPostgres(adminUrl: string): PostgresTestDatabase {
  let throwaway: ThrowawayPostgres | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(adminUrl);
    database = await openDatabase({ dataDir: "unused", databaseUrl: throwaway.url });
  });
  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });
  return {
    get url() {
      return throwaway!.url;
    },
    get database() {
      return database!;
    },
  };
}

/**
 * The same tests on both databases the server runs on: an in-memory PGlite, and with
 * TEST_DATABASE_URL a throwaway PostgreSQL database (useThrowawayPostgres); `tests` gets the
 * block's database, opened before its tests and closed after them.
 */
export function describeOnBothDatabases(tests: (database: () => Database) => void): void {
  describe("on PGlite", () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase();
    });
    afterAll(() => database?.close());
    tests(() => database);
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  describe.runIf(adminUrl)("on PostgreSQL (TEST_DATABASE_URL)", () => {
    const postgres = useThrowawayPostgres(adminUrl!);
    tests(() => postgres.database);
  });
}
