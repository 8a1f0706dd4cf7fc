// Settlement: what a payment's final state does to its order, always inside one transaction
// holding the order row (SELECT ... FOR UPDATE), so concurrent confirm-paid calls and duplicate
// webhooks settle an order once (subscription-rules.ts settleDecision). succeeded: the order
// becomes paid and the membership is granted (once: an order already paid changes nothing): a
// purchase from the end of the paid time it extends, an upgrade from now with the current plan's
// remaining time carried (the older periods end now), a renewal from its subscription's period
// end (renewals.ts). When the gateway saved the method, the same transaction stores it and
// starts the subscription. failed (declined): failed, Pay again or Cancel; expired or canceled
// at the gateway: the order is canceled. Only the order's current payment moves it.
import type { Db } from "../../../db/client";
import type { Order } from "../../../db/schema";
import type { PaymentState, SavedMethodDetails } from "../../../adapters/payments/payments-adapter";
import { endPeriodsAt, extendablePeriodEnd, grantMembership } from "../../accounts";
import { currentPaidPlan } from "./my-plan";
import { lockOrder, updateOrder } from "./orders";
import type { Settled } from "./settled";
import { settleRenewalInTransaction } from "./renewal-settlement";
import { storeSavedMethod } from "./saved-methods";
import { purchasePeriod, settleDecision, upgradePeriod, type Period } from "./subscription-rules";
import { replaceLive, startSubscription } from "./subscriptions";

/** What the gateway reported beside the state: which adapter, and the method it saved. */
export interface PaymentExtras {
  adapterName: string | null;
  savedMethod: SavedMethodDetails | null;
}

export const NO_EXTRAS: PaymentExtras = { adapterName: null, savedMethod: null };

/** The paid period of a purchase or upgrade (and, for an upgrade, the older periods ended now). */
async function grantPaidPeriod(tx: Db, order: Order, now: Date): Promise<{ period: Period; carriedMs: number | null }> {
  if (order.kind === "upgrade") {
    const current = await currentPaidPlan(tx, order.userId, now);
    const period = upgradePeriod(now, current?.runsUntil ?? null, order.months);
    await endPeriodsAt(tx, order.userId, now, ["order", "demo", "invite", "grace", "experience", "activity"]);
    return { period, carriedMs: period.carriedMs };
  }
  const extendable = await extendablePeriodEnd(tx, order.userId, order.plan, now);
  return { period: purchasePeriod(now, extendable, order.months), carriedMs: null };
}

/**
 * Applies `state` of payment `paymentId` to the order `orderId`: locks the row, then changes it
 * only when that payment is still the order's current one and the order is not final yet.
 */
export async function settleInTransaction(
  tx: Db,
  orderId: number,
  paymentId: string,
  state: PaymentState,
  now: Date,
  extras: PaymentExtras = NO_EXTRAS,
): Promise<Settled> {
  const order = await lockOrder(tx, orderId);
  if (order.kind === "renewal") return settleRenewalInTransaction(tx, order, paymentId, state, now);
  const unchanged = { order, outcome: "unchanged" as const, detached: [] };
  const update = (values: Partial<Order>) => updateOrder(tx, orderId, values, now);
  switch (settleDecision(order.status, order.paymentId === paymentId, state)) {
    case "pay": {
      // Money was collected: settle even an order canceled meanwhile (the gateway is the truth).
      const { period, carriedMs } = await grantPaidPeriod(tx, order, now);
      const membership = await grantMembership(tx, {
        userId: order.userId,
        plan: order.plan,
        source: "order",
        ...period,
      });
      let detached: string[] = [];
      const adapterName = extras.adapterName ?? order.paymentAdapter;
      if (extras.savedMethod && adapterName) {
        const stored = await storeSavedMethod(tx, order.userId, adapterName, extras.savedMethod, now);
        detached = stored.detached;
        await startSubscription(tx, order, period.endsAt, adapterName, now);
      } else await replaceLive(tx, order.userId, now);
      const paid = await update({
        status: "paid",
        paidAt: now,
        membershipId: membership.id,
        failureReason: null,
        carriedMs,
      });
      return { order: paid, outcome: "paid", detached };
    }
    case "fail":
      return { order: await update({ status: "failed", failureReason: "declined" }), outcome: "failed", detached: [] };
    case "cancel":
      return {
        order: await update({ status: "canceled", canceledAt: now, failureReason: state }),
        outcome: "canceled",
        detached: [],
      };
    default:
      return unchanged;
  }
}

/** settleInTransaction in a transaction of its own. */
export function settle(
  db: Db,
  orderId: number,
  paymentId: string,
  state: PaymentState,
  now: Date,
  extras: PaymentExtras = NO_EXTRAS,
): Promise<Settled> {
  return db.transaction((tx) => settleInTransaction(tx, orderId, paymentId, state, now, extras));
}
