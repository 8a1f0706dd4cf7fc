// Cards (services/present.ts: the display fields of list rows, detail blocks and related
// lists) for a list of ids of one kind, read from the database in one statement per kind: the
// profile, the one figure the card shows (goods' total sales, influencers' followers, videos'
// views: a calendar total from the entity's month blocks, calendar-sums.ts), and the shop name
// of goods or the author of videos by key, made into cards by present.ts' own builders, in the
// order asked. Ids not stored are left out. Only what the card shows is read: the full stats
// (entity-stats-sql.ts) cost several times more (link counts, every metric).
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import * as schema from "../../../db/schema";
import { avatarImages, contentImages, videoImages, type Calendar, type EntityKind } from "../engine";
import { goodsCardOf, hashtagCard, influencerCard, musicCard, videoCardOf } from "../services/present";
import { calendarTotal } from "./calendar-sums";
import type { Queryable } from "./meta";
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

type CardReader<K extends EntityKind> = (
  db: Queryable,
  calendar: Calendar,
  ids: string[],
) => Promise<[string, CardOf[K]][]>;

const READERS: { [K in EntityKind]: CardReader<K> } = {
  goods: async (db, calendar, ids) => {
    const rows = await db
      .select({
        goods: schema.goods,
        shopName: schema.shops.name,
        totalSales: total("goods", "salesVolume", calendar, sql`${schema.goods.id}`),
      })
      .from(schema.goods)
      .leftJoin(schema.shops, eq(schema.shops.id, schema.goods.shopId))
      .where(inArray(schema.goods.id, ids));
    return rows.map((row) => {
      const goods = fromRow.goods(row.goods);
      const card = { ...goods, images: contentImages("goods", goods.id), stats: { totalSales: row.totalSales } };
      return [goods.id, goodsCardOf(card, row.shopName ?? "")];
    });
  },
  influencers: async (db, calendar, ids) => {
    const rows = await db
      .select({
        influencer: schema.influencers,
        gained: total("influencers", "followersGained", calendar, sql`${schema.influencers.id}`),
      })
      .from(schema.influencers)
      .where(inArray(schema.influencers.id, ids));
    return rows.map((row) => {
      const influencer = fromRow.influencer(row.influencer);
      const followers = influencer.initialFollowers + row.gained;
      const card = { ...influencer, images: avatarImages("influencer", influencer.id), stats: { followers } };
      return [influencer.id, influencerCard(card)];
    });
  },
  videos: async (db, calendar, ids) => {
    const rows = await db
      .select({
        video: schema.videos,
        nickname: schema.influencers.nickname,
        handle: schema.influencers.handle,
        views: total("videos", "views", calendar, sql`${schema.videos.id}`),
      })
      .from(schema.videos)
      .leftJoin(schema.influencers, eq(schema.influencers.id, schema.videos.influencerId))
      .where(inArray(schema.videos.id, ids));
    return rows.map((row) => {
      const video = fromRow.video(row.video);
      const card = { ...video, images: videoImages(video.id, video.influencerId), stats: { views: row.views } };
      const author =
        row.nickname === null || row.handle === null ? undefined : { nickname: row.nickname, handle: row.handle };
      return [video.id, videoCardOf(card, author)];
    });
  },
  music: async (db, _calendar, ids) => {
    const rows = await db.select().from(schema.music).where(inArray(schema.music.id, ids));
    return rows.map((row) => {
      const music = fromRow.music(row);
      return [music.id, musicCard({ ...music, images: contentImages("music", music.id) })];
    });
  },
  hashtags: async (db, _calendar, ids) => {
    const rows = await db.select().from(schema.hashtags).where(inArray(schema.hashtags.id, ids));
    return rows.map((row) => [row.id, hashtagCard(fromRow.hashtag(row))]);
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
  return new Map(await (READERS[kind] as CardReader<K>)(db, calendar, unique));
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
