// How a renewal order settles, inside the transaction that holds its row: paid, the membership
// runs from the period end its renewal key names for the subscription's months and the
// subscription moves on (subscription-rules.ts renewalPaid); failed, the order is failed and the
// subscription goes past_due on the dunning schedule with its grace, or expires after the last
// retry (renewalFailed). The subscription changes only while it is still at the period the
// order renews, so a late or repeated answer never moves it twice.
import type { Db } from "../../../db/client";
import type { Order } from "../../../db/schema";
import type { PaymentState } from "../../../adapters/payments/payments-adapter";
import { endPeriodsAt, grantMembership } from "../../accounts";
import { updateOrder } from "./orders";
import type { Settled } from "./settled";
import {
  periodEndOfKey,
  renewalFailed,
  renewalKeyOf,
  renewalPaid,
  settleDecision,
  type RenewalFailure,
} from "./subscription-rules";
import { applyFacts, factsOf, lockSubscription } from "./subscriptions";

/** The order's subscription, locked, when it is still at the period the order renews; else null. */
async function subscriptionAtPeriod(tx: Db, order: Order) {
  if (order.subscriptionId === null || order.renewalKey === null) return null;
  const sub = await lockSubscription(tx, order.subscriptionId);
  return sub && renewalKeyOf(sub.id, sub.periodEnd) === order.renewalKey ? sub : null;
}

/** A failed attempt of the (locked) renewal order: the order fails, the subscription is dunned. */
export async function failRenewalInTransaction(
  tx: Db,
  order: Order,
  failure: RenewalFailure,
  now: Date,
): Promise<Settled> {
  const failed = await updateOrder(tx, order.id, { status: "failed", failureReason: failure }, now);
  const sub = await subscriptionAtPeriod(tx, order);
  if (sub) {
    const decision = renewalFailed(factsOf(sub), failure, now);
    await applyFacts(tx, sub.id, decision.next, now);
    if (decision.grantGrace)
      await grantMembership(tx, { userId: sub.userId, plan: sub.plan, source: "grace", ...decision.grantGrace });
    if (decision.endGraceAt) await endPeriodsAt(tx, sub.userId, decision.endGraceAt, ["grace"]);
  }
  return { order: failed, outcome: "failed", detached: [] };
}

/** Applies a payment's state to the (locked) renewal order; only its current payment counts. */
export async function settleRenewalInTransaction(
  tx: Db,
  order: Order,
  paymentId: string,
  state: PaymentState,
  now: Date,
): Promise<Settled> {
  const decision = settleDecision(order.status, order.paymentId === paymentId, state);
  if (decision === "fail" || decision === "cancel") {
    if (order.status !== "paying") return { order, outcome: "unchanged", detached: [] };
    return failRenewalInTransaction(tx, order, decision === "fail" ? "declined" : "gateway_error", now);
  }
  if (decision !== "pay" || order.renewalKey === null) return { order, outcome: "unchanged", detached: [] };
  const sub = await subscriptionAtPeriod(tx, order);
  const { period, next } = renewalPaid(
    sub ? factsOf(sub) : { ...NO_SUBSCRIPTION, periodEnd: periodEndOfKey(order.renewalKey) },
    order.months,
  );
  const membership = await grantMembership(tx, { userId: order.userId, plan: order.plan, source: "order", ...period });
  if (sub) await applyFacts(tx, sub.id, next, now);
  const paid = await updateOrder(
    tx,
    order.id,
    { status: "paid", paidAt: now, membershipId: membership.id, failureReason: null },
    now,
  );
  return { order: paid, outcome: "paid", detached: [] };
}

/** Stands in for a subscription that moved on: the period is granted, nothing is scheduled. */
const NO_SUBSCRIPTION = {
  status: "replaced",
  nextAttemptAt: null,
  failedAttempts: 0,
  lastFailure: null,
} as const;
