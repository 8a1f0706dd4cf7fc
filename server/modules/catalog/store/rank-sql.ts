// Every rank list (each rank type of each entity) written as SQL over the window sums that
// store/rank-tables.ts prepares (temp tables rank_sums_<kind>: one row per window length,
// period and entity, period 0 being the window that ends on the snapshot's last day, 1 the one
// before it, 2 the one before that). Each definition selects, for periods 0 (the list) and 1
// (the previous list, for rank change), the entities that qualify with up to three order keys
// (larger first; ties end with the id ascending) and the row metrics as jsonb, with the same
// qualification rules (engine/rank/rules.ts), figures and null cases as its in-memory twin in
// the tests' oracle (tests/server/oracle/rank/definitions/*.ts), which
// tests/server/catalog/rank-sql.test.ts compares it with.
import { sql, type SQL } from "drizzle-orm";
import {
  BREAKOUT_MIN_BASE,
  BUSINESS_OFFSET_HOURS,
  BUSINESS_TIME_ZONE,
  NEW_GOODS_DAYS,
  RATE_ORDER_DECIMALS,
  type BusinessDate,
  type EntityKind,
  type RankTypeOf,
} from "../engine";
import { dateLiteral } from "./daily-figures";

/** The dates a computation needs: the calendar's first day and the snapshot's last day. */
export interface RankDates {
  startDate: BusinessDate;
  endDate: BusinessDate;
}

/** Columns of a scored selection: window_days, period, id, o1, o2, o3 (float8), metrics (jsonb). */
export type ScoredSql = (dates: RankDates) => SQL;

const WINDOW_END = (dates: RankDates, alias: string) =>
  sql`(${dateLiteral(dates.endDate)} - ${sql.raw(alias)}.period * ${sql.raw(alias)}.window_days)`;

/** Sums of period p joined with those of period p + 1 (the window before), for growth lists. */
const withBefore = (kind: EntityKind, join: "JOIN" | "LEFT JOIN") =>
  sql.raw(`FROM rank_sums_${kind} s ${join} rank_sums_${kind} b
    ON b.window_days = s.window_days AND b.period = s.period + 1 AND b.id = s.id`);

/** A video's post day on the business clock (London wall-clock time plus the offset). */
const BUSINESS_POST_DAY = sql.raw(
  `((v.posted_at AT TIME ZONE '${BUSINESS_TIME_ZONE}') + interval '${BUSINESS_OFFSET_HOURS} hour')::date`,
);
const listPeriods = sql.raw(`s.period IN (0, 1)`);
const RATE_ORDER_SCALE = sql.raw(`${10 ** RATE_ORDER_DECIMALS}::float8`);
const f = (expression: string) => sql.raw(`(${expression})::float8`);

/** Sales-like lists: qualify on a positive window sum, ordered by it then by a second sum. */
function bySums(kind: EntityKind, first: string, second: string, metrics: SQL, join = sql``): ScoredSql {
  return () => sql`SELECT s.window_days, s.period, s.id, ${f(`s.${first}`)} AS o1, ${f(`s.${second}`)} AS o2,
      0::float8 AS o3, ${metrics} AS metrics
    FROM ${sql.raw(`rank_sums_${kind}`)} s ${join}
    WHERE ${listPeriods} AND s.${sql.raw(first)} > 0`;
}

/** Growth lists: a base of at least `perDay` per window day before, and more now than then. */
function byGrowth(kind: EntityKind, metric: string, perDay: number, growthName: string, metrics: SQL): ScoredSql {
  const growth = sql.raw(`(s.${metric} - b.${metric})::float8 / b.${metric}`);
  return () => sql`SELECT s.window_days, s.period, s.id, ${growth} AS o1, ${f(`s.${metric}`)} AS o2, 0::float8 AS o3,
      jsonb_build_object(${growthName}::text, ${growth}) || ${metrics} AS metrics
    ${withBefore(kind, "JOIN")}
    WHERE ${listPeriods} AND b.${sql.raw(metric)} >= ${perDay} * s.window_days AND s.${sql.raw(metric)} > b.${sql.raw(metric)}`;
}

const goods: { [T in RankTypeOf<"goods">]: ScoredSql } = {
  "top-sale": bySums(
    "goods",
    "sales_volume",
    "revenue",
    sql`jsonb_build_object('salesVolume', s.sales_volume, 'revenue', s.revenue, 'views', s.views,
      'price', e.price, 'commissionRate', e.commission_rate)`,
    sql`JOIN goods e ON e.id = s.id`,
  ),
  breakout: byGrowth(
    "goods",
    "sales_volume",
    BREAKOUT_MIN_BASE.goodsUnitsPerDay,
    "salesGrowth",
    sql`jsonb_build_object('salesVolume', s.sales_volume, 'previousSalesVolume', b.sales_volume, 'revenue', s.revenue)`,
  ),
  new: (dates) => sql`SELECT s.window_days, s.period, s.id, s.sales_volume::float8 AS o1, s.revenue::float8 AS o2,
      0::float8 AS o3,
      jsonb_build_object('salesVolume', s.sales_volume, 'revenue', s.revenue, 'firstSeenDate', fd.first_day::text) AS metrics
    FROM rank_sums_goods s JOIN rank_first_day fd ON fd.id = s.id
    WHERE ${listPeriods} AND s.sales_volume > 0 AND fd.first_day > ${dateLiteral(dates.startDate)}
      AND fd.first_day <= ${WINDOW_END(dates, "s")} AND fd.first_day > ${WINDOW_END(dates, "s")} - ${NEW_GOODS_DAYS}::integer`,
  "hot-promoted": (dates) => sql`SELECT p.window_days, p.period, p.id, p.videos::float8 AS o1, p.creators::float8 AS o2,
      coalesce(s.sales_volume, 0)::float8 AS o3,
      jsonb_build_object('promotingVideos', p.videos, 'promotingInfluencers', p.creators,
        'salesVolume', coalesce(s.sales_volume, 0), 'revenue', coalesce(s.revenue, 0)) AS metrics
    FROM (
      SELECT w.window_days, w.period, v.goods_id AS id, count(*) AS videos,
        count(DISTINCT coalesce(i.id, '')) AS creators
      FROM videos v JOIN goods g ON g.id = v.goods_id LEFT JOIN influencers i ON i.id = v.influencer_id
      CROSS JOIN rank_periods w
      WHERE w.period IN (0, 1)
        AND ${BUSINESS_POST_DAY} BETWEEN ${WINDOW_END(dates, "w")} - w.window_days + 1 AND ${WINDOW_END(dates, "w")}
      GROUP BY 1, 2, 3
    ) p
    LEFT JOIN rank_sums_goods s ON s.window_days = p.window_days AND s.period = p.period AND s.id = p.id`,
};

const influencers: { [T in RankTypeOf<"influencers">]: ScoredSql } = {
  breakout: () => sql`SELECT s.window_days, s.period, s.id,
      s.followers_gained::float8 / fs.at_start AS o1, s.followers_gained::float8 AS o2, 0::float8 AS o3,
      jsonb_build_object('followerGrowthRate', s.followers_gained::float8 / fs.at_start,
        'followersGained', s.followers_gained, 'followersAtStart', fs.at_start,
        'followers', fs.at_start + s.followers_gained) AS metrics
    FROM rank_sums_influencers s
    JOIN rank_followers fs ON fs.window_days = s.window_days AND fs.period = s.period AND fs.id = s.id
    WHERE ${listPeriods} AND fs.at_start >= ${BREAKOUT_MIN_BASE.influencerFollowers} AND s.followers_gained > 0`,
  sales: bySums(
    "influencers",
    "sales_volume",
    "revenue",
    sql`jsonb_build_object('salesVolume', s.sales_volume, 'revenue', s.revenue, 'views', s.views)`,
  ),
  "follower-growth": () => sql`SELECT s.window_days, s.period, s.id, s.followers_gained::float8 AS o1,
      (fs.at_start + s.followers_gained)::float8 AS o2, 0::float8 AS o3,
      jsonb_build_object('followersGained', s.followers_gained, 'followers', fs.at_start + s.followers_gained) AS metrics
    FROM rank_sums_influencers s
    JOIN rank_followers fs ON fs.window_days = s.window_days AND fs.period = s.period AND fs.id = s.id
    WHERE ${listPeriods} AND s.followers_gained > 0`,
  // Ranked by the rate to RATE_ORDER_DECIMALS places, as the oracle (its last bits follow the order of the sum).
  commission: () => sql`SELECT c.window_days, c.period, c.id,
      round(c.commission / c.promoted * ${RATE_ORDER_SCALE}) / ${RATE_ORDER_SCALE} AS o1,
      c.promoted AS o2, 0::float8 AS o3,
      jsonb_build_object('weightedCommissionRate', c.commission / c.promoted, 'promotedRevenue', c.promoted,
        'promotedGoods', c.goods) AS metrics
    FROM (
      SELECT s.window_days, s.period, i.id, sum(s.revenue)::float8 AS promoted,
        sum(s.revenue * g.commission_rate) AS commission, count(DISTINCT g.id) AS goods
      FROM rank_sums_videos s JOIN videos v ON v.id = s.id JOIN goods g ON g.id = v.goods_id
        JOIN influencers i ON i.id = v.influencer_id
      WHERE ${listPeriods} AND s.revenue > 0
      GROUP BY 1, 2, 3
    ) c`,
};

const videos: { [T in RankTypeOf<"videos">]: ScoredSql } = {
  hot: bySums(
    "videos",
    "views",
    "likes",
    sql`jsonb_build_object('views', s.views, 'likes', s.likes, 'comments', s.comments, 'shares', s.shares,
      'engagementRate', (s.likes + s.comments + s.shares)::float8 / s.views)`,
  ),
  sales: bySums(
    "videos",
    "sales_volume",
    "revenue",
    sql`jsonb_build_object('soldCount', s.sales_volume, 'revenue', s.revenue,
      'previousSoldCount', coalesce(b.sales_volume, 0),
      'salesGrowthRate', CASE WHEN b.sales_volume > 0 THEN (s.sales_volume - b.sales_volume)::float8 / b.sales_volume END,
      'estimatedPrice', g.price, 'commissionRate', g.commission_rate)`,
    sql`LEFT JOIN rank_sums_videos b ON b.window_days = s.window_days AND b.period = s.period + 1 AND b.id = s.id
      JOIN videos e ON e.id = s.id LEFT JOIN goods g ON g.id = e.goods_id`,
  ),
};

/** Music and hashtags rank the same way; relatedVideos counts the videos using each. */
function usage(kind: "music" | "hashtags"): { [T in RankTypeOf<typeof kind>]: ScoredSql } {
  const related =
    kind === "music"
      ? sql`SELECT music_id AS id, count(*) AS n FROM videos WHERE music_id IS NOT NULL GROUP BY music_id`
      : sql`SELECT h.id, count(*) AS n FROM videos v CROSS JOIN LATERAL unnest(v.hashtag_ids) h(id) GROUP BY h.id`;
  return {
    hot: bySums(
      kind,
      "uses",
      "views",
      sql`jsonb_build_object('uses', s.uses, 'views', s.views, 'relatedVideos', coalesce(rv.n, 0))`,
      sql`LEFT JOIN (${related}) rv ON rv.id = s.id`,
    ),
    rising: byGrowth(
      kind,
      "uses",
      BREAKOUT_MIN_BASE.usesPerDay,
      "growth",
      sql`jsonb_build_object('uses', s.uses, 'previousUses', b.uses, 'views', s.views)`,
    ),
  };
}

export const RANK_SQL: { readonly [K in EntityKind]: { readonly [T in RankTypeOf<K>]: ScoredSql } } = {
  goods,
  influencers,
  videos,
  music: usage("music"),
  hashtags: usage("hashtags"),
};

/** The statement that scores every entity of `kind` by `rankType` (RANK_SQL). */
export function scoredSelection(kind: EntityKind, rankType: string, dates: RankDates): SQL {
  return (RANK_SQL[kind] as Record<string, ScoredSql>)[rankType](dates);
}

/** Each kind's entities with their market and list category (videos: the goods', else the creator's). */
export const RANK_ENTITIES: { readonly [K in EntityKind]: SQL } = {
  goods: sql`SELECT id, market, category_id FROM goods`,
  influencers: sql`SELECT id, market, category_id FROM influencers`,
  videos: sql`SELECT v.id, v.market, coalesce(g.category_id, i.category_id) AS category_id
    FROM videos v LEFT JOIN goods g ON g.id = v.goods_id LEFT JOIN influencers i ON i.id = v.influencer_id`,
  music: sql`SELECT id, market, NULL::integer AS category_id FROM music`,
  hashtags: sql`SELECT id, market, NULL::integer AS category_id FROM hashtags`,
};
