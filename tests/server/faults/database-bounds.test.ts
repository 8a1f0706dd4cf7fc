// The bounds on waiting: the PostgreSQL pool's statement_timeout, lock_timeout and
// idle_in_transaction_session_timeout (DB_*_TIMEOUT_MS), jit and parallel workers off on every
// pooled session, a bounded advisory-lock wait with its own error, long work lifting the statement
// bound and allowing parallel workers for its own transaction only, and REQUEST_TIMEOUT_MS on the
// HTTP server.
import { setTimeout as sleep } from "node:timers/promises";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LockWaitTimeoutError, lockForTransaction } from "../../../server/db/advisory-locks";
import { openDatabase, type Database } from "../../../server/db/client";
import { allowLongStatements, LONG_WORK_PARALLEL_WORKERS } from "../../../server/db/long-work";
import { unavailableReason } from "../../../server/db/unavailable";
import { createThrowawayPostgres, openTestApp, type ThrowawayPostgres } from "../helpers/app";

const adminUrl = process.env.TEST_DATABASE_URL;
const LOCK_ID = 7_420_999;

type Scope = Pick<Database["db"], "execute">;
async function show(scope: Scope, setting: string): Promise<string> {
  const result = (await scope.execute(sql.raw(`SHOW ${setting}`))) as { rows: Array<Record<string, string>> };
  return result.rows[0][setting];
}

describe("REQUEST_TIMEOUT_MS", () => {
  it("is the HTTP server's requestTimeout", async () => {
    const { database, app } = await openTestApp({ env: { REQUEST_TIMEOUT_MS: "4321" } });
    try {
      expect(app.server.requestTimeout).toBe(4321);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe.runIf(adminUrl)("PostgreSQL bounds (TEST_DATABASE_URL)", () => {
  let throwaway: ThrowawayPostgres;
  let database: Database;

  beforeAll(async () => {
    throwaway = await createThrowawayPostgres(adminUrl!);
    database = await openDatabase({
      dataDir: "unused",
      databaseUrl: throwaway.url,
      dbStatementTimeoutMs: 300,
      dbLockTimeoutMs: 700,
      dbIdleTransactionTimeoutMs: 500,
    });
  });

  afterAll(async () => {
    await database?.close();
    await throwaway?.drop();
  });

  it("every pooled session has the configured bounds, and the defaults without them", async () => {
    expect(await show(database.db, "statement_timeout")).toBe("300ms");
    expect(await show(database.db, "lock_timeout")).toBe("700ms");
    expect(await show(database.db, "idle_in_transaction_session_timeout")).toBe("500ms");
    // And no JIT compilation, whose ~100 ms per statement once estimates grow outweighs any read.
    expect(await show(database.db, "jit")).toBe("off");
    // Nor parallel workers, whose start cost a search ~10 ms with requests keeping the cores busy.
    expect(await show(database.db, "max_parallel_workers_per_gather")).toBe("0");
    const defaults = await openDatabase({ dataDir: "unused", databaseUrl: throwaway.url });
    try {
      expect(await show(defaults.db, "statement_timeout")).toBe("30s");
      expect(await show(defaults.db, "lock_timeout")).toBe("10s");
      expect(await show(defaults.db, "idle_in_transaction_session_timeout")).toBe("1min");
    } finally {
      await defaults.close();
    }
  });

  it("a statement past statement_timeout is cancelled, and counts as the database not answering", async () => {
    const error = await database.db.execute(sql`SELECT pg_sleep(2)`).then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(unavailableReason(error)).toBe("statement timed out");
  });

  it("long work lifts the statement bound and allows parallel workers for its own transaction only", async () => {
    const workers = await database.db.transaction(async (tx) => {
      await allowLongStatements(tx);
      await tx.execute(sql`SELECT pg_sleep(0.5)`);
      return show(tx, "max_parallel_workers_per_gather");
    });
    expect(workers).toBe(String(LONG_WORK_PARALLEL_WORKERS));
    await expect(database.db.execute(sql`SELECT pg_sleep(0.5)`)).rejects.toThrow();
    expect(await show(database.db, "max_parallel_workers_per_gather")).toBe("0");
  });

  it("an advisory-lock wait ends with LockWaitTimeoutError after its bound, and the lock is taken once free", async () => {
    const holder = new pg.Client({ connectionString: throwaway.url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
      const waited = await database.db
        .transaction((tx) => lockForTransaction(tx, LOCK_ID, 200))
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(waited).toBeInstanceOf(LockWaitTimeoutError);
      expect((waited as Error).message).toMatch(/Advisory lock 7420999 still held by another session after 200 ms/);
      expect(unavailableReason(waited)).toBe("lock wait timed out");

      await holder.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]);
      const after = await database.db.transaction(async (tx) => {
        await lockForTransaction(tx, LOCK_ID, 200);
        // The transaction's own lock_timeout is back once the lock is held.
        return show(tx, "lock_timeout");
      });
      expect(after).toBe("700ms");
    } finally {
      await holder.end();
    }
  });

  it("a transaction left idle past its bound is ended by the server, releasing its locks", async () => {
    const error = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_ID})`);
        await sleep(1_200);
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => null,
        (failure: unknown) => failure,
      );
    expect(unavailableReason(error)).toBe("connection lost");
    // The lock went with the session: another transaction takes it at once.
    await database.db.transaction((tx) => lockForTransaction(tx, LOCK_ID, 200));
  });
});
