// Coupons: finding one by code (case-insensitive: codes are stored upper-case), deciding whether
// it applies to an order (the first failing check of contract COUPON_TIPS, in that order, with
// its English message) and what it takes off. Total and per-person uses are counted from the
// redemptions of orders that are open or paid, so canceling an order gives its use back.
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { OPEN_ORDER_STATUSES, type CouponTip, type PaidPlan } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { couponRedemptions, coupons, orders, type Coupon } from "../../../db/schema";
import { formatUsd } from "./money";

export interface CouponTipAnswer {
  code: CouponTip;
  message: string;
}

const TIP_MESSAGES: Readonly<Record<CouponTip, (coupon: Coupon | null) => string>> = {
  invalid: () => "Invalid coupon",
  unavailable: () => "The coupon is unavailable. Please contact support.",
  not_yet_effective: () => "The coupon is not yet effective",
  expired: () => "The coupon has expired",
  not_applicable_plan: () => "This coupon does not apply to this plan",
  below_minimum_amount: (coupon) =>
    `This coupon applies to orders of at least ${formatUsd(coupon?.minOrderUsdCents ?? 0)}`,
  below_minimum_percent: (coupon) =>
    `This discount applies to orders of at least ${formatUsd(coupon?.minOrderUsdCents ?? 0)}`,
  cannot_stack: () => "This coupon cannot be used with the current promotion",
  fully_given_out: () => "The coupons have all been given out. Please contact support.",
  per_person_limit: () => "You have reached the usage limit for this coupon",
};

export function couponTip(code: CouponTip, coupon: Coupon | null = null): CouponTipAnswer {
  return { code, message: TIP_MESSAGES[code](coupon) };
}

/** How codes are stored and compared. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface CouponOrder {
  plan: PaidPlan;
  subtotalUsdCents: number;
  userId: number | null;
  /** A marketing promotion the order comes from (checkout's marketing_id). */
  marketingId: string | null;
  now: Date;
}

export type CouponDecision =
  | { applies: true; coupon: Coupon; discountUsdCents: number }
  | { applies: false; coupon: Coupon | null; tip: CouponTipAnswer };

/**
 * Finds the coupon (locked FOR UPDATE when `lock`, inside the transaction placing an order, so
 * concurrent orders count its uses one after the other).
 */
export async function findCoupon(db: Db, code: string, lock = false): Promise<Coupon | null> {
  const query = db
    .select()
    .from(coupons)
    .where(eq(coupons.code, normalizeCouponCode(code)));
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** Redemptions of the coupon by orders still open or paid: in all, and by `userId`. */
async function usesOf(db: Db, couponId: number, userId: number | null): Promise<{ total: number; mine: number }> {
  const [row] = await db
    .select({
      total: count(),
      mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId ?? -1})`.mapWith(Number),
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(and(eq(couponRedemptions.couponId, couponId), inArray(orders.status, [...OPEN_ORDER_STATUSES, "paid"])));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/** The discount in US cents (never more than the subtotal). */
export function discountOf(coupon: Coupon, subtotalUsdCents: number): number {
  const off = coupon.kind === "percent" ? Math.round((subtotalUsdCents * coupon.value) / 100) : coupon.value;
  return Math.min(off, subtotalUsdCents);
}

/** Whether `coupon` (null: no such code) applies to the order, and its discount. */
export async function decideCoupon(db: Db, coupon: Coupon | null, order: CouponOrder): Promise<CouponDecision> {
  const refuse = (code: CouponTip): CouponDecision => ({ applies: false, coupon, tip: couponTip(code, coupon) });
  if (!coupon) return refuse("invalid");
  if (!coupon.active) return refuse("unavailable");
  if (coupon.startsAt && order.now < coupon.startsAt) return refuse("not_yet_effective");
  if (coupon.endsAt && order.now >= coupon.endsAt) return refuse("expired");
  if (coupon.plans.length > 0 && !coupon.plans.includes(order.plan)) return refuse("not_applicable_plan");
  if (order.subtotalUsdCents < coupon.minOrderUsdCents)
    return refuse(coupon.kind === "amount" ? "below_minimum_amount" : "below_minimum_percent");
  if (order.marketingId && !coupon.stackable) return refuse("cannot_stack");
  if (coupon.totalLimit !== null || coupon.perUserLimit !== null) {
    const uses = await usesOf(db, coupon.id, order.userId);
    if (coupon.totalLimit !== null && uses.total >= coupon.totalLimit) return refuse("fully_given_out");
    if (coupon.perUserLimit !== null && order.userId !== null && uses.mine >= coupon.perUserLimit)
      return refuse("per_person_limit");
  }
  return { applies: true, coupon, discountUsdCents: discountOf(coupon, order.subtotalUsdCents) };
}

export interface NewCoupon {
  code: string;
  kind: Coupon["kind"];
  value: number;
  minOrderUsdCents?: number;
  plans?: PaidPlan[];
  startsAt?: Date | null;
  endsAt?: Date | null;
  totalLimit?: number | null;
  perUserLimit?: number | null;
  stackable?: boolean;
  active?: boolean;
}

/** Creates a coupon; null when the code exists already (nothing is changed then). */
export async function createCoupon(db: Db, coupon: NewCoupon): Promise<Coupon | null> {
  const [row] = await db
    .insert(coupons)
    .values({ ...coupon, code: normalizeCouponCode(coupon.code) })
    .onConflictDoNothing({ target: coupons.code })
    .returning();
  return row ?? null;
}
