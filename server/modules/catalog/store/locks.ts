// Advisory lock ids of the data service (any fixed numbers, the same on every instance; the
// migration lock in db/client.ts is 7_420_001). Transaction-scoped locks are used, so a lock
// can never outlive the work it guards, even if a connection is lost.
import { sql } from "drizzle-orm";
import type { Queryable } from "./meta";

export const SEED_LOCK_ID = 7_420_101;
export const REFRESH_LOCK_ID = 7_420_102;

/** Waits for the lock until the transaction ends. */
export async function lockForTransaction(tx: Queryable, id: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${id})`);
}

/** Takes the lock for the transaction if free; false when another instance holds it. */
export async function tryLockForTransaction(tx: Queryable, id: number): Promise<boolean> {
  const result = (await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${id}) AS locked`)) as {
    rows: Array<{ locked: boolean }>;
  };
  return result.rows[0]?.locked === true;
}
