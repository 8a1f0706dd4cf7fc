// Cards (services/present.ts: the display fields of list rows, detail blocks and related
// lists) read from the database in one statement per kind: the profile, the one figure the
// card shows (goods' total sales, influencers' followers, videos' views: a calendar total from
// the entity's month blocks, calendar-sums.ts), and the shop name of goods or the author of
// videos by key, made into cards by present.ts' own builders. Either for a list of ids of one
// kind (in the order asked; ids not stored are left out), for one id, or for a page of a
// related list (related-sql.ts): the page's ids, their place and the list's total joined to the
// cards' columns, so the page and its cards are one statement. The detail pages' reads (one id,
// a related page) are prepared statements, built once per calendar (store/prepared.ts). Only
// what the card shows is read: the full stats (entity-stats-sql.ts) cost several times more
// (link counts, every metric).
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import * as schema from "../../../db/schema";
import { avatarImages, contentImages, videoImages, type Calendar, type EntityKind } from "../engine";
import { goodsCardOf, hashtagCard, influencerCard, musicCard, videoCardOf } from "../services/present";
import { calendarTotal } from "./calendar-sums";
import type { Queryable } from "./meta";
import { calendarKey, runPrepared, type Preparable } from "./prepared";
import { pageRows, pageValues, relatedTotal, type PageRange, type RelatedKind, type RelatedList } from "./related-sql";
import { fromRow } from "./rows";

export interface CardOf {
  goods: ReturnType<typeof goodsCardOf>;
  influencers: ReturnType<typeof influencerCard>;
  videos: ReturnType<typeof videoCardOf>;
  music: ReturnType<typeof musicCard>;
  hashtags: ReturnType<typeof hashtagCard>;
}

/** The calendar total of one metric of the selected row's entity, as a number. */
const total = (kind: EntityKind, metric: string, calendar: Calendar, id: SQL) =>
  sql<number>`${calendarTotal(kind, metric, calendar, id)}`.mapWith(Number);

/**
 * The rows a card read covers: the ids asked, one id, or a page of a related list joined by id
 * (its rows in list order, each with the list's total).
 */
interface Scope {
  /** The related list's total on each row (0 for ids). */
  total: SQL<number>;
  /** Runs the select `query` makes (over its kind's table, whose id column is `id`) for the scope's rows. */
  run: <Q extends PgSelect>(query: () => Q, id: PgColumn) => Promise<Q["_"]["result"]>;
}

const ofIds = (ids: string[]): Scope => ({
  total: sql<number>`0`.mapWith(Number),
  run: (query, id) => query().where(inArray(id, ids)).execute(),
});

/** One id, as a statement prepared once per kind and calendar (store/prepared.ts). */
const ofId = (db: Queryable, calendar: Calendar, kind: EntityKind, id: string): Scope => ({
  total: sql<number>`0`.mapWith(Number),
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
  total: sql<number>`p.total`.mapWith(Number),
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

/** One card per row in scope: its id, the card, the scope's total. */
type CardReader<K extends EntityKind> = (
  db: Queryable,
  calendar: Calendar,
  scope: Scope,
) => Promise<[id: string, card: CardOf[K], total: number][]>;

const READERS: { [K in EntityKind]: CardReader<K> } = {
  goods: async (db, calendar, scope) => {
    const query = () =>
      db
        .select({
          goods: schema.goods,
          shopName: schema.shops.name,
          totalSales: total("goods", "salesVolume", calendar, sql`${schema.goods.id}`),
          total: scope.total,
        })
        .from(schema.goods)
        .leftJoin(schema.shops, eq(schema.shops.id, schema.goods.shopId))
        .$dynamic();
    return (await scope.run(query, schema.goods.id)).map((row) => {
      const goods = fromRow.goods(row.goods);
      const card = { ...goods, images: contentImages("goods", goods.id), stats: { totalSales: row.totalSales } };
      return [goods.id, goodsCardOf(card, row.shopName ?? ""), row.total];
    });
  },
  influencers: async (db, calendar, scope) => {
    const query = () =>
      db
        .select({
          influencer: schema.influencers,
          gained: total("influencers", "followersGained", calendar, sql`${schema.influencers.id}`),
          total: scope.total,
        })
        .from(schema.influencers)
        .$dynamic();
    return (await scope.run(query, schema.influencers.id)).map((row) => {
      const influencer = fromRow.influencer(row.influencer);
      const followers = influencer.initialFollowers + row.gained;
      const card = { ...influencer, images: avatarImages("influencer", influencer.id), stats: { followers } };
      return [influencer.id, influencerCard(card), row.total];
    });
  },
  videos: async (db, calendar, scope) => {
    const query = () =>
      db
        .select({
          video: schema.videos,
          nickname: schema.influencers.nickname,
          handle: schema.influencers.handle,
          views: total("videos", "views", calendar, sql`${schema.videos.id}`),
          total: scope.total,
        })
        .from(schema.videos)
        .leftJoin(schema.influencers, eq(schema.influencers.id, schema.videos.influencerId))
        .$dynamic();
    return (await scope.run(query, schema.videos.id)).map((row) => {
      const video = fromRow.video(row.video);
      const card = { ...video, images: videoImages(video.id, video.influencerId), stats: { views: row.views } };
      const author =
        row.nickname === null || row.handle === null ? undefined : { nickname: row.nickname, handle: row.handle };
      return [video.id, videoCardOf(card, author), row.total];
    });
  },
  music: async (db, _calendar, scope) => {
    const query = () => db.select({ music: schema.music, total: scope.total }).from(schema.music).$dynamic();
    return (await scope.run(query, schema.music.id)).map((row) => {
      const music = fromRow.music(row.music);
      return [music.id, musicCard({ ...music, images: contentImages("music", music.id) }), row.total];
    });
  },
  hashtags: async (db, _calendar, scope) => {
    const query = () => db.select({ hashtag: schema.hashtags, total: scope.total }).from(schema.hashtags).$dynamic();
    return (await scope.run(query, schema.hashtags.id)).map((row) => [
      row.hashtag.id,
      hashtagCard(fromRow.hashtag(row.hashtag)),
      row.total,
    ]);
  },
};

/** The cards of `ids` (one kind) by id; ids not stored are absent. */
export async function readCardMap<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  ids: readonly string[],
): Promise<Map<string, CardOf[K]>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await (READERS[kind] as CardReader<K>)(db, calendar, ofIds(unique));
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
  const total = rows.length ? rows[0][2] : await relatedTotal(db, list, range);
  return { total, cards: rows.map(([, card]) => card) };
}
