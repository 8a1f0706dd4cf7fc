// Monitored influencers (code 60003): how many a user may keep at once is the plan
// matrix's monitorAccounts. Adding is counted under a per-user transaction-scoped advisory lock,
// so two requests racing at the limit cannot both pass the count; adding one already monitored
// (or removing one that is not) changes nothing.
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { DEFAULT_MONITOR_THRESHOLDS } from "../../../../contract/monitoring";
import { monitors } from "../../../db/schema";
import type { PlanMatrix, PlanTier } from "../engine";
import { requireAccess } from "./access";
import { influencerCard } from "./present";
import type { DataSnapshot } from "./snapshot";

const countFor = (userId: number) => eq(monitors.userId, userId);

/** Adds (idempotently) within the tier's limit; throws 803/60003 from requireAccess. Returns the count after. */
export async function addMonitor(
  db: Db,
  userId: number,
  influencerId: string,
  tier: PlanTier,
  matrix: Readonly<PlanMatrix>,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shopradar:monitor:${userId}`}))`);
    const [held] = await tx.select({ n: count() }).from(monitors).where(countFor(userId));
    const [already] = await tx
      .select({ id: monitors.entityId })
      .from(monitors)
      .where(and(eq(monitors.userId, userId), eq(monitors.kind, "influencers"), eq(monitors.entityId, influencerId)));
    if (already) return held.n;
    requireAccess(tier, { action: "monitor" }, matrix, { detailViews: 0, searches: 0, monitorAccounts: held.n });
    await tx
      .insert(monitors)
      .values({ userId, kind: "influencers", entityId: influencerId, ...DEFAULT_MONITOR_THRESHOLDS });
    return held.n + 1;
  });
}

/** Removes one; true when it was monitored. */
export async function removeMonitor(db: Db, userId: number, influencerId: string): Promise<boolean> {
  const removed = await db
    .delete(monitors)
    .where(and(eq(monitors.userId, userId), eq(monitors.kind, "influencers"), eq(monitors.entityId, influencerId)))
    .returning({ id: monitors.entityId });
  return removed.length > 0;
}

export async function monitorCount(db: Db, userId: number): Promise<number> {
  const [held] = await db.select({ n: count() }).from(monitors).where(countFor(userId));
  return held.n;
}

/** The user's monitored influencers, newest first, with the card of each one still in the dataset. */
export async function listMonitors(db: Db, snapshot: DataSnapshot, userId: number) {
  const rows = await db
    .select()
    .from(monitors)
    .where(countFor(userId))
    .orderBy(desc(monitors.createdAt), desc(monitors.entityId));
  return rows.map((row) => {
    const index = snapshot.rows.influencers.get(row.entityId);
    const influencer = index === undefined ? undefined : snapshot.dataset.influencers[index];
    return {
      influencer_id: row.entityId,
      created_at: row.createdAt.toISOString(),
      available: influencer !== undefined,
      ...(influencer ? { influencer: influencerCard(influencer) } : {}),
    };
  });
}
