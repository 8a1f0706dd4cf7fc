// Advisory lock ids of the data service (any fixed numbers, the same on every instance); the
// lock functions are the database's (db/advisory-locks.ts).
export { lockForTransaction, tryLockForTransaction, trySessionLock } from "../../../db/advisory-locks";

export const SEED_LOCK_ID = 7_420_101;
export const REFRESH_LOCK_ID = 7_420_102;
export const SEARCH_BACKFILL_LOCK_ID = 7_420_103;
/** Held for a whole import (its batches and merge pages are many transactions). */
export const IMPORT_LOCK_ID = 7_420_104;
