// Related lists of a detail page read from the database, a page at a time: the videos and the
// influencers of a goods, the goods and the videos of an influencer, and the videos, goods and
// influencers around a music or hashtag, in the order the detail services give them today
// (services/details/lookup.ts topRows: the largest total first, ties by id in byte order;
// an influencer's videos newest first). The linked ids come from one index range read on the
// link columns (migration 0015); each candidate's total is summed from its month blocks by key
// (calendar-sums.ts), so a page costs the entity's link count in block reads. Answers ids and
// the list's total; cards-sql.ts makes the cards. An id not stored gives an empty list. Not
// wired into the services yet (docs/scaling.md).
import { sql, type SQL } from "drizzle-orm";
import type { Calendar } from "../engine";
import { calendarTotal, rowsOf } from "./calendar-sums";
import type { Queryable } from "./meta";

/** The filters of an influencer's video list: every video, those with a product, those without. */
export const VIDEO_FILTERS = ["all", "with_products", "without_products"] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];

export interface RelatedPage {
  /** Entities in the whole list. */
  total: number;
  /** The page's ids, in list order. */
  ids: string[];
}

export interface PageRange {
  limit: number;
  offset: number;
}

const count = (n: number) => Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));

/**
 * One page of `candidates` (a SELECT of distinct `id`s, aliased c) ordered by `order` (SQL over
 * c.id), then by id in byte order, with the list's total.
 */
async function pageOf(db: Queryable, candidates: SQL, order: SQL, range: PageRange): Promise<RelatedPage> {
  const rows = rowsOf<{ id: string; total: number }>(
    await db.execute(sql`SELECT c.id, (count(*) OVER ())::integer AS total
      FROM (${candidates}) c
      ORDER BY ${order}, c.id COLLATE "C"
      LIMIT ${count(range.limit)} OFFSET ${count(range.offset)}`),
  );
  if (rows.length) return { total: Number(rows[0].total), ids: rows.map((row) => row.id) };
  // Past the end (or an empty list): the total alone.
  const [row] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::integer AS total FROM (${candidates}) c`),
  );
  return { total: Number(row?.total ?? 0), ids: [] };
}

const views = (calendar: Calendar) => sql`${calendarTotal("videos", "views", calendar, sql`c.id`)} DESC`;
const sales = (calendar: Calendar) => sql`${calendarTotal("goods", "salesVolume", calendar, sql`c.id`)} DESC`;
const followers = (calendar: Calendar) =>
  sql`((SELECT i.initial_followers FROM influencers i WHERE i.id = c.id)
    + ${calendarTotal("influencers", "followersGained", calendar, sql`c.id`)}) DESC`;

const existing = (table: string, id: string) => sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id})`;
/** Keeps ids of stored entities of `table` only. */
const stored = (table: string, ids: SQL) =>
  sql`SELECT l.id FROM (${ids}) l WHERE EXISTS (SELECT 1 FROM ${sql.identifier(table)} e WHERE e.id = l.id)`;

/** The goods' videos by views. */
export function goodsVideos(db: Queryable, calendar: Calendar, goodsId: string, range: PageRange) {
  return pageOf(
    db,
    sql`SELECT v.id FROM videos v WHERE v.goods_id = ${goodsId} AND ${existing("goods", goodsId)}`,
    views(calendar),
    range,
  );
}

/** Influencers with a video promoting the goods or the goods in their showcase, by followers. */
export function goodsInfluencers(db: Queryable, calendar: Calendar, goodsId: string, range: PageRange) {
  const linked = sql`SELECT v.influencer_id AS id FROM videos v WHERE v.goods_id = ${goodsId}
    UNION SELECT s.influencer_id FROM showcase_links s WHERE s.goods_id = ${goodsId}`;
  return pageOf(
    db,
    sql`${stored("influencers", linked)} AND ${existing("goods", goodsId)}`,
    followers(calendar),
    range,
  );
}

/** Goods an influencer's videos promote or their showcase holds, by total sales. */
export function influencerGoods(db: Queryable, calendar: Calendar, influencerId: string, range: PageRange) {
  const linked = sql`SELECT v.goods_id AS id FROM videos v WHERE v.influencer_id = ${influencerId} AND v.goods_id IS NOT NULL
    UNION SELECT s.goods_id FROM showcase_links s WHERE s.influencer_id = ${influencerId}`;
  return pageOf(
    db,
    sql`${stored("goods", linked)} AND ${existing("influencers", influencerId)}`,
    sales(calendar),
    range,
  );
}

/** An influencer's videos, newest first; optionally only those with (or without) a stored product. */
export function influencerVideos(db: Queryable, influencerId: string, filter: VideoFilter, range: PageRange) {
  const withProduct = sql`EXISTS (SELECT 1 FROM goods g WHERE g.id = v.goods_id)`;
  const kept =
    filter === "all" ? sql`` : filter === "with_products" ? sql`AND ${withProduct}` : sql`AND NOT ${withProduct}`;
  return pageOf(
    db,
    sql`SELECT v.id, v.posted_at FROM videos v
      WHERE v.influencer_id = ${influencerId} ${kept} AND ${existing("influencers", influencerId)}`,
    sql`c.posted_at DESC`,
    range,
  );
}

export type UsageKind = "music" | "hashtags";

/** Videos (alias v) using the sound or tag, once each, when the sound or tag is stored. */
function usedBy(kind: UsageKind, id: string): SQL {
  return kind === "music"
    ? sql`v.music_id = ${id} AND ${existing("music", id)}`
    : sql`v.hashtag_ids @> ARRAY[${id}]::text[] AND ${existing("hashtags", id)}`;
}

/** Videos using the sound or tag (a video listing a tag twice is there twice, as in the engine). */
function usageVideoIds(kind: UsageKind, id: string): SQL {
  return kind === "music"
    ? sql`SELECT v.id FROM videos v WHERE ${usedBy(kind, id)}`
    : sql`SELECT v.id FROM videos v CROSS JOIN LATERAL unnest(v.hashtag_ids) t(tag)
        WHERE ${usedBy(kind, id)} AND t.tag = ${id}`;
}

/** Videos using a music or hashtag, by views. */
export function usageVideos(db: Queryable, calendar: Calendar, kind: UsageKind, id: string, range: PageRange) {
  return pageOf(db, usageVideoIds(kind, id), views(calendar), range);
}

/** Goods linked by the videos using a music or hashtag, by total sales. */
export function usageGoods(db: Queryable, calendar: Calendar, kind: UsageKind, id: string, range: PageRange) {
  const linked = sql`SELECT DISTINCT v.goods_id AS id FROM videos v WHERE ${usedBy(kind, id)}`;
  return pageOf(db, stored("goods", linked), sales(calendar), range);
}

/** Authors of the videos using a music or hashtag, by followers. */
export function usageInfluencers(db: Queryable, calendar: Calendar, kind: UsageKind, id: string, range: PageRange) {
  const linked = sql`SELECT DISTINCT v.influencer_id AS id FROM videos v WHERE ${usedBy(kind, id)}`;
  return pageOf(db, stored("influencers", linked), followers(calendar), range);
}
