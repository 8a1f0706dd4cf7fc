// Related lists of a detail page read from the database, a page at a time: the videos and the
// influencers of a goods, the goods and the videos of an influencer, and the videos, goods and
// influencers around a music or hashtag, in the order the detail services give them
// (the largest total first, ties by id in byte order; an influencer's videos newest first). The
// linked ids come from one index range read on the link columns (migration 0015); each
// candidate's order key is its calendar total as stored with the data: the popularity the
// search tables keep for every video (views), goods (units sold) and influencer (followers),
// written in the seed's and the import's transaction from the same month blocks
// (store/search-documents.ts), read by primary key, so a page costs one row per linked entity
// instead of summing its month blocks. Each list is SQL (its candidates and order); `pageRows`
// cuts a page of it (ids, the list's total, the place in list order) for cards-sql.ts
// readRelatedCards, which joins the cards' columns to it, so a page and its cards are one
// statement. An id not stored gives an empty list.
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Queryable } from "./meta";
import { runPrepared } from "./prepared";

/** The filters of an influencer's video list: every video, those with a product, those without. */
export const VIDEO_FILTERS = ["all", "with_products", "without_products"] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];

/**
 * Related entities of one kind: the candidates (a SELECT of `id`s, aliased c) and their order,
 * as SQL with the placeholder ID for the id the list is about, `id`; `key` names everything else
 * the SQL depends on (its statement is prepared once: store/prepared.ts).
 */
export interface RelatedList<K extends RelatedKind = RelatedKind> {
  key: string;
  kind: K;
  id: string;
  candidates: SQL;
  /** SQL over c's columns; ties are broken by id in byte order. */
  order: SQL;
}

/** The placeholder of the id a related list is about. */
const ID = sql.placeholder("id");

export type RelatedKind = "goods" | "influencers" | "videos";

export interface PageRange {
  limit: number;
  offset: number;
}

const count = (n: number) => Math.max(0, Math.floor(Number.isFinite(n) ? n : 0));

/**
 * The page's rows of `list`, for a join (cards-sql.ts readRelatedCards): `id`, the list's
 * `total` and `ord`, the place in list order (ties by id in byte order); the page is the
 * placeholders "limit" and "offset" (`pageValues`).
 */
export function pageRows(list: RelatedList): SQL {
  return sql`SELECT c.id, (count(*) OVER ())::integer AS total,
      row_number() OVER (ORDER BY ${list.order}, c.id COLLATE "C") AS ord
    FROM (${list.candidates}) c
    ORDER BY ord
    LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}`;
}

/** The values of pageRows' placeholders for `list` and `range`. */
export function pageValues(list: RelatedList, range: PageRange) {
  return { id: list.id, limit: count(range.limit), offset: count(range.offset) };
}

/** The list's total alone, for a page past its end (an empty first page has none). */
export async function relatedTotal(db: Queryable, list: RelatedList, range: PageRange): Promise<number> {
  if (count(range.offset) === 0) return 0;
  const [row] = await runPrepared(
    db,
    `related-total|${list.key}`,
    () => db.select({ total: sql<number>`count(*)::integer`.mapWith(Number) }).from(sql`(${list.candidates}) c`),
    { id: list.id },
  );
  return row?.total ?? 0;
}

/**
 * Order by a linked entity's (c.id) calendar total, largest first: the figure search_documents
 * stores for it (store/search-documents.ts; an influencer's includes its initial followers).
 * The calendar is the one those rows were written for (the seed's or the import's, with the data).
 */
const storedTotal = (kind: "videos" | "goods" | "influencers") =>
  sql`coalesce((SELECT s.popularity FROM search_documents s
    WHERE s.kind = ${sql.raw(`'${kind}'`)} AND s.id = c.id), 0) DESC`;
const views = storedTotal("videos");
const sales = storedTotal("goods");
const followers = storedTotal("influencers");

/** The id the list is about (ID) is stored in `table`. */
const existing = (table: string) => sql`EXISTS (SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${ID})`;
/**
 * Keeps ids of stored entities of `table` only: a primary-key probe per linked id (a scalar
 * subquery, which the planner keeps as one; as an EXISTS it became a hash join reading the whole
 * table, a cost that grows with the catalogue).
 */
const stored = (table: string, ids: SQL) =>
  sql`SELECT l.id FROM (${ids}) l WHERE (SELECT true FROM ${sql.identifier(table)} e WHERE e.id = l.id)`;

/** The goods' videos by views. */
export function goodsVideos(goodsId: string): RelatedList<"videos"> {
  return {
    key: "goods-videos",
    kind: "videos",
    id: goodsId,
    candidates: sql`SELECT v.id FROM videos v WHERE v.goods_id = ${ID} AND ${existing("goods")}`,
    order: views,
  };
}

/**
 * The stored influencers with a video promoting goods `goodsId` or the goods in their showcase,
 * once each (also counted on the goods' detail: entity-stats-sql.ts).
 */
export function goodsLinkedInfluencers(goodsId: SQL | Placeholder): SQL {
  const linked = sql`SELECT v.influencer_id AS id FROM videos v WHERE v.goods_id = ${goodsId}
    UNION SELECT s.influencer_id FROM showcase_links s WHERE s.goods_id = ${goodsId}`;
  return stored("influencers", linked);
}

/** Influencers with a video promoting the goods or the goods in their showcase, by followers. */
export function goodsInfluencers(goodsId: string): RelatedList<"influencers"> {
  return {
    key: "goods-influencers",
    kind: "influencers",
    id: goodsId,
    candidates: sql`${goodsLinkedInfluencers(ID)} AND ${existing("goods")}`,
    order: followers,
  };
}

/** Goods an influencer's videos promote or their showcase holds, by total sales. */
export function influencerGoods(influencerId: string): RelatedList<"goods"> {
  const linked = sql`SELECT v.goods_id AS id FROM videos v WHERE v.influencer_id = ${ID} AND v.goods_id IS NOT NULL
    UNION SELECT s.goods_id FROM showcase_links s WHERE s.influencer_id = ${ID}`;
  return {
    key: "influencer-goods",
    kind: "goods",
    id: influencerId,
    candidates: sql`${stored("goods", linked)} AND ${existing("influencers")}`,
    order: sales,
  };
}

/** An influencer's videos, newest first; optionally only those with (or without) a stored product. */
export function influencerVideos(influencerId: string, filter: VideoFilter): RelatedList<"videos"> {
  const withProduct = sql`EXISTS (SELECT 1 FROM goods g WHERE g.id = v.goods_id)`;
  const kept =
    filter === "all" ? sql`` : filter === "with_products" ? sql`AND ${withProduct}` : sql`AND NOT ${withProduct}`;
  return {
    key: `influencer-videos|${filter}`,
    kind: "videos",
    id: influencerId,
    candidates: sql`SELECT v.id, v.posted_at FROM videos v
      WHERE v.influencer_id = ${ID} ${kept} AND ${existing("influencers")}`,
    order: sql`c.posted_at DESC`,
  };
}

export type UsageKind = "music" | "hashtags";

/** Videos (alias v) using the sound or tag ID, once each, when the sound or tag is stored. */
function usedBy(kind: UsageKind): SQL {
  return kind === "music"
    ? sql`v.music_id = ${ID} AND ${existing("music")}`
    : sql`v.hashtag_ids @> ARRAY[${ID}]::text[] AND ${existing("hashtags")}`;
}

/** Videos using a music or hashtag, by views (a video listing a tag twice is there twice, as in the engine). */
export function usageVideos(kind: UsageKind, id: string): RelatedList<"videos"> {
  const candidates =
    kind === "music"
      ? sql`SELECT v.id FROM videos v WHERE ${usedBy(kind)}`
      : sql`SELECT v.id FROM videos v CROSS JOIN LATERAL unnest(v.hashtag_ids) t(tag)
        WHERE ${usedBy(kind)} AND t.tag = ${ID}`;
  return { key: `usage-videos|${kind}`, kind: "videos", id, candidates, order: views };
}

/** Goods linked by the videos using a music or hashtag, by total sales. */
export function usageGoods(kind: UsageKind, id: string): RelatedList<"goods"> {
  const linked = sql`SELECT DISTINCT v.goods_id AS id FROM videos v WHERE ${usedBy(kind)}`;
  return { key: `usage-goods|${kind}`, kind: "goods", id, candidates: stored("goods", linked), order: sales };
}

/** Authors of the videos using a music or hashtag, by followers. */
export function usageInfluencers(kind: UsageKind, id: string): RelatedList<"influencers"> {
  const linked = sql`SELECT DISTINCT v.influencer_id AS id FROM videos v WHERE ${usedBy(kind)}`;
  return {
    key: `usage-influencers|${kind}`,
    kind: "influencers",
    id,
    candidates: stored("influencers", linked),
    order: followers,
  };
}
