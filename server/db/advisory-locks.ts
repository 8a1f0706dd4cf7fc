// Transaction-scoped PostgreSQL advisory locks: how instances take turns at work only one of
// them should do (seeding, rank refreshes, purges). A lock ends with its transaction, so it can
// never outlive the work it guards, even if a connection is lost. Work of many transactions (an
// import) holds a session lock on a connection of its own instead (trySessionLock). Lock ids are fixed numbers,
// the same on every instance, kept next to the work they guard (the migration lock in client.ts
// is 7_420_001; the catalogue's are in modules/catalog/store/locks.ts). A wait is always
// bounded: the caller says how long it may last.
import { sql } from "drizzle-orm";
import type { Db } from "./client";
import { LOCK_NOT_AVAILABLE, LockWaitTimeoutError, sqlStateOf } from "./unavailable";

export { LockWaitTimeoutError } from "./unavailable";

/** What a lock needs: a database or a transaction. */
export type LockScope = Pick<Db, "execute">;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Waits at most `waitMs` for the lock, then holds it until the transaction ends; throws
 * LockWaitTimeoutError when the wait runs out (the transaction is then aborted). The
 * transaction's own lock_timeout is back in force once the lock is taken.
 */
export async function lockForTransaction(tx: LockScope, id: number, waitMs: number): Promise<void> {
  const [{ previous }] = rowsOf<{ previous: string }>(
    await tx.execute(
      sql`SELECT current_setting('lock_timeout') AS previous, set_config('lock_timeout', ${`${waitMs}ms`}, true)`,
    ),
  );
  try {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${id})`);
  } catch (error) {
    if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) throw new LockWaitTimeoutError(id, waitMs, { cause: error });
    throw error;
  }
  await tx.execute(sql`SELECT set_config('lock_timeout', ${previous}, true)`);
}

/** Takes the lock for the transaction if free; false when another instance holds it. */
export async function tryLockForTransaction(tx: LockScope, id: number): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${id}) AS locked`));
  return row?.locked === true;
}

/** What holding a session lock gives back: its release. */
export type ReleaseLock = () => Promise<void>;

interface PoolLike {
  connect: () => Promise<{
    query: (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;
    release: () => void;
  }>;
  totalCount: number;
}

const isPool = (client: unknown): client is PoolLike =>
  typeof client === "object" && client !== null && "connect" in client && "totalCount" in client;

/** Session locks held in this process on an embedded database (one process holds it: PGlite). */
const heldInProcess = new WeakMap<object, Set<number>>();

/**
 * Takes the lock for work that spans many transactions (an import), if free: on PostgreSQL a
 * session advisory lock on a connection of its own, kept until the release (or until that
 * connection ends, when the process dies); on PGlite, which one process holds, a lock of this
 * process. Null when someone holds it.
 */
export async function trySessionLock(db: Db, id: number): Promise<ReleaseLock | null> {
  const client: unknown = (db as unknown as { $client: unknown }).$client;
  if (isPool(client)) {
    const connection = await client.connect();
    try {
      const { rows } = await connection.query("SELECT pg_try_advisory_lock($1) AS locked", [id]);
      if (rows[0]?.locked !== true) {
        connection.release();
        return null;
      }
    } catch (error) {
      connection.release();
      throw error;
    }
    return async () => {
      await connection.query("SELECT pg_advisory_unlock($1)", [id]).catch(() => undefined);
      connection.release();
    };
  }
  const key = client as object;
  const held = heldInProcess.get(key) ?? new Set<number>();
  heldInProcess.set(key, held);
  if (held.has(id)) return null;
  held.add(id);
  return () => {
    held.delete(id);
    return Promise.resolve();
  };
}
