// The database schema (Drizzle, pg-core): the accounts tables here, plus (re-exported) the users
// table and the catalog and engagement tables, the single source from which drizzle-kit
// generates the committed SQL migrations in ./migrations. Change a table, then run
// `npm run db:generate` and commit both. Table modules import users.ts and columns.ts, never
// this file, so there is no import cycle.
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

export const sessions = pgTable(
  "sessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    // Hex SHA-256 of the bearer token: a leaked table row cannot be replayed as a login.
    tokenHash: text("token_hash").notNull().unique(),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    userAgent: text("user_agent"),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

const userId = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Generated server secrets (master secret, RSA key) shared by every instance. */
export const serverKeys = pgTable("server_keys", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});

/**
 * One-time codes sent by SMS or e-mail. Only an HMAC of (purpose, login id, code) is kept;
 * rows double as the send log that the resend and hourly limits count.
 */
export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    loginId: text("login_id").notNull(),
    // The spec's eventType: 5 (Chinese edition), 10 (overseas).
    purpose: smallint("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
  },
  (table) => [
    index("verification_codes_login_id_idx").on(table.loginId, table.createdAt),
    index("verification_codes_ip_idx").on(table.ip, table.createdAt),
  ],
);

/** Messages of the default `outbox` transport, shown at /__dev/outbox. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    to: text("to").notNull(),
    channel: text("channel").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("outbox_to_idx").on(table.to, table.id)],
);

/** Failed password logins, counted per login id for the captcha and lockout rules. */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    loginId: text("login_id").notNull(),
    ip: text("ip").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("login_failures_login_id_idx").on(table.loginId, table.createdAt)],
);

/** Keys handed out after a solved captcha (hash only); each covers a few failed logins. */
export const captchaKeys = pgTable("captcha_keys", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  keyHash: text("key_hash").notNull().unique(),
  failures: integer("failures").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/** Captcha challenges already redeemed: a solved challenge is good for one key only. */
export const captchaRedemptions = pgTable("captcha_redemptions", {
  challengeId: text("challenge_id").primaryKey(),
  createdAt: createdAt(),
});

export const PLANS = ["basic", "premium", "pro"] as const;
export type Plan = (typeof PLANS)[number];
/**
 * Where a period came from: the sign-up trial, an order (purchase, renewal or upgrade), an
 * invite (the inviter's reward and the invitee's award), the demo accounts, the 3-day trial page
 * (experience), a campaign's activity code (activity) or a failed renewal's grace (the plan runs
 * on while the dunning retries last).
 */
export const MEMBERSHIP_SOURCES = ["trial", "order", "invite", "demo", "experience", "activity", "grace"] as const;
export type MembershipSource = (typeof MEMBERSHIP_SOURCES)[number];
/** Sources of paid time (not a free trial nor a grace): what purchases extend and upgrades carry. */
export const PAID_MEMBERSHIP_SOURCES = ["order", "invite", "demo"] as const satisfies readonly MembershipSource[];

/** Paid or granted plan periods; the current plan is the best one whose period contains now. */
export const memberships = pgTable(
  "memberships",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    plan: text("plan", { enum: PLANS }).notNull(),
    source: text("source", { enum: MEMBERSHIP_SOURCES }).notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("memberships_user_id_idx").on(table.userId, table.endsAt)],
);

/** Account events for tracking (sign-up with its channel and invite code, ...). */
export const userEvents = pgTable(
  "user_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    event: text("event").notNull(),
    payload: jsonb("payload").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("user_events_user_id_idx").on(table.userId)],
);

/** QR-code login tickets: shown on one screen, confirmed by a signed-in phone, claimed once. */
export const qrLoginTickets = pgTable("qr_login_tickets", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  ticketHash: text("ticket_hash").notNull().unique(),
  userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  claimedAt: timestamp("claimed_at", { withTimezone: true }),
});

/**
 * WeChat accounts bound to a user: one row per (WeChat app, openid), since an openid is per app
 * (the mini program and the official account of web OAuth give the same person two). A user has
 * at most one binding per app; the unionid (same person across one open platform's apps) lets a
 * second app's openid find the account the first one made.
 */
export const wechatAccounts = pgTable(
  "wechat_accounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    appId: text("app_id").notNull(),
    openid: text("openid").notNull(),
    unionid: text("unionid"),
    createdAt: createdAt(),
  },
  (table) => [
    unique("wechat_accounts_app_openid_key").on(table.appId, table.openid),
    unique("wechat_accounts_user_app_key").on(table.userId, table.appId),
    index("wechat_accounts_unionid_idx").on(table.unionid),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type Membership = typeof memberships.$inferSelect;

// The data service's tables (dataset, series, quotas, favourites) live in their own module.
/** Messages sent from the app's Contact Us form (in the footer). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    // The signed-in sender, when there is one; visitors may write too.
    userId: bigint("user_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_ip_created_idx").on(table.ip, table.createdAt)],
);

export * from "./users";
export * from "./data-schema";
export * from "./engagement-schema";
export * from "./commerce-schema";
export * from "./monitoring-schema";
export * from "./marketing-schema";
