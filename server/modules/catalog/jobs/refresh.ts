// One rank refresh: a new snapshot version, taken by at most one instance per cadence slot.
// The transaction holds a PostgreSQL advisory lock (pg_try_advisory_xact_lock: an instance
// that finds it taken skips, it never waits), and the slot is recorded with the version so a
// late instance sees the slot done. PGlite is one process, so there the lock never contends.
import type { Db } from "../../../db/client";
import { REFRESH_LOCK_ID, tryLockForTransaction } from "../store/locks";
import { bumpVersion } from "../store/meta";

/** The new version, or null (another instance holds the lock, the slot is done, or no dataset). */
export function refreshRanks(db: Db, slot: Date | null): Promise<number | null> {
  return db.transaction(async (tx) => {
    if (!(await tryLockForTransaction(tx, REFRESH_LOCK_ID))) return null;
    return bumpVersion(tx, "refresh", slot);
  });
}
