// Transaction-scoped PostgreSQL advisory locks: how instances take turns at work only one of
// them should do (seeding, rank refreshes, purges). A lock ends with its transaction, so it can
// never outlive the work it guards, even if a connection is lost. Lock ids are fixed numbers,
// the same on every instance, kept next to the work they guard (the migration lock in client.ts
// is 7_420_001; the catalogue's are in modules/catalog/store/locks.ts).
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** What a lock needs: a database or a transaction. */
export type LockScope = Pick<Db, "execute">;

/** Waits for the lock until the transaction ends. */
export async function lockForTransaction(tx: LockScope, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${id})`);
}

/** Takes the lock for the transaction if free; false when another instance holds it. */
export async function tryLockForTransaction(tx: LockScope, id: number): Promise<boolean> {
  const result = (await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${id}) AS locked`)) as {
    rows: Array<{ locked: boolean }>;
  };
  return result.rows[0]?.locked === true;
}
