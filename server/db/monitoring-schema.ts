// Tables of monitoring: the goods and influencers each user monitors with the thresholds set per
// item and the figures seen at the last evaluation (the baseline the next rank refresh is
// compared with), the alerts those evaluations produced (listed in the app's Alerts tab and
// sent as web pushes), and each user's notification setting (instant or a daily digest).
// Re-exported by schema.ts, from which drizzle-kit generates migrations.
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import type { MonitorAlertType, MonitorKind } from "../../contract/monitoring";
import { createdAt } from "./columns";
import { requiredUserId } from "./users";

/** One monitored item; how many a user may keep is the plan's monitorAccounts (code 60003). */
export const monitors = pgTable(
  "monitors",
  {
    userId: requiredUserId(),
    kind: text("kind").$type<MonitorKind>().notNull(),
    entityId: text("entity_id").notNull(),
    createdAt: createdAt(),
    rankPlaces: integer("rank_places").notNull(),
    salesPercent: integer("sales_percent").notNull(),
    newVideos: boolean("new_videos").notNull(),
    topList: boolean("top_list").notNull(),
    /** The figures at the last evaluation (rank, sales, videos, top-list membership); null before the first. */
    baseline: jsonb("baseline").$type<Record<string, number | boolean | null>>(),
    /** The snapshot version the baseline was taken at; an evaluation claims an item by raising it. */
    baselineVersion: integer("baseline_version"),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.entityId] }),
    index("monitors_user_created_idx").on(table.userId, table.createdAt),
    index("monitors_item_idx").on(table.kind, table.entityId),
  ],
);

/** A change an evaluation found; one per item, type and snapshot version. */
export const monitorAlerts = pgTable(
  "monitor_alerts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: requiredUserId(),
    kind: text("kind").$type<MonitorKind>().notNull(),
    entityId: text("entity_id").notNull(),
    type: text("type").$type<MonitorAlertType>().notNull(),
    /** The figures behind the alert (before, after, places, percent, video id, list ...). */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    version: integer("version").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When it went out in a push (alone, grouped, or in a digest); null while waiting. */
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
  },
  (table) => [
    unique("monitor_alerts_once").on(table.userId, table.kind, table.entityId, table.type, table.version),
    index("monitor_alerts_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/** Per-user notification choice: a push per evaluation (default) or one daily digest. */
export const monitorSettings = pgTable("monitor_settings", {
  userId: requiredUserId().primaryKey(),
  dailyDigest: boolean("daily_digest").notNull().default(false),
  lastDigestAt: timestamp("last_digest_at", { withTimezone: true }),
});
