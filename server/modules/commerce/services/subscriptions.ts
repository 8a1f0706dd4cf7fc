// Subscriptions: made in the settling transaction of a purchase or upgrade paid with a method
// the gateway saved (the older live one replaced), found for their owner only (someone else's
// is 70014), canceled (renewal off, the plan runs to its end), and updated with the decisions
// of subscription-rules.ts (a renewal paid or failed).
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, subscriptions, type Order, type Subscription } from "../../../db/schema";
import { endPeriodsAt } from "../../accounts";
import { commerceError } from "../errors";
import { canceled, newSubscription, type RenewalFailure, type SubscriptionFacts } from "./subscription-rules";

/** The facts the rules read, from a row. */
export const factsOf = (sub: Subscription): SubscriptionFacts => ({
  status: sub.status,
  periodEnd: sub.periodEnd,
  nextAttemptAt: sub.nextAttemptAt,
  failedAttempts: sub.failedAttempts,
  lastFailure: sub.lastFailure as RenewalFailure | null,
});

/** Writes the rules' facts to the subscription row. */
export async function applyFacts(tx: Db, id: number, facts: SubscriptionFacts, now: Date): Promise<Subscription> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...facts, updatedAt: now })
    .where(eq(subscriptions.id, id))
    .returning();
  return row;
}

/**
 * The user's live subscription (active or past_due) set to replaced: a newer plan took over. Its
 * retries stop, so a failed renewal's grace ends now.
 */
export async function replaceLive(tx: Db, userId: number, now: Date): Promise<void> {
  await endPeriodsAt(tx, userId, now, ["grace"]);
  await tx
    .update(subscriptions)
    .set({ status: "replaced", nextAttemptAt: null, updatedAt: now })
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ["active", "past_due"])));
}

/**
 * Inside the settling transaction of a paid purchase or upgrade whose method was saved: the
 * subscription renewing `order`'s plan at `periodEnd`, the older live one replaced, and the
 * order linked to it.
 */
export async function startSubscription(tx: Db, order: Order, periodEnd: Date, adapterName: string, now: Date) {
  await replaceLive(tx, order.userId, now);
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      userId: order.userId,
      plan: order.plan,
      months: order.months,
      country: order.country,
      currency: order.currency,
      adapter: adapterName,
      firstOrderId: order.id,
      ...newSubscription(periodEnd),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.update(orders).set({ subscriptionId: sub.id }).where(eq(orders.id, order.id));
  return sub;
}

/** The caller's subscription `id`; anyone else's (or none) is 70014. */
export async function ownSubscription(db: Db, userId: number, id: number): Promise<Subscription> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)));
  if (!row) throw commerceError("SUBSCRIPTION_NOT_FOUND");
  return row;
}

/** What My Plan shows: the user's newest subscription that was not replaced; null when none. */
export async function shownSubscription(db: Db, userId: number): Promise<Subscription | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, "replaced")))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row ?? null;
}

/** Locks the subscription row for the rest of the transaction and reads it. */
export async function lockSubscription(tx: Db, id: number): Promise<Subscription> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for("update");
  return row;
}

/** Renewal off (POST cancel/{id}): the plan runs to its end; an expired or replaced one is 70014. */
export async function cancelSubscription(db: Db, userId: number, id: number, now: Date): Promise<Subscription> {
  await ownSubscription(db, userId, id);
  return db.transaction(async (tx) => {
    const sub = await lockSubscription(tx, id);
    const decision = canceled(factsOf(sub), now);
    if (!decision) throw commerceError("SUBSCRIPTION_NOT_FOUND");
    if (sub.status === "canceled") return sub;
    if (decision.endGraceAt) await endPeriodsAt(tx, userId, decision.endGraceAt, ["grace"]);
    const [row] = await tx
      .update(subscriptions)
      .set({ ...decision.next, canceledAt: now, updatedAt: now })
      .where(eq(subscriptions.id, id))
      .returning();
    return row;
  });
}
