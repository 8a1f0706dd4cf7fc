// Long legitimate work, such as writing a whole dataset in one transaction (seeds, imports, the
// rank refresh, and instances waiting for another's seed), must not be cut by the pool's
// statement_timeout (DB_STATEMENT_TIMEOUT_MS, meant for requests). This lifts it for one
// transaction only, and gives back the parallel workers the pool's sessions run without
// (db/client.ts); lock waits stay bounded (lockForTransaction), and so does an idle open
// transaction.
import { sql } from "drizzle-orm";
import type { LockScope } from "./advisory-locks";

/** Parallel workers per query node for long work: PostgreSQL's default. */
export const LONG_WORK_PARALLEL_WORKERS = 2;

/** No statement_timeout, and parallel workers, for the rest of this transaction (SET LOCAL). */
export async function allowLongStatements(tx: LockScope): Promise<void> {
  await tx.execute(sql`SELECT set_config('statement_timeout', '0', true),
    set_config('max_parallel_workers_per_gather', ${String(LONG_WORK_PARALLEL_WORKERS)}, true)`);
}
