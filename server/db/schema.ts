// The database schema (Drizzle, pg-core): the single source for tables, from which drizzle-kit
// generates the committed SQL migrations in ./migrations. Change a table here, then run
// `npm run db:generate` and commit both.
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable("users", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  // Stored lower-cased (services/users.ts) so uniqueness is case-insensitive.
  email: text("email").unique(),
  phone: text("phone").unique(),
  nickName: text("nick_name").notNull().default(""),
  // argon2id hash once password login exists; null for code-only and Google accounts.
  passwordHash: text("password_hash"),
  language: text("language").notNull().default("en"),
  // 13 = Chinese site, 14 = overseas site (spec section 9).
  systemId: smallint("system_id").notNull().default(14),
  // The invite code the user arrived with (scene field `ic`), kept for referral rewards.
  inviteCode: text("invite_code"),
  // Acquisition channel (scene field `cid`); the spec's default channel is 1.
  channelId: integer("channel_id").notNull().default(1),
  googleSub: text("google_sub").unique(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

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

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
