// Monitored items (code 60003): how many a user may keep at once is the plan matrix's
// monitorAccounts. Adding is counted under a per-user transaction-scoped advisory lock, so two
// requests racing at the limit cannot both pass the count; adding one already monitored (or
// removing one that is not) changes nothing. Thresholds are per item.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { DEFAULT_MONITOR_THRESHOLDS, type MonitorKind, type MonitorThresholds } from "../../../../contract/monitoring";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { monitors } from "../../../db/schema";
import { requireAccess, type PlanTier } from "../../catalog";

export type MonitorRow = typeof monitors.$inferSelect;

export interface ItemKey {
  userId: number;
  kind: MonitorKind;
  entityId: string;
}

const itemIs = ({ userId, kind, entityId }: ItemKey) =>
  and(eq(monitors.userId, userId), eq(monitors.kind, kind), eq(monitors.entityId, entityId));

export const thresholdsOf = (row: MonitorRow): MonitorThresholds => ({
  rankPlaces: row.rankPlaces,
  salesPercent: row.salesPercent,
  newVideos: row.newVideos,
  topList: row.topList,
});

/**
 * Adds (idempotently; `thresholds` then change nothing) within the tier's limit; throws
 * 803/60003 from requireAccess. Returns the count after.
 */
export async function addMonitor(
  db: Db,
  key: ItemKey,
  thresholds: Partial<MonitorThresholds>,
  tier: PlanTier,
  matrix: Config["planMatrix"],
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shopradar:monitor:${key.userId}`}))`);
    const [held] = await tx.select({ n: count() }).from(monitors).where(eq(monitors.userId, key.userId));
    const [already] = await tx.select({ id: monitors.entityId }).from(monitors).where(itemIs(key));
    if (already) return held.n;
    requireAccess(tier, { action: "monitor" }, matrix, { detailViews: 0, searches: 0, monitorAccounts: held.n });
    await tx.insert(monitors).values({ ...key, ...DEFAULT_MONITOR_THRESHOLDS, ...thresholds });
    return held.n + 1;
  });
}

/** Changes an item's thresholds; null when the user does not monitor it. */
export async function updateThresholds(
  db: Db,
  key: ItemKey,
  thresholds: Partial<MonitorThresholds>,
): Promise<MonitorRow | null> {
  if (Object.keys(thresholds).length === 0) {
    const [row] = await db.select().from(monitors).where(itemIs(key));
    return row ?? null;
  }
  const [row] = await db.update(monitors).set(thresholds).where(itemIs(key)).returning();
  return row ?? null;
}

/** Removes one; true when it was monitored. */
export async function removeMonitor(db: Db, key: ItemKey): Promise<boolean> {
  const removed = await db.delete(monitors).where(itemIs(key)).returning({ id: monitors.entityId });
  return removed.length > 0;
}

export async function monitorCount(db: Db, userId: number): Promise<number> {
  const [held] = await db.select({ n: count() }).from(monitors).where(eq(monitors.userId, userId));
  return held.n;
}

export async function isMonitored(db: Db, key: ItemKey): Promise<boolean> {
  const [row] = await db.select({ id: monitors.entityId }).from(monitors).where(itemIs(key));
  return row !== undefined;
}

/** The user's monitored items, newest first. */
export function monitorsOf(db: Db, userId: number): Promise<MonitorRow[]> {
  return db
    .select()
    .from(monitors)
    .where(eq(monitors.userId, userId))
    .orderBy(desc(monitors.createdAt), desc(monitors.kind), desc(monitors.entityId));
}
