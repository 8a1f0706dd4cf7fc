// The users table: the one table every domain's tables refer to (sessions, memberships,
// favourites, tracking...). In a module of its own so those table modules import it without
// importing each other.
import { sql } from "drizzle-orm";
import { bigint, integer, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const users = pgTable("users", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  // Stored lower-cased (services/users.ts) so uniqueness is case-insensitive.
  email: text("email").unique(),
  phone: text("phone").unique(),
  nickName: text("nick_name").notNull().default(""),
  // argon2id hash once password login exists; null for code-only and Google accounts.
  passwordHash: text("password_hash"),
  language: text("language").notNull().default("en"),
  // 13 = Chinese site, 14 = overseas site.
  systemId: smallint("system_id").notNull().default(14),
  // The invite code the user arrived with (scene field `ic`), kept for referral rewards.
  inviteCode: text("invite_code"),
  // Acquisition channel (scene field `cid`); the spec's default channel is 1.
  channelId: integer("channel_id").notNull().default(1),
  googleSub: text("google_sub").unique(),
  // The user's own code to invite others (random, services/users.ts).
  ownInviteCode: text("own_invite_code").unique(),
  // When a Chinese-edition user confirmed adding the support contact (/customerValid).
  supportContactAddedAt: timestamp("support_contact_added_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
});

/** A row's owner: deleted with the user. */
export const requiredUserId = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });
