// Tables of membership sales: exchange rates, coupons and their redemptions, orders (one row per
// purchase, renewal or upgrade: the spec's subscription with its subscription_no), subscriptions
// (what renews, on which schedule), the users' customers and saved methods at the payment
// service provider (cards, e-wallet mandates), the 3-day trial claims, the card errors the app
// reports, the payment events already handled (webhook deduplication), and the sandbox
// gateway's own customers, methods, setups, payments and webhook deliveries (the local PSP of
// demo mode). Money is kept in integer minor units: USD in cents,
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
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ORDER_KINDS, ORDER_STATUSES, SAVED_METHOD_KINDS, SUBSCRIPTION_STATUSES } from "../../contract/commerce";
import { createdAt } from "./columns";
import { requiredUserId, users } from "./users";

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
    /** purchase (checkout), renewal (charged off-session by the renewal job) or upgrade. */
    kind: text("kind", { enum: ORDER_KINDS }).notNull().default("purchase"),
    /** The subscription a renewal renews (or that a paid purchase or upgrade started). */
    subscriptionId: bigint("subscription_id", { mode: "number" }),
    /**
     * A renewal's period: "{subscription id}:{period end ISO}". Unique, so a period is charged by
     * one order only, however many renewal runs race for it.
     */
    renewalKey: text("renewal_key").unique(),
    /** The saved method a renewal charged (its last attempt). */
    savedMethodId: bigint("saved_method_id", { mode: "number" }),
    /** An upgrade's carried time (ms of the replaced plan left when it settled); null otherwise. */
    carriedMs: bigint("carried_ms", { mode: "number" }),
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
    // Renewals are the job's, not the user's: they never block (nor are blocked by) checkout.
    uniqueIndex("orders_one_open_per_user")
      .on(table.userId)
      .where(sql`${table.status} in ('unpaid', 'paying', 'failed') and ${table.kind} <> 'renewal'`),
    index("orders_subscription_id_idx").on(table.subscriptionId),
  ],
);

/**
 * Subscriptions: a plan bought with a method that can be charged again (a card or an e-wallet
 * mandate) renews at `periodEnd` by charging the user's newest saved method. At most one live
 * (active or past_due) subscription per user. `nextAttemptAt` is when the renewal job next
 * charges it (the period end, then the dunning retries); null when it no longer renews.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: requiredUserId(),
    plan: text("plan", { enum: ["basic", "premium", "pro"] }).notNull(),
    months: smallint("months").notNull(),
    /** Checkout country of the first order: renewals are priced in its currency. */
    country: text("country").notNull(),
    currency: text("currency").notNull(),
    /** The payments adapter whose saved methods renew it. */
    adapter: text("adapter").notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("active"),
    /** The end of the last period this subscription paid for: the next renewal is due then. */
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** Failed charges for the period now due (0 while active). */
    failedAttempts: smallint("failed_attempts").notNull().default(0),
    /** Why the last renewal charge failed (declined, no_payment_method, gateway_error). */
    lastFailure: text("last_failure"),
    /** The order that started it. */
    firstOrderId: bigint("first_order_id", { mode: "number" }).notNull(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("subscriptions_one_live_per_user")
      .on(table.userId)
      .where(sql`${table.status} in ('active', 'past_due')`),
    index("subscriptions_due_idx").on(table.nextAttemptAt),
  ],
);

/**
 * What a saved method shows, in our table and in the sandbox PSP's: its kind, the checkout
 * method id it was saved with (card_vn, gcash, alipay_cn, ...), and for a card its brand, last 4
 * digits and expiry (never a number). New column builders per table.
 */
const savedMethodDetails = () => ({
  kind: text("kind", { enum: SAVED_METHOD_KINDS }).notNull(),
  method: text("method").notNull(),
  brand: text("brand"),
  last4: text("last4"),
  expMonth: smallint("exp_month"),
  expYear: smallint("exp_year"),
});

/** A user's customer id at a payment service provider (saved methods belong to it). */
export const paymentCustomers = pgTable(
  "payment_customers",
  {
    userId: requiredUserId(),
    adapter: text("adapter").notNull(),
    customerId: text("customer_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.adapter] }),
    uniqueIndex("payment_customers_adapter_customer").on(table.adapter, table.customerId),
  ],
);

/**
 * Saved payment methods: cards (brand, last 4 digits and expiry only: never a number) and
 * e-wallet mandates, by the gateway's token. Detached ones are kept for the invoices' history.
 */
export const savedPaymentMethods = pgTable(
  "saved_payment_methods",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: requiredUserId(),
    adapter: text("adapter").notNull(),
    /** The gateway's id of the method (pm_...): what an off-session charge uses. */
    gatewayMethodId: text("gateway_method_id").notNull(),
    ...savedMethodDetails(),
    createdAt: createdAt(),
    detachedAt: timestamp("detached_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("saved_payment_methods_gateway_id").on(table.adapter, table.gatewayMethodId),
    index("saved_payment_methods_user_idx").on(table.userId, table.createdAt),
  ],
);

/** The 3-day trial (/getThreeDayVip): one row per user who claimed it (once, ever). */
export const experienceClaims = pgTable("experience_claims", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  membershipId: bigint("membership_id", { mode: "number" }).notNull(),
  claimedAt: createdAt(),
});

/** Card errors the app met at the payment step (POST subscription-monitor/card-error). */
export const cardErrors = pgTable(
  "card_errors",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: requiredUserId(),
    /** The gateway's or browser's error code (card_declined, expired_card, network, ...). */
    code: text("code").notNull(),
    /** The message shown, digits of card-number length removed. */
    message: text("message").notNull(),
    method: text("method"),
    subscriptionNo: text("subscription_no"),
    /** Where it happened: payment, setup, mandate, renewal. */
    stage: text("stage").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("card_errors_user_created_idx").on(table.userId, table.createdAt)],
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

/** The sandbox gateway's customers (saved methods belong to one). */
export const sandboxCustomers = pgTable("sandbox_customers", {
  id: text("id").primaryKey(),
  /** The merchant's reference (user:{id}). */
  reference: text("reference").notNull(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The sandbox gateway's saved methods: a test card's brand, last 4 and expiry (never the
 * number), or an e-wallet mandate. `failNextCharge` is set on the hosted page to make the next
 * off-session charge decline (for trying dunning).
 */
export const sandboxPaymentMethods = pgTable("sandbox_payment_methods", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  ...savedMethodDetails(),
  /** Every off-session charge declines (a test card that is always declined, or set on the page). */
  alwaysDecline: boolean("always_decline").notNull().default(false),
  failNextCharge: boolean("fail_next_charge").notNull().default(false),
  detachedAt: timestamp("detached_at", { withTimezone: true }),
  createdAt: createdAt(),
});

export const SANDBOX_SETUP_STATUSES = ["requires_action", "succeeded", "failed", "canceled"] as const;

/** The sandbox gateway's setups: saving a card or authorising an e-wallet mandate on its hosted page. */
export const sandboxSetups = pgTable("sandbox_setups", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  customerId: text("customer_id").notNull(),
  kind: text("kind", { enum: SAVED_METHOD_KINDS }).notNull(),
  method: text("method").notNull(),
  returnUrl: text("return_url").notNull(),
  status: text("status", { enum: SANDBOX_SETUP_STATUSES }).notNull().default("requires_action"),
  paymentMethodId: text("payment_method_id"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

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
  /** The customer the payment belongs to (set when the merchant asked to save the method). */
  customerId: text("customer_id"),
  /** Save the method for off-session charges when the payer approves (cards, wallet mandates). */
  saveMethod: boolean("save_method").notNull().default(false),
  /** The saved method: the one charged off-session, or the one saved by an approved payment. */
  paymentMethodId: text("payment_method_id"),
  /** Charged off-session with a saved method (no hosted page). */
  offSession: boolean("off_session").notNull().default(false),
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
export type Subscription = typeof subscriptions.$inferSelect;
export type SavedPaymentMethod = typeof savedPaymentMethods.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type SandboxPayment = typeof sandboxPayments.$inferSelect;
