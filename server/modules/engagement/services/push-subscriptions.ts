// Web-push subscriptions for campaigns: one row per push endpoint (the browser's
// capability URL), upserted when the browser subscribes again (by its owner only), removed on
// unsubscribe or when the push service says it is gone. Signed-in subscribers carry their user id; every row keeps the
// language and edition it subscribed from, so a campaign can target them.
import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
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

/**
 * Saves a new subscription, or changes an existing one when the caller owns it: a user's
 * subscription only by that user; an anonymous one by whoever presents its keys (the browser
 * holding it; a signed-in caller then takes it over). False when the endpoint is someone
 * else's: an anonymous caller never takes over a user's subscription, and knowing an endpoint
 * alone changes nothing. One statement, so racing requests cannot slip between check and write.
 */
export async function saveSubscription(db: Db, subscription: NewSubscription): Promise<boolean> {
  const { endpoint: _endpoint, ...rest } = subscription;
  const existing = pushSubscriptions;
  const sameKeys = and(
    isNull(existing.userId),
    eq(existing.p256dh, subscription.p256dh),
    eq(existing.auth, subscription.auth),
  );
  const saved = await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: rest,
      setWhere: subscription.userId === null ? sameKeys : or(eq(existing.userId, subscription.userId), sameKeys),
    })
    .returning({ id: pushSubscriptions.id });
  return saved.length > 0;
}

export type Removal = "removed" | "absent" | "not-yours";

/** Removes a subscription: an anonymous one for anyone who knows its endpoint, a user's for that user only. */
export async function removeSubscription(db: Db, endpoint: string, userId: number | null): Promise<Removal> {
  const owned =
    userId === null
      ? isNull(pushSubscriptions.userId)
      : or(isNull(pushSubscriptions.userId), eq(pushSubscriptions.userId, userId));
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), owned))
    .returning({ id: pushSubscriptions.id });
  if (removed.length > 0) return "removed";
  const [other] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, endpoint));
  return other ? "not-yours" : "absent";
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
