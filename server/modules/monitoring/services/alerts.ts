// The Alerts tab's data: a user's alerts newest first with the unread count, marking some (or
// all) read, and the daily-digest setting. Every query is scoped to the user.
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { monitorAlerts, monitorSettings } from "../../../db/schema";

export type AlertRow = typeof monitorAlerts.$inferSelect;

const mine = (userId: number) => eq(monitorAlerts.userId, userId);

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(monitorAlerts)
    .where(and(mine(userId), isNull(monitorAlerts.readAt)));
  return row.n;
}

export async function alertPage(db: Db, userId: number, page: number, size: number) {
  const list = await db
    .select()
    .from(monitorAlerts)
    .where(mine(userId))
    .orderBy(desc(monitorAlerts.createdAt), desc(monitorAlerts.id))
    .limit(size)
    .offset((page - 1) * size);
  const [total] = await db.select({ n: count() }).from(monitorAlerts).where(mine(userId));
  return { list, total: total.n, unread: await unreadCount(db, userId) };
}

/** Marks the given alerts (all when `ids` is undefined) of the user read; returns the unread left. */
export async function markRead(db: Db, userId: number, ids: number[] | undefined, now: Date): Promise<number> {
  if (ids === undefined || ids.length > 0) {
    await db
      .update(monitorAlerts)
      .set({ readAt: now })
      .where(and(mine(userId), isNull(monitorAlerts.readAt), ids ? inArray(monitorAlerts.id, ids) : undefined));
  }
  return unreadCount(db, userId);
}

export async function dailyDigestOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select().from(monitorSettings).where(eq(monitorSettings.userId, userId));
  return row?.dailyDigest ?? false;
}

export async function setDailyDigest(db: Db, userId: number, dailyDigest: boolean): Promise<boolean> {
  await db
    .insert(monitorSettings)
    .values({ userId, dailyDigest })
    .onConflictDoUpdate({ target: monitorSettings.userId, set: { dailyDigest } });
  return dailyDigest;
}
