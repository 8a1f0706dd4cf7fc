// Renewals: the job's work for each due subscription (active or past_due, next_attempt_at
// reached). In one short transaction under the renewal lock the due subscriptions are claimed:
// each gets its period's renewal order (renewal_key unique: one order per period, priced at
// today's price without a coupon), a new attempt on its newest saved method (the order becomes
// paying) and a lease on next_attempt_at, so no other run takes it meanwhile. After the commit
// each claimed attempt is charged off-session (idempotency key {subscription_no}:{attempt}: a
// run that crashed mid-charge is retried with the same key, so the gateway answers the same
// charge) and settled in a transaction of its own; a pending answer is settled by the webhook,
// or by the next run asking the gateway; a declined charge is also recorded for the card-error
// monitor with the gateway's reason. A user is never charged twice for one period.
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../../db/client";
import type { BillingMonths, CheckoutCountry } from "../../../../contract/commerce";
import {
  orders,
  savedPaymentMethods,
  subscriptions,
  type Order,
  type SavedPaymentMethod,
  type Subscription,
} from "../../../db/schema";
import type { PaymentsAdapter, PaymentStatus } from "../../../adapters/payments/payments-adapter";
import type { CommerceContext } from "../context";
import { recordCardError } from "./card-errors";
import { customerIdOf } from "./customers";
import { lockOrder, newSubscriptionNo } from "./orders";
import { afterSettled, collectedOtherAmount, describeOrder, idempotencyKeyOf } from "./payments";
import { pricePlan } from "./pricing";
import { failRenewalInTransaction, settleRenewalInTransaction } from "./renewal-settlement";
import { renewalMethodOf } from "./saved-methods";
import type { Settled } from "./settled";
import { renewalKeyOf, type RenewalFailure } from "./subscription-rules";

/** How long a claimed subscription is left to the run that claimed it. */
export const RENEWAL_LEASE_MS = 10 * 60_000;
/** Subscriptions claimed per run (the next run takes the rest). */
const CLAIM_LIMIT = 100;

/** A claimed attempt: charge the saved method, or ask the gateway about a pending charge. */
export interface ClaimedRenewal {
  order: Order;
  attempt: number;
  method: SavedPaymentMethod | null;
  mode: "charge" | "check";
}

type ClaimContext = Pick<CommerceContext, "config"> & { adapter: PaymentsAdapter };

/** The renewal order of `sub`'s current period: made now (today's price) or the one a run made. */
async function renewalOrderOf(tx: Db, ctx: ClaimContext, sub: Subscription, method: string, now: Date): Promise<Order> {
  const renewalKey = renewalKeyOf(sub.id, sub.periodEnd);
  const [existing] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.renewalKey, renewalKey));
  if (existing) return lockOrder(tx, existing.id);
  const price = await pricePlan(
    tx,
    ctx.config,
    sub.plan,
    sub.months as BillingMonths,
    sub.country as CheckoutCountry,
    now,
  );
  const [created] = await tx
    .insert(orders)
    .values({
      subscriptionNo: newSubscriptionNo(now),
      userId: sub.userId,
      plan: sub.plan,
      months: sub.months,
      country: sub.country,
      method,
      currency: price.currency,
      subtotalUsdCents: price.usdCents,
      discountUsdCents: 0,
      totalUsdCents: price.usdCents,
      subtotalLocalMinor: price.localMinor,
      discountLocalMinor: 0,
      totalLocalMinor: price.localMinor,
      fxRate: price.rate.perUsd,
      fxRateDate: price.rate.date,
      kind: "renewal",
      subscriptionId: sub.id,
      renewalKey,
      paymentAdapter: sub.adapter,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return lockOrder(tx, created.id);
}

/** Claims the due subscriptions (inside the transaction holding the renewal lock). */
export async function claimDueRenewals(tx: Db, ctx: ClaimContext, now: Date): Promise<ClaimedRenewal[]> {
  const due = await tx
    .select()
    .from(subscriptions)
    .where(and(inArray(subscriptions.status, ["active", "past_due"]), lte(subscriptions.nextAttemptAt, now)))
    .orderBy(asc(subscriptions.nextAttemptAt))
    .limit(CLAIM_LIMIT)
    .for("update", { skipLocked: true });
  const claimed: ClaimedRenewal[] = [];
  for (const sub of due) {
    const method = sub.adapter === ctx.adapter.name ? await renewalMethodOf(tx, sub.userId, sub.adapter) : null;
    let order = await renewalOrderOf(tx, ctx, sub, method?.method ?? "saved_method", now);
    if (order.status === "paid") continue;
    await tx
      .update(subscriptions)
      .set({ nextAttemptAt: new Date(now.getTime() + RENEWAL_LEASE_MS), updatedAt: now })
      .where(eq(subscriptions.id, sub.id));
    if (order.status === "paying") {
      // A charge under way: asked about (pending), or retried with the same key (a run crashed).
      const [used] = order.savedMethodId === null ? [] : await savedMethodById(tx, order.savedMethodId);
      claimed.push({
        order,
        attempt: order.attempts,
        method: used ?? null,
        mode: order.paymentId ? "check" : "charge",
      });
      continue;
    }
    const attempt = order.attempts + 1;
    [order] = await tx
      .update(orders)
      .set({
        status: method ? "paying" : order.status,
        attempts: attempt,
        savedMethodId: method?.id ?? null,
        paymentId: null,
        failureReason: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!method) await failRenewalInTransaction(tx, order, "no_payment_method", now);
    else claimed.push({ order, attempt, method, mode: "charge" });
  }
  return claimed;
}

const savedMethodById = (tx: Db, id: number) =>
  tx.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));

/** Charges a claimed attempt (or asks about its pending charge) and settles what the gateway answered. */
export async function completeRenewal(
  ctx: CommerceContext,
  adapter: PaymentsAdapter,
  claim: ClaimedRenewal,
  now: Date,
): Promise<Settled["outcome"] | "pending"> {
  const { order, attempt } = claim;
  let status: PaymentStatus;
  try {
    if (claim.mode === "check") status = await adapter.retrievePayment(order.paymentId!);
    else {
      const customerId = await customerIdOf(ctx.db, adapter.name, order.userId);
      if (!customerId || !claim.method) return settleFailure(ctx, claim, "no_payment_method", now);
      status = await adapter.chargeSaved({
        customerId,
        methodId: claim.method.gatewayMethodId,
        amountMinor: order.totalLocalMinor,
        currency: order.currency,
        reference: order.subscriptionNo,
        description: describeOrder(order),
        idempotencyKey: idempotencyKeyOf(order, attempt),
      });
    }
  } catch (error) {
    ctx.payments.log.warn({ err: error, subscriptionNo: order.subscriptionNo }, "renewal charge failed at the gateway");
    return settleFailure(ctx, claim, "gateway_error", now);
  }
  if (collectedOtherAmount(ctx.payments, order, status)) return "unchanged";
  const settled = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    const current =
      locked.status === "paying" &&
      locked.attempts === attempt &&
      (locked.paymentId ?? status.paymentId) === status.paymentId;
    if (!current) return null;
    const [withPayment] = await tx
      .update(orders)
      .set({ paymentId: status.paymentId, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (status.state === "pending") return null;
    return settleRenewalInTransaction(tx, withPayment, status.paymentId, status.state, now);
  });
  if (!settled) return status.state === "pending" ? "pending" : "unchanged";
  await afterSettled(ctx.payments, settled, order.userId);
  // A declined renewal goes to the card-error monitor with the gateway's reason, as the app's do.
  if (settled.outcome === "failed")
    await recordCardError(
      ctx.db,
      order.userId,
      {
        code: status.failureCode ?? "declined",
        message: "The renewal charge was declined",
        stage: "renewal",
        method: claim.method?.method ?? null,
        subscriptionNo: order.subscriptionNo,
      },
      now,
    );
  return settled.outcome;
}

/** A charge that never reached a payment: the attempt fails (if it is still the order's current one). */
async function settleFailure(ctx: CommerceContext, claim: ClaimedRenewal, failure: RenewalFailure, now: Date) {
  const settled = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, claim.order.id);
    if (locked.status !== "paying" || locked.attempts !== claim.attempt || locked.paymentId) return null;
    return failRenewalInTransaction(tx, locked, failure, now);
  });
  return settled?.outcome ?? "unchanged";
}
