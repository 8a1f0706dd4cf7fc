// Tables of the data service: the analytics dataset (markets, categories, shops,
// goods, influencers, videos, music, hashtags, showcase links), its daily figures stored as
// month blocks (one row per entity and active month holding every metric as an array of
// running totals, partitioned by month in the migration; not one row per day: ~1.3M rows at
// scale 1 would make a first start on PGlite far too slow), the dataset metadata with the
// snapshot version, the rank tables computed from the blocks (store/daily-figures.ts,
// store/rank-tables.ts), and the per-user usage rows (quotas, viewed details, favourites).
// Re-exported by schema.ts, from which drizzle-kit generates migrations.
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./users";

const id = () => text("id").primaryKey();
const market = () => text("market").notNull();
const money = (name: string) => bigint(name, { mode: "number" }).notNull();

export const markets = pgTable("markets", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  currency: text("currency").notNull(),
  language: text("language").notNull(),
});

export const categories = pgTable("categories", {
  id: integer("id").primaryKey(),
  parentId: integer("parent_id"),
  /** {zh, en, vi, id, th}. */
  names: jsonb("names").$type<Record<string, string>>().notNull(),
});

export const shops = pgTable("shops", {
  id: id(),
  market: market(),
  name: text("name").notNull(),
  categoryId: integer("category_id").notNull(),
});

export const goods = pgTable(
  "goods",
  {
    id: id(),
    market: market(),
    shopId: text("shop_id").notNull(),
    categoryId: integer("category_id").notNull(),
    title: text("title").notNull(),
    /** Cents of the market currency. */
    price: money("price"),
    commissionRate: doublePrecision("commission_rate").notNull(),
    variants: jsonb("variants").$type<Array<{ sku: string; name: string; price: number }>>().notNull(),
  },
  // A shop's goods (the goods detail's shop totals).
  (table) => [index("goods_shop_idx").on(table.shopId)],
);

export const influencers = pgTable("influencers", {
  id: id(),
  market: market(),
  handle: text("handle").notNull(),
  nickname: text("nickname").notNull(),
  bio: text("bio").notNull(),
  categoryId: integer("category_id").notNull(),
  initialFollowers: bigint("initial_followers", { mode: "number" }).notNull(),
  price: money("price"),
});

export const videos = pgTable(
  "videos",
  {
    id: id(),
    market: market(),
    influencerId: text("influencer_id").notNull(),
    goodsId: text("goods_id"),
    musicId: text("music_id"),
    hashtagIds: text("hashtag_ids").array().notNull(),
    title: text("title").notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true, mode: "string" }).notNull(),
    durationSeconds: integer("duration_seconds").notNull(),
  },
  // The related lists of details (store/related-sql.ts): one index range read per linked entity.
  (table) => [
    index("videos_goods_idx").on(table.goodsId),
    index("videos_influencer_posted_idx").on(table.influencerId, table.postedAt),
    index("videos_music_idx").on(table.musicId),
    index("videos_hashtags_idx").using("gin", table.hashtagIds),
  ],
);

export const music = pgTable("music", {
  id: id(),
  market: market(),
  title: text("title").notNull(),
  author: text("author").notNull(),
  durationSeconds: integer("duration_seconds").notNull(),
  original: boolean("original").notNull(),
});

export const hashtags = pgTable("hashtags", {
  id: id(),
  market: market(),
  name: text("name").notNull(),
});

/** Goods in an influencer's showcase (goods promoted by their videos count without a row). */
export const showcaseLinks = pgTable(
  "showcase_links",
  {
    influencerId: text("influencer_id").notNull(),
    goodsId: text("goods_id").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.influencerId, table.goodsId] }),
    index("showcase_links_goods_idx").on(table.goodsId),
  ],
);

const figures = (name: string) => bigint(name, { mode: "number" }).array().notNull();
const blockKey = () => ({
  id: text("id").notNull(),
  /** First day of the month the row covers. */
  month: date("month", { mode: "string" }).notNull(),
  /** First day of the month with any non-zero metric. */
  firstActive: date("first_active", { mode: "string" }).notNull(),
});

/**
 * Daily figures in month blocks: one row per entity and month with any activity, each metric
 * an array of running totals within the month (element d = the total of days 1..d), so a sum
 * over any days of the month is one subtraction. Declaratively partitioned by month
 * (hand-written in migration 0013: Drizzle does not model partitions); the primary key
 * (id, month) reads one entity's 90 days as its four blocks. The stored daily figures: the seed
 * writes them from the generated series, the import merges its days into them
 * (store/daily-figures.ts, store/month-blocks.ts).
 */
export const goodsMonths = pgTable(
  "goods_months",
  {
    ...blockKey(),
    salesVolume: figures("sales_volume"),
    revenue: figures("revenue"),
    views: figures("views"),
    likes: figures("likes"),
    comments: figures("comments"),
  },
  (table) => [primaryKey({ columns: [table.id, table.month] })],
);

export const influencersMonths = pgTable(
  "influencers_months",
  {
    ...blockKey(),
    followersGained: figures("followers_gained"),
    salesVolume: figures("sales_volume"),
    revenue: figures("revenue"),
    views: figures("views"),
  },
  (table) => [primaryKey({ columns: [table.id, table.month] })],
);

export const videosMonths = pgTable(
  "videos_months",
  {
    ...blockKey(),
    views: figures("views"),
    likes: figures("likes"),
    comments: figures("comments"),
    shares: figures("shares"),
    salesVolume: figures("sales_volume"),
    revenue: figures("revenue"),
  },
  (table) => [primaryKey({ columns: [table.id, table.month] })],
);

export const musicMonths = pgTable(
  "music_months",
  { ...blockKey(), uses: figures("uses"), views: figures("views") },
  (table) => [primaryKey({ columns: [table.id, table.month] })],
);

export const hashtagsMonths = pgTable(
  "hashtags_months",
  { ...blockKey(), uses: figures("uses"), views: figures("views") },
  (table) => [primaryKey({ columns: [table.id, table.month] })],
);

/**
 * One row per rank list computed in SQL (store/rank-tables.ts): its key
 * (entity/rankType/window/market/category or "all"), the window's last day and how many
 * entities qualify (rank_rows holds at most MAX_RANK_LIMIT of them).
 */
export const rankLists = pgTable("rank_lists", {
  listKey: text("list_key").primaryKey(),
  entity: text("entity").notNull(),
  rankType: text("rank_type").notNull(),
  window: text("window").notNull(),
  market: text("market").notNull(),
  categoryId: integer("category_id"),
  endDate: date("end_date", { mode: "string" }).notNull(),
  total: integer("total").notNull(),
  /** The first day of the calendar the rows' card totals cover (null: filled before they were stored). */
  calendarStart: date("calendar_start", { mode: "string" }),
});

/**
 * The rows of each rank list: rank order, rank change against the previous window, metrics, card
 * total. Partitioned by generation (migration 0024: one partition per generation, added by the
 * fill and dropped with the generation, store/rank-generations.ts), which Drizzle does not model.
 */
export const rankRows = pgTable(
  "rank_rows",
  {
    /** The generation of the list (the number its key starts with): the partition. */
    generation: integer("generation").notNull(),
    listKey: text("list_key").notNull(),
    rank: integer("rank").notNull(),
    id: text("id").notNull(),
    /** previous rank - rank; null when not in the previous window's list. */
    rankChange: integer("rank_change"),
    metrics: jsonb("metrics").$type<Record<string, number | string | null>>().notNull(),
    /**
     * The figure the entity's card shows, summed over the calendar (goods' sales, influencers'
     * followers gained, videos' views; store/calendar-sums.ts CARD_TOTAL_METRICS), so a page's
     * cards need not sum month blocks; null for music and hashtags and in older generations.
     */
    cardTotal: doublePrecision("card_total"),
  },
  (table) => [primaryKey({ columns: [table.listKey, table.rank, table.generation] })],
);

/** The one row (id 1) describing the loaded dataset; `version` is the rank snapshot version. */
export const datasetMeta = pgTable("dataset_meta", {
  id: smallint("id").primaryKey().default(1),
  /** "demo" (generated) or "import". */
  source: text("source").notNull(),
  seed: text("seed"),
  scale: doublePrecision("scale"),
  startDate: date("start_date", { mode: "string" }).notNull(),
  endDate: date("end_date", { mode: "string" }).notNull(),
  days: integer("days").notNull(),
  /** The rank snapshot version: bumped by every seed, import and refresh. */
  version: integer("version").notNull(),
  /** Bumped only when the data itself changed (seed, import): instances then reload it. */
  dataVersion: integer("data_version").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One row per rank snapshot version: when and why the lists were recomputed. */
export const rankSnapshots = pgTable("rank_snapshots", {
  version: integer("version").primaryKey(),
  /** seed, import, refresh. */
  reason: text("reason").notNull(),
  /** For scheduled refreshes: the cadence slot it ran for (one refresh per slot, whichever instance). */
  slot: timestamp("slot", { withTimezone: true }).unique(),
  createdAt: createdAt(),
});

const userId = () =>
  bigint("user_id", { mode: "number" })
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

/** Daily quota use per user and business day; incremented only by one guarded upsert. */
export const usageCounters = pgTable(
  "usage_counters",
  {
    userId: userId(),
    day: date("day", { mode: "string" }).notNull(),
    /** detailViews or searches (the plan matrix's counters). */
    counter: text("counter").notNull(),
    count: integer("count").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.counter] })],
);

/** Details a user opened on a business day: opening one again that day is free. */
export const detailViews = pgTable(
  "detail_views",
  {
    userId: userId(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    entityId: text("entity_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.kind, table.entityId] })],
);

/** Favourites (PUT/DELETE /api/v1/tikmeta/portal/like). */
export const favourites = pgTable(
  "favourites",
  {
    userId: userId(),
    /** goods, influencer, video, music or hashtag (contract/favourites.ts). */
    kind: text("kind").notNull(),
    entityId: text("entity_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.entityId] }),
    index("favourites_user_created_idx").on(table.userId, table.createdAt),
  ],
);

/**
 * The import journal (catalog/import/importer.ts): one row per `data:import` run. A run that
 * stops midway (crash, kill) stays `running`, and the next import of the same lines resumes it:
 * batches already committed are skipped, staged days not yet merged are merged.
 */
export const importRuns = pgTable("import_runs", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  /** running, done. */
  status: text("status").notNull(),
  /** The business day before the run's start: days after it never move the calendar. */
  yesterday: date("yesterday", { mode: "string" }).notNull(),
  /** Merge cursor over import_days: the kind, id, date and batch merged last (null: none yet). */
  mergedKind: text("merged_kind"),
  mergedId: text("merged_id"),
  mergedDate: date("merged_date", { mode: "string" }),
  mergedBatch: integer("merged_batch"),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

const importRun = () =>
  integer("run_id")
    .notNull()
    .references(() => importRuns.id, { onDelete: "cascade" });

/** Batches of lines a run committed: each with the hash chained over its lines and the ones before. */
export const importBatches = pgTable(
  "import_batches",
  {
    runId: importRun(),
    batch: integer("batch").notNull(),
    hash: text("hash").notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.batch] })],
);

/**
 * A run's daily lines, staged until the whole file is read (the calendar depends on its last
 * day), then merged into the month blocks: one row per key and batch, each metric the value the
 * batch's last line named (null: not named), in the kind's SERIES_METRICS order.
 */
export const importDays = pgTable(
  "import_days",
  {
    runId: importRun(),
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    batch: integer("batch").notNull(),
    metrics: bigint("metrics", { mode: "number" }).array().$type<(number | null)[]>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.kind, table.id, table.day, table.batch] })],
);

/** Keys of the records a run imported (type shop, goods...; link as influencer id + goods id): its reference checks. */
export const importKeys = pgTable(
  "import_keys",
  {
    runId: importRun(),
    type: text("type").notNull(),
    key: text("key").notNull(),
  },
  (table) => [primaryKey({ columns: [table.runId, table.type, table.key] })],
);
