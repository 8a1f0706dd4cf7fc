// Long legitimate work, such as writing a whole dataset in one transaction (seeds, imports, and
// instances waiting for another's seed), must not be cut by the pool's statement_timeout
// (DB_STATEMENT_TIMEOUT_MS, meant for requests). This lifts it for one transaction only; lock
// waits stay bounded (lockForTransaction), and so does an idle open transaction.
import { sql } from "drizzle-orm";
import type { LockScope } from "./advisory-locks";

/** No statement_timeout for the rest of this transaction (SET LOCAL). */
export async function allowLongStatements(tx: LockScope): Promise<void> {
  await tx.execute(sql`SELECT set_config('statement_timeout', '0', true)`);
}
