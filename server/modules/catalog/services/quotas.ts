// Daily quotas, exact under concurrency: a use is counted by ONE guarded upsert,
// `INSERT ... ON CONFLICT DO UPDATE SET count = count + 1 WHERE count < limit RETURNING`, so
// however many requests race, at most `limit` of them get a row back. Detail views also record
// which ids a user opened that business day: opening the same detail again that day is free
// (the page's own sub-requests, trend switches and reloads must not eat the quota).
import { and, eq, sql } from "drizzle-orm";
import { TransactionRollbackError } from "drizzle-orm/errors";
import type { Db } from "../../../db/client";
import { detailViews, usageCounters } from "../../../db/schema";
import type { Queryable } from "../store/meta";

export type Counter = "detailViews" | "searches";

/** Adds one use if fewer than `limit` were counted; false when the quota is used up. */
export async function takeOne(
  db: Queryable,
  userId: number,
  day: string,
  counter: Counter,
  limit: number,
): Promise<boolean> {
  if (limit <= 0) return false;
  const rows = await db
    .insert(usageCounters)
    .values({ userId, day, counter, count: 1 })
    .onConflictDoUpdate({
      target: [usageCounters.userId, usageCounters.day, usageCounters.counter],
      set: { count: sql`${usageCounters.count} + 1` },
      setWhere: sql`${usageCounters.count} < ${limit}`,
    })
    .returning({ count: usageCounters.count });
  return rows.length === 1;
}

/**
 * Spends a detail view on (kind, id) unless it was already opened that day. The view record and
 * the count commit together: if the quota is used up the record is rolled back, and a second
 * request for the same id waits on the first one's row instead of counting twice.
 */
export async function takeDetailView(
  db: Db,
  userId: number,
  day: string,
  kind: string,
  entityId: string,
  limit: number,
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const fresh = await tx
        .insert(detailViews)
        .values({ userId, day, kind, entityId })
        .onConflictDoNothing()
        .returning({ day: detailViews.day });
      if (fresh.length === 0) return true; // seen today: free
      if (await takeOne(tx, userId, day, "detailViews", limit)) return true;
      tx.rollback();
      return false;
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/** Today's count of one counter (0 when nothing was used). */
export async function usedToday(db: Queryable, userId: number, day: string, counter: Counter): Promise<number> {
  const [row] = await db
    .select({ count: usageCounters.count })
    .from(usageCounters)
    .where(and(eq(usageCounters.userId, userId), eq(usageCounters.day, day), eq(usageCounters.counter, counter)));
  return row?.count ?? 0;
}
