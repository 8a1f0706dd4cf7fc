// Cards (services/present.ts: the display fields of list rows, detail blocks and related
// lists) for a list of ids of one kind, read from the database: the entities with their stats
// (entity-stats-sql.ts), plus the shop names of goods and the authors of videos, made into
// cards by present.ts' own builders, in the order asked. Ids not stored are left out. Not wired
// into the services yet (docs/scaling.md).
import { inArray } from "drizzle-orm";
import { influencers, shops } from "../../../db/schema";
import type { Calendar, EntityKind } from "../engine";
import { goodsCardOf, hashtagCard, influencerCard, musicCard, videoCardOf } from "../services/present";
import { readEntities, type EntityOf } from "./entity-stats-sql";
import type { Queryable } from "./meta";

export interface CardOf {
  goods: ReturnType<typeof goodsCardOf>;
  influencers: ReturnType<typeof influencerCard>;
  videos: ReturnType<typeof videoCardOf>;
  music: ReturnType<typeof musicCard>;
  hashtags: ReturnType<typeof hashtagCard>;
}

type CardMaker<K extends EntityKind> = (
  db: Queryable,
  entities: readonly EntityOf[K][],
) => Promise<(entity: EntityOf[K]) => CardOf[K]>;

const MAKERS: { [K in EntityKind]: CardMaker<K> } = {
  goods: async (db, goods) => {
    const ids = [...new Set(goods.map((g) => g.shopId))];
    const rows = ids.length
      ? await db.select({ id: shops.id, name: shops.name }).from(shops).where(inArray(shops.id, ids))
      : [];
    const names = new Map(rows.map((row) => [row.id, row.name]));
    return (g) => goodsCardOf(g, names.get(g.shopId) ?? "");
  },
  influencers: async () => influencerCard,
  videos: async (db, videos) => {
    const ids = [...new Set(videos.map((v) => v.influencerId))];
    const rows = ids.length
      ? await db
          .select({ id: influencers.id, nickname: influencers.nickname, handle: influencers.handle })
          .from(influencers)
          .where(inArray(influencers.id, ids))
      : [];
    const authors = new Map(rows.map((row) => [row.id, row]));
    return (v) => videoCardOf(v, authors.get(v.influencerId));
  },
  music: async () => musicCard,
  hashtags: async () => hashtagCard,
};

/** The cards of `ids` (one kind) in the order asked; ids not stored are skipped. */
export async function readCards<K extends EntityKind>(
  db: Queryable,
  calendar: Calendar,
  kind: K,
  ids: readonly string[],
): Promise<CardOf[K][]> {
  const entities = await readEntities(db, calendar, kind, ids);
  const card = await (MAKERS[kind] as CardMaker<K>)(db, [...entities.values()]);
  return ids.flatMap((id) => {
    const entity = entities.get(id);
    return entity ? [card(entity)] : [];
  });
}
