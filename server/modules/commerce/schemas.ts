// The commerce module's wire shapes (snake_case, docs/commerce.md): the TypeBox schemas its
// routes share (plans, cycles, countries, the order request, the order) and the functions that
// turn rows into them. Amounts: *_usd in US dollars (two decimals), *_local in the order's
// currency, rounded to its decimals.
import { Type, type Static, type TSchema } from "@fastify/type-provider-typebox";
import { inArray } from "drizzle-orm";
import {
  BILLING_MONTHS,
  CHECKOUT_COUNTRIES,
  COUPON_TIPS,
  ORDER_KINDS,
  ORDER_STATUSES,
  PAID_PLANS,
} from "../../../contract/commerce";
import type { Db } from "../../db/client";
import { memberships, type Membership, type Order } from "../../db/schema";
import { ErrorEnvelope } from "../../lib/api";
import { wholeDays } from "./services/calendar";
import { minorToMajor } from "./services/money";
import type { OrderRequest } from "./services/pricing";

/** One of `values` (strings or numbers): a JSON-schema enum, so a bad value's 400 lists the allowed ones. */
export function OneOf<const T extends readonly (string | number)[]>(values: T) {
  return Type.Unsafe<T[number]>({ type: typeof values[0] === "number" ? "integer" : "string", enum: [...values] });
}

export const PlanSchema = OneOf(PAID_PLANS);
export const MonthsSchema = OneOf(BILLING_MONTHS);
export const CountrySchema = OneOf(CHECKOUT_COUNTRIES);
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** The body of price-query and pre-payment. */
export const OrderRequestBody = Type.Object({
  plan: PlanSchema,
  months: MonthsSchema,
  country: CountrySchema,
  method: Type.String({ minLength: 1, maxLength: 40 }),
  coupon_code: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  marketing_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Integer(), Type.Null()])),
  group_num: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
});
export type OrderRequestBodyType = Static<typeof OrderRequestBody>;

export function orderRequestOf(body: OrderRequestBodyType): OrderRequest {
  const couponCode = body.coupon_code?.trim() || null;
  const marketingId =
    body.marketing_id === undefined || body.marketing_id === null ? "" : String(body.marketing_id).trim();
  return {
    plan: body.plan,
    months: body.months,
    country: body.country,
    method: body.method,
    couponCode,
    marketingId: marketingId || null,
    groupNum: body.group_num ?? null,
  };
}

export const CouponTipSchema = Type.Object({ code: OneOf(COUPON_TIPS), message: Type.String() });
export const MethodErrorSchema = Type.Object({ code: Type.Integer(), message: Type.String() });

export const MembershipSchema = Type.Object({
  plan: PlanSchema,
  starts_at: Type.String({ format: "date-time" }),
  end_time: Type.String({ format: "date-time" }),
});

export const OrderSchema = Type.Object({
  id: Type.Integer(),
  subscription_no: Type.String(),
  plan: PlanSchema,
  months: Type.Integer(),
  country: Type.String(),
  method: Type.String(),
  currency: Type.String(),
  status: OneOf(ORDER_STATUSES),
  kind: OneOf(ORDER_KINDS),
  /** Whole days an upgrade carried from the replaced plan (0 otherwise). */
  carried_days: Type.Integer(),
  subtotal_usd: Type.Number(),
  discount_usd: Type.Number(),
  total_usd: Type.Number(),
  subtotal_local: Type.Number(),
  discount_local: Type.Number(),
  total_local: Type.Number(),
  rate: Type.Number(),
  rate_date: Type.String(),
  coupon_code: Nullable(Type.String()),
  created_at: Type.String({ format: "date-time" }),
  paid_at: Nullable(Type.String({ format: "date-time" })),
  failure_reason: Nullable(Type.String()),
  membership: Type.Union([MembershipSchema, Type.Null()]),
});
export type OrderJson = Static<typeof OrderSchema>;

/** The error envelope of routes whose errors may name something (the open order, the coupon tip). */
export const CommerceErrorEnvelope = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Union([
    Type.Null(),
    Type.Object({
      subscription_no: Type.Optional(Type.String()),
      coupon_tip: Type.Optional(CouponTipSchema),
    }),
  ]),
});

/** Response schemas of those routes. */
export function commerceResponses<T extends TSchema>(data: T) {
  return {
    200: Type.Object({ code: Type.Literal(0), msg: Type.Literal("success"), data }),
    "4xx": CommerceErrorEnvelope,
    "5xx": ErrorEnvelope,
  };
}

export const usd = (cents: number): number => cents / 100;

export function orderJson(order: Order, membership: Membership | null): OrderJson {
  return {
    id: order.id,
    subscription_no: order.subscriptionNo,
    plan: order.plan,
    months: order.months,
    country: order.country,
    method: order.method,
    currency: order.currency,
    status: order.status,
    kind: order.kind,
    carried_days: wholeDays(order.carriedMs ?? 0),
    subtotal_usd: usd(order.subtotalUsdCents),
    discount_usd: usd(order.discountUsdCents),
    total_usd: usd(order.totalUsdCents),
    subtotal_local: minorToMajor(order.subtotalLocalMinor, order.currency),
    discount_local: minorToMajor(order.discountLocalMinor, order.currency),
    total_local: minorToMajor(order.totalLocalMinor, order.currency),
    rate: Number(order.fxRate),
    rate_date: order.fxRateDate,
    coupon_code: order.couponCode,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    failure_reason: order.failureReason,
    membership: membership
      ? {
          plan: membership.plan,
          starts_at: membership.startsAt.toISOString(),
          end_time: membership.endsAt.toISOString(),
        }
      : null,
  };
}

/** The orders as JSON, each with the membership it granted (one query for all of them). */
export async function ordersJson(db: Db, rows: Order[]): Promise<OrderJson[]> {
  const ids = rows.map((row) => row.membershipId).filter((id): id is number => id !== null);
  const granted = ids.length ? await db.select().from(memberships).where(inArray(memberships.id, ids)) : [];
  const byId = new Map(granted.map((row) => [row.id, row]));
  return rows.map((row) => orderJson(row, row.membershipId === null ? null : (byId.get(row.membershipId) ?? null)));
}

export async function oneOrderJson(db: Db, order: Order): Promise<OrderJson> {
  return (await ordersJson(db, [order]))[0];
}
