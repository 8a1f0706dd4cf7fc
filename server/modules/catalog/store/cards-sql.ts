// Cards (services/present.ts: the display fields of list rows, detail blocks and related
// lists) read from the database in one statement per kind: the profile, the one figure the
// card shows (goods' total sales, influencers' followers, videos' views: a calendar total from
// the entity's month blocks, calendar-sums.ts, read stored where it is: for a rank page, the
// total its rows carry when their generation summed it over the same calendar; for search hits,
// the popularity their search read; else the entity's search row's popularity,
// search-documents.ts), and the shop name of goods or the author of videos by key, made into
// cards by present.ts' own builders. Either for a list of ids of one kind (in the order asked;
// ids not stored are left out), for search hits (ids with their popularity), for one id, for a
// page of a related list (related-sql.ts: the page's ids, their place and the list's total), or
// for a page of a rank list (rank-pages.ts rankPageRows: its rows with rank, rank change,
// metrics, the list's total and end date); a page's rows are joined to the cards' columns, so a
// page and its cards are one statement. Every read here is a prepared statement, built once per
// kind (and related list) and calendar (store/prepared.ts). Only what the card shows is read:
// the full stats (entity-stats-sql.ts) cost several times more (link counts, every metric).
import { eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import * as schema from "../../../db/schema";
import { avatarImages, contentImages, videoImages, type Calendar, type EntityKind } from "../engine";
import { goodsCardOf, hashtagCard, influencerCard, musicCard, videoCardOf } from "../services/present";
import { cardTotal, type CardTotalKind } from "./calendar-sums";
import { cardTotalOfPopularity, popularityCardTotal, type SearchKind } from "./search-documents";
import type { Queryable } from "./meta";
import { calendarKey, runPrepared, type Preparable } from "./prepared";
import {
  rankPageOf,
  rankPageRange,
  rankPageRows,
  type RankPage,
  type RankPageQuery,
  type RankPageRange,
  type StoredRankRow,
} from "./rank-pages";
import { pageRows, pageValues, relatedTotal, type PageRange, type RelatedKind, type RelatedList } from "./related-sql";
import { fromRow } from "./rows";

export interface CardOf {
  goods: ReturnType<typeof goodsCardOf>;
  influencers: ReturnType<typeof influencerCard>;
  videos: ReturnType<typeof videoCardOf>;
  music: ReturnType<typeof musicCard>;
  hashtags: ReturnType<typeof hashtagCard>;
}

/** The card total of the selected row's entity, as a number: the scope's stored one, or summed. */
function total(scope: Scope, kind: CardTotalKind, calendar: Calendar, id: SQL) {
  // COALESCE evaluates the sum (a subquery) only for a row without a stored total.
  return sql<number>`coalesce(${scope.storedTotal(kind, id)}, ${cardTotal(kind, calendar, id)})`.mapWith(Number);
}

/**
 * The rows a card read covers: the ids asked, one id, or a page of a related list or of a rank
 * list joined by id (its rows in list order, each with the list's total and, for a rank list,
 * the row's rank, rank change and metrics).
 */
interface Scope {
  /** Columns of the scope's own rows, selected beside each card (the list's total: 0 for ids). */
  extra: Record<string, SQL>;
  /** The stored card total of the row's entity (`id`) for the calendar asked, or null. */
  storedTotal: (kind: CardTotalKind, id: SQL) => SQL;
  /** Runs the select `query` makes (over its kind's table, whose id column is `id`) for the scope's rows. */
  run: <Q extends PgSelect>(query: () => Q, id: PgColumn) => Promise<Q["_"]["result"]>;
}

/** The ids asked, as a statement prepared once per kind and calendar (store/prepared.ts): the
 *  ids are one array placeholder, so a page of 10 ids and one of 50 share the statement. */
const ofIds = (db: Queryable, calendar: Calendar, kind: EntityKind, ids: string[]): Scope => ({
  extra: { total: sql<number>`0` },
  storedTotal: (cardKind, id) => popularityCardTotal(cardKind, calendar, id),
  run: <Q extends PgSelect>(query: () => Q, column: PgColumn) =>
    runPrepared(
      db,
      `cards|${kind}|${calendarKey(calendar)}`,
      () =>
        query().where(sql`${column} = ANY(${sql.placeholder("ids")}::text[])`) as unknown as Preparable<
          Q["_"]["result"]
        >,
      { ids },
    ),
});

/**
 * Search hits (routes/search.ts): their ids with the popularity their search rows held when the
 * search read them, which is their card total (cardTotalOfPopularity) unless the calendar
 * changed meanwhile; so the card read makes no read of the search rows. Both as array
 * placeholders of a statement prepared once per kind and calendar.
 */
const ofSearchHits = (db: Queryable, calendar: Calendar, kind: EntityKind, hits: SearchHitPopularity): Scope => ({
  extra: { total: sql<number>`0` },
  // The influencers' reader selects from their table, whose initial followers the popularity includes.
  storedTotal: (cardKind) =>
    cardTotalOfPopularity(cardKind, calendar, sql`h.popularity`, sql`${schema.influencers.initialFollowers}`),
  run: <Q extends PgSelect>(query: () => Q, id: PgColumn) =>
    runPrepared(
      db,
      `search-cards|${kind}|${calendarKey(calendar)}`,
      () =>
        query().innerJoin(
          sql`unnest(${sql.placeholder("ids")}::text[], ${sql.placeholder("popularity")}::float8[]) AS h(id, popularity)`,
          sql`h.id = ${id}`,
        ) as unknown as Preparable<Q["_"]["result"]>,
      { ids: [...hits.keys()], popularity: [...hits.values()] },
    ),
});

/** One id, as a statement prepared once per kind and calendar (store/prepared.ts). */
const ofId = (db: Queryable, calendar: Calendar, kind: EntityKind, id: string): Scope => ({
  extra: { total: sql<number>`0` },
  storedTotal: (cardKind, entityId) => popularityCardTotal(cardKind, calendar, entityId),
  run: <Q extends PgSelect>(query: () => Q, column: PgColumn) =>
    runPrepared(
      db,
      `card|${kind}|${calendarKey(calendar)}`,
      () => query().where(eq(column, sql.placeholder("id"))) as unknown as Preparable<Q["_"]["result"]>,
      { id },
    ),
});

/** A page of `list`, as a statement prepared once per list, kind and calendar (store/prepared.ts). */
const onPage = (db: Queryable, calendar: Calendar, list: RelatedList, range: PageRange): Scope => ({
  extra: { total: sql<number>`p.total`.mapWith(Number) },
  storedTotal: (cardKind, id) => popularityCardTotal(cardKind, calendar, id),
  run: <Q extends PgSelect>(query: () => Q, id: PgColumn) =>
    runPrepared(
      db,
      `related-cards|${list.key}|${calendarKey(calendar)}`,
      // Joining an SQL subquery adds nothing to the partial selection: the rows keep their type.
      () =>
        query()
          .innerJoin(sql`(${pageRows(list)}) p`, sql`p.id = ${id}`)
          .orderBy(sql`p.ord`) as unknown as Preparable<Q["_"]["result"]>,
      pageValues(list, range),
    ),
});

/**
 * A page of a rank list (rank-pages.ts), as a statement prepared once per kind and calendar; its
 * rows carry their card totals.
 */
const onRankPage = (db: Queryable, calendar: Calendar, kind: EntityKind, range: RankPageRange): Scope => ({
  storedTotal: (cardKind, id) => sql`coalesce(p.card_total, ${popularityCardTotal(cardKind, calendar, id)})`,
  extra: {
    rank: sql`p.rank`,
    rank_change: sql`p.rank_change`,
    metrics: sql`p.metrics`,
    total: sql`p.total`,
    end_date: sql`p.end_date`,
  },
  run: <Q extends PgSelect>(query: () => Q, id: PgColumn) =>
    runPrepared(
      db,
      `rank-cards|${kind}|${calendarKey(calendar)}`,
      () =>
        query()
          .innerJoin(sql`(${rankPageRows(calendar)}) p`, sql`p.id = ${id}`)
          .orderBy(sql`p.rank`) as unknown as Preparable<Q["_"]["result"]>,
      { generation: range.generation, key: range.key, offset: range.offset, last: range.last },
    ),
});

/** One card per row in scope: its id, the card, the scope's own columns of that row. */
type CardReader<K extends EntityKind> = (
  db: Queryable,
  calendar: Calendar,
  scope: Scope,
) => Promise<[id: string, card: CardOf[K], extra: Record<string, unknown>][]>;

const READERS: { [K in EntityKind]: CardReader<K> } = {
  goods: async (db, calendar, scope) => {
    const query = () =>
      db
        .select({
          goods: schema.goods,
          shopName: schema.shops.name,
          totalSales: total(scope, "goods", calendar, sql`${schema.goods.id}`),
          extra: scope.extra,
        })
        .from(schema.goods)
        .leftJoin(schema.shops, eq(schema.shops.id, schema.goods.shopId))
        .$dynamic();
    return (await scope.run(query, schema.goods.id)).map((row) => {
      const goods = fromRow.goods(row.goods);
      const card = { ...goods, images: contentImages("goods", goods.id), stats: { totalSales: row.totalSales } };
      return [goods.id, goodsCardOf(card, row.shopName ?? ""), row.extra];
    });
  },
  influencers: async (db, calendar, scope) => {
    const query = () =>
      db
        .select({
          influencer: schema.influencers,
          gained: total(scope, "influencers", calendar, sql`${schema.influencers.id}`),
          extra: scope.extra,
        })
        .from(schema.influencers)
        .$dynamic();
    return (await scope.run(query, schema.influencers.id)).map((row) => {
      const influencer = fromRow.influencer(row.influencer);
      const followers = influencer.initialFollowers + row.gained;
      const card = { ...influencer, images: avatarImages("influencer", influencer.id), stats: { followers } };
      return [influencer.id, influencerCard(card), row.extra];
    });
  },
  videos: async (db, calendar, scope) => {
    const query = () =>
      db
        .select({
          video: schema.videos,
          nickname: schema.influencers.nickname,
          handle: schema.influencers.handle,
          views: total(scope, "videos", calendar, sql`${schema.videos.id}`),
          extra: scope.extra,
        })
        .from(schema.videos)
        .leftJoin(schema.influencers, eq(schema.influencers.id, schema.videos.influencerId))
        .$dynamic();
    return (await scope.run(query, schema.videos.id)).map((row) => {
      const video = fromRow.video(row.video);
      const card = { ...video, images: videoImages(video.id, video.influencerId), stats: { views: row.views } };
      const author =
        row.nickname === null || row.handle === null ? undefined : { nickname: row.nickname, handle: row.handle };
      return [video.id, videoCardOf(card, author), row.extra];
    });
  },
  music: async (db, _calendar, scope) => {
    const query = () => db.select({ music: schema.music, extra: scope.extra }).from(schema.music).$dynamic();
    return (await scope.run(query, schema.music.id)).map((row) => {
      const music = fromRow.music(row.music);
      return [music.id, musicCard({ ...music, images: contentImages("music", music.id) }), row.extra];
    });
  },
  hashtags: async (db, _calendar, scope) => {
    const query = () => db.select({ hashtag: schema.hashtags, extra: scope.extra }).from(schema.hashtags).$dynamic();
    return (await scope.run(query, schema.hashtags.id)).map((row) => [
      row.hashtag.id,
      hashtagCard(fromRow.hashtag(row.hashtag)),
      row.extra,
    ]);
  },
};

/** Search hits' ids, each with its search row's popularity as the search read it. */
export type SearchHitPopularity = ReadonlyMap<string, number>;

/** The cards of `ids` (one kind) by id; ids not stored are absent. */
export async function readCardMap<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  ids: readonly string[],
): Promise<Map<string, CardOf[K]>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await (READERS[kind] as CardReader<K>)(db, calendar, ofIds(db, calendar, kind, unique));
  return new Map(rows.map(([id, card]) => [id, card]));
}

/**
 * The cards of search hits (one kind) by id, their totals from the popularity the search read
 * (ofSearchHits); hits not stored are absent.
 */
export async function readSearchHitCards<K extends SearchKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  hits: SearchHitPopularity,
): Promise<Map<string, CardOf[K]>> {
  if (!hits.size) return new Map();
  const rows = await (READERS[kind] as CardReader<K>)(db, calendar, ofSearchHits(db, calendar, kind, hits));
  return new Map(rows.map(([id, card]) => [id, card]));
}

/** The cards of `ids` (one kind) in the order asked; ids not stored are skipped. */
export async function readCards<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  ids: readonly string[],
): Promise<CardOf[K][]> {
  const cards = await readCardMap(db, calendar, kind, ids);
  return ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}

/** The card of one id, or undefined when it is not stored. */
export async function readCard<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  id: string,
): Promise<CardOf[K] | undefined> {
  const [row] = await (READERS[kind] as CardReader<K>)(db, calendar, ofId(db, calendar, kind, id));
  return row?.[1];
}

/** A page of a related list as cards, in list order, with the list's total. */
export interface RelatedCards<K extends RelatedKind> {
  total: number;
  cards: CardOf[K][];
}

/**
 * A page of `list` (related-sql.ts) with its cards, in list order, and the list's total: one
 * statement (a second, for the total alone, only for a page past the end of the list).
 */
export async function readRelatedCards<K extends RelatedKind>(
  db: Queryable,
  calendar: Calendar,
  list: RelatedList<K>,
  range: PageRange,
): Promise<RelatedCards<K>> {
  const rows = await (READERS[list.kind] as CardReader<K>)(db, calendar, onPage(db, calendar, list, range));
  const total = rows.length ? (rows[0][2].total as number) : await relatedTotal(db, list, range);
  return { total, cards: rows.map(([, card]) => card) };
}

/**
 * A page of a rank list in `generation` with its cards, in rank order, in one statement; rows
 * whose entity is not stored are left out. Null when the statement finds no row (the list is not
 * in the generation, the category is unknown, or the page is past the list's end): the caller
 * asks rank-pages.ts readRankPage, which tells those apart. Throws RankQueryError for a bad query.
 */
export async function readRankPageCards<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  generation: number,
  query: RankPageQuery & { entity: K },
): Promise<{ page: RankPage; cards: CardOf[K][] } | null> {
  const range = rankPageRange(generation, query);
  const rows = await (READERS[query.entity] as CardReader<K>)(
    db,
    calendar,
    onRankPage(db, calendar, query.entity, range),
  );
  if (rows.length === 0) return null;
  const page = rankPageOf(
    range.list,
    rows.map(([id, , extra]) => ({ ...(extra as Omit<StoredRankRow, "id">), id })),
  );
  return { page, cards: rows.map(([, card]) => card) };
}
