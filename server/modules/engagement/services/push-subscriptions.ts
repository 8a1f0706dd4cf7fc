// Web-push subscriptions for campaigns: one row per push endpoint (the browser's
// capability URL), upserted when the browser subscribes again, removed on unsubscribe or when the
// push service says it is gone. Signed-in subscribers carry their user id; every row keeps the
// language and edition it subscribed from, so a campaign can target them.
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema";

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface NewSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The signed-in user, or null: a subscription saved anonymously is no one's. */
  userId: number | null;
  language: string;
  systemId: number;
}

export async function saveSubscription(db: Db, subscription: NewSubscription): Promise<void> {
  const { endpoint: _endpoint, ...rest } = subscription;
  await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: rest });
}

/** True when there was a subscription for the endpoint. */
export async function removeSubscription(db: Db, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

export interface Audience {
  language?: string;
  systemId?: number;
}

export function subscribers(db: Db, audience: Audience = {}): Promise<PushSubscriptionRow[]> {
  const filters: SQL[] = [];
  if (audience.language) filters.push(eq(pushSubscriptions.language, audience.language));
  if (audience.systemId) filters.push(eq(pushSubscriptions.systemId, audience.systemId));
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(...filters))
    .orderBy(pushSubscriptions.id);
}

export async function removeSubscriptionsById(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

export async function markSent(db: Db, ids: number[], at: Date): Promise<void> {
  if (ids.length) await db.update(pushSubscriptions).set({ lastSentAt: at }).where(inArray(pushSubscriptions.id, ids));
}
