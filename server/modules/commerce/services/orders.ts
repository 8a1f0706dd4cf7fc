// Orders (the spec's subscriptions): placing one (pre-payment), finding the caller's own, listing
// them (the invoices) and canceling an unpaid one. At most one open order (unpaid, paying,
// failed) per user: the partial unique index orders_one_open_per_user decides between
// concurrent pre-payments, and the loser is answered 70010 naming the open order.
import { randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, ne } from "drizzle-orm";
import { OPEN_ORDER_STATUSES } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { couponRedemptions, orders, type Order } from "../../../db/schema";
import { COMMERCE_ERRORS, CommerceError, commerceError } from "../errors";
import { quoteOrder, type OrderRequest, type PricingConfig } from "./pricing";

const NO_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** SR + the UTC date + 8 random characters, e.g. SR20261124AB12CD34. */
export function newSubscriptionNo(now: Date): string {
  const bytes = randomBytes(8);
  const suffix = Array.from(bytes, (byte) => NO_ALPHABET[byte % NO_ALPHABET.length]).join("");
  return `SR${now.toISOString().slice(0, 10).replace(/-/g, "")}${suffix}`;
}

/** The user's open order (unpaid, paying or failed), if any; renewals are the job's, not the user's. */
export async function openOrderOf(db: Db, userId: number): Promise<Order | null> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES]), ne(orders.kind, "renewal")),
    );
  return row ?? null;
}

function duplicateOrder(open: Order): CommerceError {
  return new CommerceError(COMMERCE_ERRORS.UNPAID_ORDER_EXISTS, { subscription_no: open.subscriptionNo });
}

/** Whether `error` (or its cause: drizzle wraps driver errors) is a violation of `constraint`. */
function violates(error: unknown, constraint: string): boolean {
  for (let current = error; current; current = (current as { cause?: unknown }).cause) {
    const candidate = current as { code?: unknown; constraint?: unknown; message?: unknown };
    if (
      candidate.code === "23505" &&
      (candidate.constraint === constraint || String(candidate.message).includes(constraint))
    )
      return true;
    if (current === (current as { cause?: unknown }).cause) break;
  }
  return false;
}

/**
 * pre-payment: prices the request and creates the user's unpaid order with its coupon
 * redemption, in one transaction (the coupon row locked while its uses are counted).
 */
export async function placeOrder(
  db: Db,
  config: PricingConfig,
  userId: number,
  request: OrderRequest,
  now: Date,
  kind: "purchase" | "upgrade" = "purchase",
): Promise<Order> {
  const open = await openOrderOf(db, userId);
  if (open) throw duplicateOrder(open);
  try {
    return await db.transaction(async (tx) => {
      const quote = await quoteOrder(tx, config, request, userId, now, true);
      if (quote.methodError) throw quote.methodError;
      if (quote.couponTip)
        throw new CommerceError(COMMERCE_ERRORS.COUPON_NOT_APPLICABLE, { coupon_tip: quote.couponTip });
      const [order] = await tx
        .insert(orders)
        .values({
          subscriptionNo: newSubscriptionNo(now),
          userId,
          plan: request.plan,
          months: request.months,
          country: request.country,
          method: quote.method.id,
          currency: quote.currency,
          subtotalUsdCents: quote.subtotalUsdCents,
          discountUsdCents: quote.discountUsdCents,
          totalUsdCents: quote.totalUsdCents,
          subtotalLocalMinor: quote.subtotalLocalMinor,
          discountLocalMinor: quote.discountLocalMinor,
          totalLocalMinor: quote.totalLocalMinor,
          fxRate: quote.rate.perUsd,
          fxRateDate: quote.rate.date,
          couponId: quote.coupon?.id ?? null,
          couponCode: quote.coupon?.code ?? null,
          marketingId: request.marketingId,
          groupNum: request.groupNum,
          kind,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (quote.coupon)
        await tx.insert(couponRedemptions).values({ couponId: quote.coupon.id, userId, orderId: order.id });
      return order;
    });
  } catch (error) {
    if (!violates(error, "orders_one_open_per_user")) throw error;
    const winner = await openOrderOf(db, userId);
    throw winner ? duplicateOrder(winner) : error;
  }
}

/** The caller's order by id or subscription_no; anyone else's (or none) is 70011. */
export async function ownOrder(db: Db, userId: number, idOrNo: string): Promise<Order> {
  const byId = /^\d{1,15}$/.test(idOrNo);
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), byId ? eq(orders.id, Number(idOrNo)) : eq(orders.subscriptionNo, idOrNo)));
  if (!row) throw commerceError("ORDER_NOT_FOUND");
  return row;
}

/** The caller's orders, newest first, a page at a time, and how many there are. */
export async function listOrders(
  db: Db,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ list: Order[]; total: number }> {
  const [list, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  return { list, total };
}

/** How many orders the user has paid (the first-order offers: none yet). */
export async function paidOrderCount(db: Db, userId: number): Promise<number> {
  const [{ paid }] = await db
    .select({ paid: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, "paid")));
  return paid;
}

/** Locks the order row for the rest of the transaction and reads it. */
export async function lockOrder(tx: Db, orderId: number): Promise<Order> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return row;
}

/** Writes `values` to the (locked) order and answers the row as it is now. */
export async function updateOrder(tx: Db, orderId: number, values: Partial<Order>, now: Date): Promise<Order> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, updatedAt: now })
    .where(eq(orders.id, orderId))
    .returning();
  return row;
}

/** The user cancels: the order becomes canceled if it is still in one of `from` (else 70013). */
export async function cancelOrder(
  db: Db,
  orderId: number,
  from: readonly Order["status"][],
  now: Date,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!from.includes(order.status)) throw commerceError("ORDER_NOT_CANCELABLE");
    return updateOrder(tx, orderId, { status: "canceled", canceledAt: now }, now);
  });
}
