// One rank refresh: a new snapshot version, taken by at most one instance per cadence slot.
// The transaction holds a PostgreSQL advisory lock (pg_try_advisory_xact_lock: an instance
// that finds it taken skips, it never waits), and the slot is recorded with the version so a
// late instance sees the slot done. PGlite is one process, so there the lock never contends.
// Under the lock and before the version bump, every rank list is computed in SQL into the rank
// tables (store/rank-tables.ts); servers still answer lists from their in-memory engine.
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import { REFRESH_LOCK_ID, tryLockForTransaction } from "../store/locks";
import { bumpVersion, calendarOf, readMeta, slotDone } from "../store/meta";
import { fillRankTables, type FilledRankTables } from "../store/rank-tables";

/**
 * The new version, or null (another instance holds the lock, the slot is done, or no dataset).
 * `onFilled` hears how many lists and rows the rank tables got and how long that took.
 */
export function refreshRanks(
  db: Db,
  slot: Date | null,
  onFilled?: (filled: FilledRankTables) => void,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (!(await tryLockForTransaction(tx, REFRESH_LOCK_ID))) return null;
    const meta = await readMeta(tx);
    if (!meta || (slot && (await slotDone(tx, slot)))) return null;
    await allowLongStatements(tx);
    const { startDate, endDate } = calendarOf(meta);
    const filled = await fillRankTables(tx, { startDate, endDate });
    onFilled?.(filled);
    return bumpVersion(tx, "refresh", slot);
  });
}
