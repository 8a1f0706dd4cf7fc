// Settlement: what a payment's final state does to its order, always inside one transaction
// holding the order row (SELECT ... FOR UPDATE), so concurrent confirm-paid calls and duplicate
// webhooks settle an order once. succeeded: the order becomes paid and the membership is granted
// (once: an order already paid changes nothing); failed (declined): failed, Pay again or Cancel;
// expired or canceled at the gateway: the order is canceled. Only the order's current payment
// moves it; a late event of an earlier attempt changes nothing.
import { eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { orders, type Order } from "../../../db/schema";
import type { PaymentState } from "../../../adapters/payments/payments-adapter";
import { extendablePeriodEnd, grantMembership } from "../../accounts";
import { lockOrder } from "./orders";

/** `from` plus `months` calendar months (UTC), the day clamped to the month's last day. */
export function addCalendarMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export type SettleOutcome = "paid" | "failed" | "canceled" | "unchanged";

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
): Promise<{ order: Order; outcome: SettleOutcome }> {
  const order = await lockOrder(tx, orderId);
  const unchanged = { order, outcome: "unchanged" as const };
  if (order.paymentId !== paymentId || order.status === "paid") return unchanged;
  const update = async (values: Partial<Order>) => {
    const [row] = await tx
      .update(orders)
      .set({ ...values, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    return row;
  };
  switch (state) {
    case "succeeded": {
      // Money was collected: settle even an order canceled meanwhile (the gateway is the truth).
      const startsAt = (await extendablePeriodEnd(tx, order.userId, order.plan, now)) ?? now;
      const membership = await grantMembership(tx, {
        userId: order.userId,
        plan: order.plan,
        source: "order",
        startsAt,
        endsAt: addCalendarMonths(startsAt, order.months),
      });
      const paid = await update({ status: "paid", paidAt: now, membershipId: membership.id, failureReason: null });
      return { order: paid, outcome: "paid" };
    }
    case "failed":
      if (order.status !== "paying") return unchanged;
      return { order: await update({ status: "failed", failureReason: "declined" }), outcome: "failed" };
    case "expired":
    case "canceled":
      if (order.status !== "paying" && order.status !== "failed") return unchanged;
      return {
        order: await update({ status: "canceled", canceledAt: now, failureReason: state }),
        outcome: "canceled",
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
): Promise<{ order: Order; outcome: SettleOutcome }> {
  return db.transaction((tx) => settleInTransaction(tx, orderId, paymentId, state, now));
}
