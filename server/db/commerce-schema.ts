// Tables of membership sales: exchange rates, coupons and their redemptions, orders (one row per
// purchase, the spec's subscription with its subscription_no), the payment events already
// handled (webhook deduplication), and the sandbox gateway's own payments and webhook
// deliveries (the local PSP of demo mode). Money is kept in integer minor units: USD in cents,
// local amounts in the currency's minor unit (contract/commerce.ts CURRENCY_DECIMALS).
// Re-exported by schema.ts, from which drizzle-kit generates migrations.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ORDER_STATUSES } from "../../contract/commerce";
import { createdAt } from "./columns";
import { users } from "./users";

const requiredUserId = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Units of a currency per US dollar, with the date the rate is from and where it came from. */
export const fxRates = pgTable("fx_rates", {
  currency: text("currency").primaryKey(),
  ratePerUsd: numeric("rate_per_usd", { precision: 20, scale: 8, mode: "string" }).notNull(),
  rateDate: date("rate_date", { mode: "string" }).notNull(),
  source: text("source").notNull(),
  updatedAt: updatedAt(),
});

export const COUPON_KINDS = ["amount", "percent"] as const;

/** Coupons: codes are stored upper-case and matched case-insensitively. */
export const coupons = pgTable("coupons", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  code: text("code").notNull().unique(),
  kind: text("kind", { enum: COUPON_KINDS }).notNull(),
  /** amount: US cents off; percent: whole percent off (1-100). */
  value: integer("value").notNull(),
  minOrderUsdCents: integer("min_order_usd_cents").notNull().default(0),
  /** Plans it applies to; empty = every plan. */
  plans: jsonb("plans").$type<string[]>().notNull().default([]),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  /** Uses in all; null = no limit. */
  totalLimit: integer("total_limit"),
  /** Uses per user; null = no limit. */
  perUserLimit: integer("per_user_limit"),
  /** May be combined with a marketing discount (marketing_id). */
  stackable: boolean("stackable").notNull().default(false),
  /** Switched off by support: "unavailable". */
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

/**
 * Orders (the spec's subscriptions): what was bought, for how much, and how its payment went.
 * At most one open order (unpaid, paying or failed) per user, enforced by a partial unique index
 * so concurrent pre-payments cannot both create one.
 */
export const orders = pgTable(
  "orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    subscriptionNo: text("subscription_no").notNull().unique(),
    userId: requiredUserId(),
    plan: text("plan", { enum: ["basic", "premium", "pro"] }).notNull(),
    months: smallint("months").notNull(),
    country: text("country").notNull(),
    method: text("method").notNull(),
    currency: text("currency").notNull(),
    subtotalUsdCents: integer("subtotal_usd_cents").notNull(),
    discountUsdCents: integer("discount_usd_cents").notNull(),
    totalUsdCents: integer("total_usd_cents").notNull(),
    subtotalLocalMinor: bigint("subtotal_local_minor", { mode: "number" }).notNull(),
    discountLocalMinor: bigint("discount_local_minor", { mode: "number" }).notNull(),
    totalLocalMinor: bigint("total_local_minor", { mode: "number" }).notNull(),
    fxRate: numeric("fx_rate", { precision: 20, scale: 8, mode: "string" }).notNull(),
    fxRateDate: date("fx_rate_date", { mode: "string" }).notNull(),
    couponId: bigint("coupon_id", { mode: "number" }).references(() => coupons.id),
    couponCode: text("coupon_code"),
    marketingId: text("marketing_id"),
    groupNum: integer("group_num"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("unpaid"),
    /** The payments adapter that took the payment (sandbox, stripe, ...). */
    paymentAdapter: text("payment_adapter"),
    /** The gateway's id of the current payment attempt. */
    paymentId: text("payment_id").unique(),
    /** Payment attempts made (each gets its own idempotency key). */
    attempts: smallint("attempts").notNull().default(0),
    /** Why the last attempt did not succeed (declined, expired, ...). */
    failureReason: text("failure_reason"),
    /** The membership period this order granted: set once, in the settling transaction. */
    membershipId: bigint("membership_id", { mode: "number" }).unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
  },
  (table) => [
    index("orders_user_id_idx").on(table.userId, table.createdAt),
    uniqueIndex("orders_one_open_per_user")
      .on(table.userId)
      .where(sql`${table.status} in ('unpaid', 'paying', 'failed')`),
  ],
);

/** One row per order that used a coupon (counted for the total and per-person limits). */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    couponId: bigint("coupon_id", { mode: "number" })
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    userId: requiredUserId(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [index("coupon_redemptions_coupon_user_idx").on(table.couponId, table.userId)],
);

/** Payment events already handled, by the gateway's event id: a redelivery changes nothing. */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  adapter: text("adapter").notNull(),
  type: text("type").notNull(),
  paymentId: text("payment_id").notNull(),
  receivedAt: createdAt(),
});

export const SANDBOX_PAYMENT_STATUSES = ["requires_action", "succeeded", "failed", "expired", "canceled"] as const;

/** The sandbox gateway's payments (demo mode's local PSP), as a real PSP would keep them. */
export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  method: text("method").notNull(),
  description: text("description").notNull(),
  /** The merchant's reference (the order's subscription_no). */
  reference: text("reference").notNull(),
  returnUrl: text("return_url").notNull(),
  status: text("status", { enum: SANDBOX_PAYMENT_STATUSES }).notNull().default("requires_action"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Webhook deliveries of the sandbox gateway: retried with back-off until answered 2xx. */
export const sandboxWebhookDeliveries = pgTable(
  "sandbox_webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text("event_id").notNull(),
    paymentId: text("payment_id").notNull(),
    /** The event as sent (the exact bytes are signed at each attempt with a fresh timestamp). */
    payload: text("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    createdAt: createdAt(),
  },
  (table) => [index("sandbox_webhook_deliveries_due_idx").on(table.deliveredAt, table.nextAttemptAt)],
);

export type Order = typeof orders.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type SandboxPayment = typeof sandboxPayments.$inferSelect;
