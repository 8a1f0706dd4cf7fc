// Payments of orders through the injected payments adapter (the sandbox gateway in demo mode):
// starting one (a new attempt with its own idempotency key, the order becomes paying),
// confirm-paid (asks the gateway and settles), canceling while paying (the gateway's payment is
// canceled first) and the webhook (verified by the adapter, deduplicated by event id in
// payment_events in the same transaction as the settlement). A recurring method's payment asks
// the gateway to save the method (saveFor the user's customer); the settling transaction then
// stores it and starts the subscription. Nothing here logs a signature, a secret or payment
// details beyond ids.
import { eq } from "drizzle-orm";
import { PAID_PLANS } from "../../../../contract/commerce";
import { orders, paymentEvents, type Order } from "../../../db/schema";
import type { PaymentsAdapter, PaymentStatus, StartedPayment } from "../../../adapters/payments/payments-adapter";
import { commerceError } from "../errors";
import { ensureCustomer } from "./customers";
import { cancelOrder, lockOrder } from "./orders";
import { recurringMethodOf } from "./recurring";
import { detachAtGateway } from "./saved-methods";
import { adapterOf, type PaymentsContext } from "./payments-context";
import type { SettleOutcome, Settled } from "./settled";
import { settle, settleInTransaction, type PaymentExtras } from "./settlement";

/** What the gateway reported beside the state, for the settling transaction. */
const extrasOf = (adapter: PaymentsAdapter, status: PaymentStatus): PaymentExtras => ({
  adapterName: adapter.name,
  savedMethod: status.savedMethod,
});

/** After a settling transaction committed: the cap's detached cards go, the catalog forgets the tier. */
export async function afterSettled(ctx: PaymentsContext, settled: Settled, userId: number): Promise<void> {
  if (settled.outcome === "paid") ctx.onMembershipGranted?.(userId);
  if (settled.detached.length && ctx.adapter) await detachAtGateway(ctx, ctx.adapter, settled.detached);
}

/** The customer to save the order's method for, when it renews; null otherwise (or when the gateway cannot make one). */
async function saveForOf(ctx: PaymentsContext, adapter: PaymentsAdapter, order: Order) {
  if (order.kind === "renewal" || !recurringMethodOf(adapter, ctx.paymentMethods, order.method)) return undefined;
  try {
    return { customerId: await ensureCustomer(ctx.db, adapter, order.userId) };
  } catch (error) {
    // The plan can still be bought; it will not renew by itself.
    ctx.log.warn(
      { err: error, subscriptionNo: order.subscriptionNo },
      "no gateway customer: the method will not be saved",
    );
    return undefined;
  }
}

const PLAN_NAMES: Record<(typeof PAID_PLANS)[number], string> = { basic: "Basic", premium: "Premium", pro: "Pro" };

export function describeOrder(order: Pick<Order, "plan" | "months">): string {
  return `ShopRadar ${PLAN_NAMES[order.plan]}, ${order.months === 1 ? "1 month" : `${order.months} months`}`;
}

/** The idempotency key of an order's payment attempt: a retried start returns the same payment. */
export const idempotencyKeyOf = (order: Pick<Order, "subscriptionNo">, attempt: number) =>
  `${order.subscriptionNo}:${attempt}`;

/**
 * Asks the gateway for the state of the order's current payment and settles the order with it
 * (idempotent). Orders without a payment or already final are answered as they are.
 */
export async function confirmPaid(ctx: PaymentsContext, order: Order, now: Date): Promise<Order> {
  if (!order.paymentId || (order.status !== "paying" && order.status !== "failed")) return order;
  const status = await adapterOf(ctx).retrievePayment(order.paymentId);
  return (await settleStatus(ctx, order, status, now)).order;
}

/**
 * A success for another amount or currency than the order's must not settle it (a tampered or
 * mixed-up payment): logged for a person to look at.
 */
export function collectedOtherAmount(
  ctx: Pick<PaymentsContext, "log">,
  order: Pick<Order, "subscriptionNo" | "totalLocalMinor" | "currency">,
  status: PaymentStatus,
): boolean {
  if (status.state !== "succeeded") return false;
  if (status.amountMinor === order.totalLocalMinor && status.currency === order.currency) return false;
  ctx.log.error(
    { subscriptionNo: order.subscriptionNo, paymentId: status.paymentId },
    "payment amount or currency differs from the order: not settled",
  );
  return true;
}

export async function settleStatus(
  ctx: PaymentsContext,
  order: Order,
  status: PaymentStatus,
  now: Date,
): Promise<{ order: Order; outcome: SettleOutcome }> {
  if (collectedOtherAmount(ctx, order, status)) return { order, outcome: "unchanged" };
  const settled = await settle(ctx.db, order.id, status.paymentId, status.state, now, extrasOf(adapterOf(ctx), status));
  await afterSettled(ctx, settled, order.userId);
  return settled;
}

/**
 * Starts (or resumes) the order's payment: unpaid and failed orders get a new attempt; a paying
 * order whose payment is still open gets that same payment back (same idempotency key).
 */
export async function startPayment(
  ctx: PaymentsContext,
  order: Order,
  returnUrl: string,
  now: Date,
): Promise<StartedPayment> {
  const adapter = adapterOf(ctx);
  // A paying order whose payment ended at the gateway (its webhook not here yet) is settled first.
  if (order.status === "paying" && order.paymentId) order = await confirmPaid(ctx, order, now);
  const attempt = await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked.status === "paying") return locked.attempts;
    if (locked.status !== "unpaid" && locked.status !== "failed") throw commerceError("ORDER_NOT_PAYABLE");
    const next = locked.attempts + 1;
    await tx
      .update(orders)
      .set({
        status: "paying",
        attempts: next,
        paymentId: null,
        paymentAdapter: adapter.name,
        failureReason: null,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
    return next;
  });
  const saveFor = await saveForOf(ctx, adapter, order);
  let started: StartedPayment;
  try {
    started = await adapter.startPayment({
      reference: order.subscriptionNo,
      amountMinor: order.totalLocalMinor,
      currency: order.currency,
      method: order.method,
      description: describeOrder(order),
      returnUrl,
      idempotencyKey: idempotencyKeyOf(order, attempt),
      ...(saveFor ? { saveFor } : {}),
    });
  } catch (error) {
    ctx.log.error(
      { err: error, subscriptionNo: order.subscriptionNo },
      "the payments adapter could not start a payment",
    );
    await ctx.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      if (locked.status === "paying" && locked.attempts === attempt && !locked.paymentId)
        await tx
          .update(orders)
          .set({ status: "failed", failureReason: "gateway_error", updatedAt: now })
          .where(eq(orders.id, order.id));
    });
    throw commerceError("PAYMENT_FAILED");
  }
  await ctx.db.transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (locked.status === "paying" && locked.attempts === attempt && locked.paymentId !== started.paymentId)
      await tx.update(orders).set({ paymentId: started.paymentId, updatedAt: now }).where(eq(orders.id, order.id));
  });
  // The previous attempt's payment, if it is still open at the gateway, must not be paid any more.
  if (order.paymentId && order.paymentId !== started.paymentId) {
    await adapter
      .cancelPayment(order.paymentId)
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, paymentId: order.paymentId }, "could not cancel the previous payment"),
      );
  }
  return started;
}

/**
 * cancel/in-pay: cancels the gateway's payment, then the order. A payment that succeeded
 * meanwhile settles the order instead (70013: it can no longer be canceled).
 */
export async function cancelWhilePaying(ctx: PaymentsContext, order: Order, now: Date): Promise<Order> {
  if (order.status !== "paying" && order.status !== "failed") throw commerceError("ORDER_NOT_CANCELABLE");
  if (order.paymentId && ctx.adapter) {
    await ctx.adapter.cancelPayment(order.paymentId);
    const status = await ctx.adapter.retrievePayment(order.paymentId);
    if (status.state === "succeeded") {
      await settleStatus(ctx, order, status, now);
      throw commerceError("ORDER_NOT_CANCELABLE");
    }
  }
  return cancelOrder(ctx.db, order.id, ["paying", "failed"], now);
}

export type WebhookOutcome = SettleOutcome | "duplicate" | "unknown_payment";

/**
 * A webhook delivery: verified by the adapter (WebhookRejected when it must not be believed),
 * then, in one transaction, recorded by event id (a known id changes nothing) and settled. A
 * failure before the commit records nothing, so the redelivery settles.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  adapter: PaymentsAdapter,
  rawBody: string,
  signature: string | undefined,
  now: Date,
): Promise<WebhookOutcome> {
  const event = adapter.parseWebhook(rawBody, signature, now);
  // Only the gateway's payment says which method it saved: asked before the settling transaction.
  const extras = event.state === "succeeded" ? await extrasOfEvent(ctx, adapter, event.paymentId) : undefined;
  const settled = await ctx.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, adapter: adapter.name, type: event.state, paymentId: event.paymentId })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { outcome: "duplicate" as const };
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, subscriptionNo: orders.subscriptionNo })
      .from(orders)
      .where(eq(orders.paymentId, event.paymentId));
    if (!order || order.subscriptionNo !== event.reference) {
      ctx.log.warn(
        { eventId: event.id, paymentId: event.paymentId },
        "payment webhook for an unknown payment: ignored",
      );
      return { outcome: "unknown_payment" as const };
    }
    const result = await settleInTransaction(tx, order.id, event.paymentId, event.state, now, extras);
    return { outcome: result.outcome, result, userId: order.userId };
  });
  if ("userId" in settled && settled.result) await afterSettled(ctx, settled.result, settled.userId);
  return settled.outcome;
}

/** The saved method of a succeeded payment of a purchase or upgrade paid with a recurring method. */
async function extrasOfEvent(
  ctx: PaymentsContext,
  adapter: PaymentsAdapter,
  paymentId: string,
): Promise<PaymentExtras | undefined> {
  const [order] = await ctx.db
    .select({ kind: orders.kind, method: orders.method })
    .from(orders)
    .where(eq(orders.paymentId, paymentId));
  if (!order || order.kind === "renewal" || !recurringMethodOf(adapter, ctx.paymentMethods, order.method))
    return undefined;
  return extrasOf(adapter, await adapter.retrievePayment(paymentId));
}
