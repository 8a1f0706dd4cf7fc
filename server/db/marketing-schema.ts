// Tables of the marketing module (docs/marketing.md): invite rewards (one row per invitee, so a
// reward is decided once), the devices and addresses users were seen from (the same-device and
// same-address rule, kept two days), campaigns with their activity codes and claims (one per user
// and campaign), discounts (marketing_id + group_num: one plan and cycle at a price) and the
// discounts users received, and the phone numbers the phone-collection dialog gathered.
// Re-exported by schema.ts, from which drizzle-kit generates migrations.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { DiscountEligibility, InviteRefusal } from "../../contract/marketing";
import type { Locale } from "../../contract/locales";
import { createdAt } from "./columns";
import { requiredUserId, users } from "./users";

const PLAN_ENUM = ["basic", "premium", "pro"] as const;

/**
 * What a registration through an invite code earned. The invitee's id is the key, so however
 * often (or concurrently) a sign-up is reported, it is decided once. A refused invite keeps its
 * reason and grants nothing.
 */
export const inviteRewards = pgTable(
  "invite_rewards",
  {
    inviteeId: bigint("invitee_id", { mode: "number" })
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    inviterId: bigint("inviter_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** null: rewarded; else why not. */
    refusal: text("refusal").$type<InviteRefusal>(),
    /** The inviter's reward period (null when refused). */
    inviterMembershipId: bigint("inviter_membership_id", { mode: "number" }),
    /** The invitee's award period (null when refused or when no award is configured). */
    inviteeMembershipId: bigint("invitee_membership_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (table) => [index("invite_rewards_inviter_idx").on(table.inviterId, table.createdAt)],
);

/**
 * Where a signed-in user was seen (hashes of the device id and the client address): written on
 * sign-up and by the marketing routes an inviter uses, read by the same-device and same-address
 * rule, purged after two days.
 */
export const userSightings = pgTable(
  "user_sightings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: requiredUserId(),
    /** Hex SHA-256 of the device id cookie; null when the request had none. */
    deviceHash: text("device_hash"),
    /** Hex SHA-256 of the client key (IPv4, or IPv6 by /64); null for loopback clients. */
    addressHash: text("address_hash"),
    seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("user_sightings_user_idx").on(table.userId, table.seenAt),
    index("user_sightings_seen_idx").on(table.seenAt),
  ],
);

/** Campaigns (npm run marketing:campaign): a page at /campaign?campaign={slug} with a countdown to its end. */
export const campaigns = pgTable("campaigns", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  slug: text("slug").notNull().unique(),
  /** Title and description per language; the English text is required and is the fallback. */
  titles: jsonb("titles").$type<Partial<Record<Locale, string>>>().notNull(),
  descriptions: jsonb("descriptions").$type<Partial<Record<Locale, string>>>().notNull().default({}),
  /** 13 or 14; null: both editions. */
  systemId: smallint("system_id"),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Activity codes: claiming one (receive/{code}) grants `days` of `plan`, once per user and campaign. */
export const activityCodes = pgTable("activity_codes", {
  /** Stored upper-case, matched case-insensitively. */
  code: text("code").primaryKey(),
  campaignId: bigint("campaign_id", { mode: "number" })
    .notNull()
    .references(() => campaigns.id, { onDelete: "cascade" }),
  plan: text("plan", { enum: PLAN_ENUM }).notNull(),
  days: integer("days").notNull(),
  /** Claims in all; null: no limit. */
  totalLimit: integer("total_limit"),
  claimed: integer("claimed").notNull().default(0),
  createdAt: createdAt(),
});

export const activityClaims = pgTable(
  "activity_claims",
  {
    campaignId: bigint("campaign_id", { mode: "number" })
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    userId: requiredUserId(),
    code: text("code").notNull(),
    membershipId: bigint("membership_id", { mode: "number" }).notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.userId] })],
);

/**
 * Discounts: a marketing id groups one or more offers (group_num), each one plan and cycle at a
 * price in US cents. Type 5 (first-month, English), 6 (Chinese), 7 (receive: usable for
 * `receiveDays` after the user received it). Checkout's marketing_id + group_num price the order.
 */
export const discounts = pgTable(
  "discounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    marketingId: integer("marketing_id").notNull(),
    groupNum: integer("group_num").notNull(),
    /** A name such as Basic9.9 (marketing_codes filter); unique. */
    code: text("code").notNull().unique(),
    marketingType: smallint("marketing_type").notNull(),
    /** 13 or 14. */
    systemId: smallint("system_id").notNull(),
    plan: text("plan", { enum: PLAN_ENUM }).notNull(),
    months: smallint("months").notNull(),
    priceUsdCents: integer("price_usd_cents").notNull(),
    eligibility: text("eligibility").$type<DiscountEligibility>().notNull().default("first_purchase"),
    /** Type 7: days a received discount stays usable. */
    receiveDays: integer("receive_days"),
    campaignId: bigint("campaign_id", { mode: "number" }).references(() => campaigns.id, { onDelete: "set null" }),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [unique("discounts_marketing_group").on(table.marketingId, table.groupNum)],
);

/** Type 7 discounts a user received, usable until `usableUntil`. */
export const discountReceipts = pgTable(
  "discount_receipts",
  {
    discountId: bigint("discount_id", { mode: "number" })
      .notNull()
      .references(() => discounts.id, { onDelete: "cascade" }),
    userId: requiredUserId(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    usableUntil: timestamp("usable_until", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.discountId, table.userId] })],
);

/** The phone-collection dialog's answers: one per user, the latest kept. */
export const phoneCollections = pgTable("phone_collections", {
  userId: bigint("user_id", { mode: "number" })
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  countryCode: text("country_code").notNull(),
  phone: text("phone").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

export type InviteReward = typeof inviteRewards.$inferSelect;
export type Campaign = typeof campaigns.$inferSelect;
export type ActivityCode = typeof activityCodes.$inferSelect;
export type Discount = typeof discounts.$inferSelect;
