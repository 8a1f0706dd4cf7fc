// Entities with their derived stats read from the database, equal to what the engine's
// deriveStats (engine/dataset/derive-stats.ts) puts in the in-memory dataset: the profile row,
// the image paths, and every total, 30-day estimate, 7-day growth and link count, computed on
// demand from the entity's month blocks (read by primary key, one probe per month partition
// the calendar overlaps) and the link columns (indexed: migration 0015), in one statement per
// kind (each row's figures a jsonb subquery beside it). Ids not stored are left out of the
// answer. The detail pages' own entity; for the goods page (readGoodsPage) the goods with its
// shop (the shop's goods' count and totals) and its category path, in the same statement. The
// oracle test tests/server/catalog/entity-sql.test.ts compares them with deriveStats on both
// databases.
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../../db/schema";
import {
  avatarImages,
  contentImages,
  ESTIMATE_DAYS,
  GROWTH_DAYS,
  growthRate,
  ratio,
  SERIES_METRICS,
  videoImages,
  type Calendar,
  type Category,
  type EntityKind,
  type Goods,
  type Hashtag,
  type Influencer,
  type Music,
  type Shop,
  type Video,
} from "../engine";
import { DAILY_FIGURES, dateLiteral } from "./daily-figures";
import { goodsLinkedInfluencers } from "./related-sql";
import type { Queryable } from "./meta";
import { calendarKey, runPrepared, type Preparable } from "./prepared";
import { fromRow } from "./rows";
import { calendarBlocks, calendarSpan, lastDaysSpan, spanSum, type Span } from "./calendar-sums";

export interface EntityOf {
  goods: Goods;
  influencers: Influencer;
  videos: Video;
  music: Music;
  hashtags: Hashtag;
}

type Figures = Record<string, number | string | null>;

/**
 * One entity's named span sums of its blocks (columns `<name>`; 0 without blocks), and for goods
 * its first active day within the calendar (`first_day`, text; null without one). `id` is the
 * entity's id in the enclosing statement.
 */
function blockSums(
  kind: EntityKind,
  calendar: Calendar,
  id: SQL,
  spans: Record<string, [metric: string, span: Span]>,
): SQL {
  const sums = Object.entries(spans).map(
    ([name, [metric, span]]) => sql`${spanSum(kind, metric, calendar, span)} AS ${sql.identifier(name)}`,
  );
  if (kind === "goods") sums.push(sql`min(${goodsFirstDay(calendar)})::text AS first_day`);
  return sql`SELECT ${sql.join(sums, sql`, `)}
    FROM ${sql.identifier(DAILY_FIGURES[kind].table)} b
    WHERE b.id = ${id} AND ${calendarBlocks(calendar)}`;
}

/**
 * A goods block's first active day within the calendar: the block's own, or for the block the
 * calendar starts in, the first day from the start on which a running total moves.
 */
function goodsFirstDay(calendar: Calendar): SQL {
  const start = dateLiteral(calendar.startDate);
  const moves = Object.values(DAILY_FIGURES.goods.columns)
    .map((c) => `b."${c}"[d] <> coalesce(b."${c}"[d - 1], 0)`)
    .join(" OR ");
  return sql`CASE WHEN b.first_active >= ${start} THEN b.first_active
    ELSE (SELECT min(b.month + d - 1) FROM generate_series(${start} - b.month + 1, cardinality(b.sales_volume)) d
      WHERE ${sql.raw(moves)}) END`;
}

/** Every metric's total over the calendar, named by metric. */
function totals(kind: EntityKind, calendar: Calendar): Record<string, [string, Span]> {
  return Object.fromEntries(SERIES_METRICS[kind].map((metric) => [metric, [metric, calendarSpan(calendar)]]));
}

/** A metric over the last GROWTH_DAYS days and the GROWTH_DAYS before (weekGrowth's sums). */
function weeks(calendar: Calendar, metric: string): Record<string, [string, Span]> {
  return {
    weekNow: [metric, lastDaysSpan(calendar, GROWTH_DAYS)],
    weekBefore: [metric, lastDaysSpan(calendar, GROWTH_DAYS, GROWTH_DAYS)],
  };
}

const num = (value: number | string | null | undefined): number => Number(value ?? 0);

/**
 * One row of figures for the row's id (`id`, a column of the enclosing statement), from the
 * query `figures` builds, as one jsonb value (numbers as JSON numbers, exact).
 */
const figuresOf = (figures: (id: SQL) => SQL, id: SQL) => sql<Figures>`(SELECT to_jsonb(x) FROM (${figures(id)}) x)`;

/**
 * Reads rows of `table`, each with its figures (`figuresOf`) in the same statement: those of a
 * list of ids (readEntities), or of one id as a prepared statement (readEntity).
 */
type WithFigures = <T extends PgTable & { id: PgColumn }>(
  table: T,
  figures: (id: SQL) => SQL,
) => PromiseLike<{ row: T["$inferSelect"]; f: Figures }[]>;

function selectWithFigures<T extends PgTable & { id: PgColumn }>(
  db: Queryable,
  table: T,
  figures: (id: SQL) => SQL,
  where: SQL,
): Preparable<{ row: T["$inferSelect"]; f: Figures }[]> & PromiseLike<{ row: T["$inferSelect"]; f: Figures }[]> {
  const from: PgTable = table;
  return db
    .select({ row: table, f: figuresOf(figures, sql`${table.id}`) })
    .from(from)
    .where(where);
}

/**
 * A goods' figures: every total, the 30-day estimates, the week's growth, its link counts. The
 * linked influencers are those of its related list (goodsLinkedInfluencers), each checked with
 * one primary-key probe: as a semi-join, the prepared statement's generic plan, expecting
 * thousands of links per goods, hashed every influencer (a 150,000-row scan at scale 50, ~30 ms,
 * for a goods with 6).
 */
function goodsFigures(calendar: Calendar) {
  return (id: SQL) => sql`SELECT f.*,
      (SELECT count(*) FROM videos v WHERE v.goods_id = ${id})::integer AS related_videos,
      (SELECT count(*) FROM (${goodsLinkedInfluencers(id)}) p)::integer AS related_influencers
    FROM (${blockSums("goods", calendar, id, {
      ...totals("goods", calendar),
      estimatedSalesVolume: ["salesVolume", lastDaysSpan(calendar, ESTIMATE_DAYS)],
      estimatedSalesAmount: ["revenue", lastDaysSpan(calendar, ESTIMATE_DAYS)],
      ...weeks(calendar, "salesVolume"),
    })}) f`;
}

function goodsOf(row: typeof schema.goods.$inferSelect, f: Figures): Goods {
  const profile = fromRow.goods(row);
  const totalSales = num(f.salesVolume);
  const views = num(f.views);
  return {
    ...profile,
    images: contentImages("goods", profile.id),
    stats: {
      commission: Math.round(profile.price * profile.commissionRate),
      totalSales,
      totalRevenue: num(f.revenue),
      estimatedSalesVolume: num(f.estimatedSalesVolume),
      estimatedSalesAmount: num(f.estimatedSalesAmount),
      views,
      likes: num(f.likes),
      comments: num(f.comments),
      salesGrowth: growthRate(num(f.weekNow), num(f.weekBefore)),
      conversionRate: ratio(totalSales, views),
      firstSeenDate: (f.first_day as string | null) ?? null,
      relatedVideos: num(f.related_videos),
      relatedInfluencers: num(f.related_influencers),
    },
  };
}

async function readGoods(calendar: Calendar, withFigures: WithFigures): Promise<Goods[]> {
  const rows = await withFigures(schema.goods, goodsFigures(calendar));
  return rows.map(({ row, f }) => goodsOf(row, f));
}

async function readInfluencers(calendar: Calendar, withFigures: WithFigures): Promise<Influencer[]> {
  const rows = await withFigures(
    schema.influencers,
    (id) => sql`SELECT f.*,
      (SELECT count(*) FROM videos v WHERE v.influencer_id = ${id})::integer AS video_count,
      (SELECT count(*) FROM videos v WHERE v.influencer_id = ${id} AND v.goods_id IS NOT NULL)::integer AS posted_count,
      p.products::integer AS product_count, p.rates::float8 AS rate_sum
    FROM (${blockSums("influencers", calendar, id, totals("influencers", calendar))}) f,
      (SELECT count(*) AS products, sum(g.commission_rate) AS rates FROM goods g WHERE g.id IN (
        SELECT v.goods_id FROM videos v WHERE v.influencer_id = ${id}
        UNION SELECT s.goods_id FROM showcase_links s WHERE s.influencer_id = ${id})) p`,
  );
  return rows.map(({ row, f }) => {
    const profile = fromRow.influencer(row);
    const followersGained = num(f.followersGained);
    const products = num(f.product_count);
    return {
      ...profile,
      images: avatarImages("influencer", profile.id),
      stats: {
        followers: profile.initialFollowers + followersGained,
        followersGained,
        // The mean of the goods' rates; the engine sums them in another order (last bits may differ).
        commissionRate: products ? num(f.rate_sum) / products : null,
        productCount: products,
        postedCount: num(f.posted_count),
        videoCount: num(f.video_count),
        playCount: num(f.views),
        totalSales: num(f.salesVolume),
        totalRevenue: num(f.revenue),
      },
    };
  });
}

async function readVideos(calendar: Calendar, withFigures: WithFigures): Promise<Video[]> {
  const product = sql`${schema.videos.goodsId}`;
  const rows = await withFigures(
    schema.videos,
    (id) => sql`SELECT f.*, (SELECT g.commission_rate FROM goods g WHERE g.id = ${product}) AS goods_rate,
      (SELECT g.price::float8 FROM goods g WHERE g.id = ${product}) AS goods_price
    FROM (${blockSums("videos", calendar, id, { ...totals("videos", calendar), ...weeks(calendar, "salesVolume") })}) f`,
  );
  return rows.map(({ row, f }) => {
    const profile = fromRow.video(row);
    const [views, likes, comments, shares] = [f.views, f.likes, f.comments, f.shares].map(num);
    return {
      ...profile,
      images: videoImages(profile.id, profile.influencerId),
      stats: {
        views,
        likes,
        comments,
        shares,
        engagementRate: ratio(likes + comments + shares, views),
        salesVolume: num(f.salesVolume),
        revenue: num(f.revenue),
        commissionRate: f.goods_rate === null ? null : num(f.goods_rate),
        estimatedPrice: f.goods_price === null ? null : num(f.goods_price),
        salesGrowthRate: growthRate(num(f.weekNow), num(f.weekBefore)),
      },
    };
  });
}

/** Music and hashtags: uses, views, 7-day growth of uses, and the videos using each. */
function usageFigures(kind: "music" | "hashtags", calendar: Calendar) {
  return (id: SQL) => {
    // A video listing a hashtag twice counts twice, as in the engine.
    const related =
      kind === "music"
        ? sql`(SELECT count(*) FROM videos v WHERE v.music_id = ${id})`
        : sql`(SELECT sum(cardinality(array_positions(v.hashtag_ids, ${id}))) FROM videos v
          WHERE v.hashtag_ids @> ARRAY[${id}])`;
    return sql`SELECT f.*, coalesce(${related}, 0)::integer AS related_videos
      FROM (${blockSums(kind, calendar, id, { ...totals(kind, calendar), ...weeks(calendar, "uses") })}) f`;
  };
}

const usageStats = (f: Figures) => ({
  uses: num(f.uses),
  views: num(f.views),
  growth: growthRate(num(f.weekNow), num(f.weekBefore)),
  relatedVideos: num(f.related_videos),
});

async function readMusic(calendar: Calendar, withFigures: WithFigures): Promise<Music[]> {
  const rows = await withFigures(schema.music, usageFigures("music", calendar));
  return rows.map(({ row, f }) => {
    const profile = fromRow.music(row);
    return { ...profile, images: contentImages("music", profile.id), stats: usageStats(f) };
  });
}

async function readHashtags(calendar: Calendar, withFigures: WithFigures): Promise<Hashtag[]> {
  const rows = await withFigures(schema.hashtags, usageFigures("hashtags", calendar));
  return rows.map(({ row, f }) => ({ ...fromRow.hashtag(row), stats: usageStats(f) }));
}

type Reader<K extends EntityKind> = (calendar: Calendar, withFigures: WithFigures) => Promise<EntityOf[K][]>;

const READERS: { [K in EntityKind]: Reader<K> } = {
  goods: readGoods,
  influencers: readInfluencers,
  videos: readVideos,
  music: readMusic,
  hashtags: readHashtags,
};

/**
 * The entities of `ids` (one kind; a page of tens) as the engine's dataset holds them: profile,
 * images and derived stats over `calendar` (the dataset_meta calendar). Unknown ids are absent.
 */
export async function readEntities<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  ids: readonly string[],
): Promise<Map<string, EntityOf[K]>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const entities = await (READERS[kind] as Reader<K>)(calendar, (table, figures) =>
    selectWithFigures(db, table, figures, inArray(table.id, unique)),
  );
  return new Map(entities.map((entity) => [entity.id, entity]));
}

/** One entity, or undefined when it is not stored (a prepared statement: store/prepared.ts). */
export async function readEntity<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  id: string,
): Promise<EntityOf[K] | undefined> {
  const [entity] = await (READERS[kind] as Reader<K>)(calendar, (table, figures) =>
    runPrepared(
      db,
      `entity|${kind}|${calendarKey(calendar)}`,
      () => selectWithFigures(db, table, figures, eq(table.id, sql.placeholder("id"))),
      { id },
    ),
  );
  return entity;
}

/** A shop's goods' count and totals over the calendar, each goods summed from its blocks once for both. */
function shopFigures(calendar: Calendar) {
  return (id: SQL) => sql`SELECT count(*)::integer AS goods_count, coalesce(sum(t.sales), 0)::float8 AS total_sales,
      coalesce(sum(t.revenue), 0)::float8 AS total_revenue
    FROM goods g CROSS JOIN LATERAL (
      SELECT ${spanSum("goods", "salesVolume", calendar, calendarSpan(calendar))} AS sales,
        ${spanSum("goods", "revenue", calendar, calendarSpan(calendar))} AS revenue
      FROM goods_months b WHERE b.id = g.id AND ${calendarBlocks(calendar)}
    ) t
    WHERE g.shop_id = ${id}`;
}

function shopOf(row: typeof schema.shops.$inferSelect, f: Figures): Shop {
  const profile = fromRow.shop(row);
  const stats = { goodsCount: num(f.goods_count), totalSales: num(f.total_sales), totalRevenue: num(f.total_revenue) };
  return { ...profile, images: avatarImages("shop", profile.id), stats };
}

/** What the goods detail page reads of the database besides its related lists. */
export interface GoodsPage {
  goods: Goods;
  /** The goods' shop with its totals (undefined when not stored). */
  shop: Shop | undefined;
  /** The goods' category and that category's parent (undefined when not stored). */
  category: Category | undefined;
  parent: Category | undefined;
}

const categoryOf = (row: { id: number; parent_id: number | null; names: Category["names"] } | null) =>
  row === null ? undefined : fromRow.category({ id: row.id, parentId: row.parent_id, names: row.names });

/**
 * A goods with its stats, its shop with the shop's totals, and its category with that
 * category's parent, in one statement (the categories are two primary-key reads of a table of a
 * few hundred rows); undefined when the goods is not stored.
 */
export async function readGoodsPage(db: Queryable, calendar: Calendar, id: string): Promise<GoodsPage | undefined> {
  const category = sql`(SELECT to_jsonb(c) FROM categories c WHERE c.id = ${schema.goods.categoryId})`;
  const parent = sql`(SELECT to_jsonb(p) FROM categories c JOIN categories p ON p.id = c.parent_id
    WHERE c.id = ${schema.goods.categoryId})`;
  const build = () =>
    db
      .select({
        goods: schema.goods,
        f: figuresOf(goodsFigures(calendar), sql`${schema.goods.id}`),
        shop: schema.shops,
        shopF: figuresOf(shopFigures(calendar), sql`${schema.shops.id}`),
        category: sql<Parameters<typeof categoryOf>[0]>`${category}`,
        parent: sql<Parameters<typeof categoryOf>[0]>`${parent}`,
      })
      .from(schema.goods)
      .leftJoin(schema.shops, eq(schema.shops.id, schema.goods.shopId))
      .where(eq(schema.goods.id, sql.placeholder("id")));
  const [row] = await runPrepared(db, `goods-page|${calendarKey(calendar)}`, build, { id });
  if (!row) return undefined;
  return {
    goods: goodsOf(row.goods, row.f),
    shop: row.shop ? shopOf(row.shop, row.shopF) : undefined,
    category: categoryOf(row.category),
    parent: categoryOf(row.parent),
  };
}
