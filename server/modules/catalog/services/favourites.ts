// Favourites: a user's liked goods, influencers and videos. Adding is an insert that ignores a
// duplicate and removing a delete, so both are idempotent; the listing is newest first with
// the display card of each item still in the dataset.
import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { favourites } from "../../../db/schema";
import type { DetailKind } from "./gate";
import { goodsCard, influencerCard, videoCard } from "./present";
import type { DataSnapshot } from "./snapshot";

/** The detail kinds a user can like (music and hashtags have detail pages but no favourites). */
export const FAVOURITE_KINDS = ["goods", "influencer", "video"] as const satisfies readonly DetailKind[];
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];
export const ENTITY_OF_KIND = { goods: "goods", influencer: "influencers", video: "videos" } as const;

export async function addFavourite(db: Db, userId: number, kind: FavouriteKind, entityId: string): Promise<void> {
  await db.insert(favourites).values({ userId, kind, entityId }).onConflictDoNothing();
}

/** Removes one favourite; true when there was one. */
export async function removeFavourite(db: Db, userId: number, kind: FavouriteKind, entityId: string): Promise<boolean> {
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.kind, kind), eq(favourites.entityId, entityId)))
    .returning({ id: favourites.entityId });
  return removed.length > 0;
}

function cardOf(snapshot: DataSnapshot, kind: FavouriteKind, id: string) {
  const row = snapshot.rows[ENTITY_OF_KIND[kind]].get(id);
  if (row === undefined) return {};
  const { dataset } = snapshot;
  if (kind === "goods") return { goods: goodsCard(snapshot, dataset.goods[row]) };
  if (kind === "influencer") return { influencer: influencerCard(dataset.influencers[row]) };
  return { video: videoCard(snapshot, dataset.videos[row]) };
}

export async function listFavourites(
  db: Db,
  snapshot: DataSnapshot,
  userId: number,
  kind: FavouriteKind | undefined,
  page: number,
  size: number,
) {
  const where = kind ? and(eq(favourites.userId, userId), eq(favourites.kind, kind)) : eq(favourites.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(favourites)
      .where(where)
      .orderBy(desc(favourites.createdAt), desc(favourites.entityId))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(favourites).where(where),
  ]);
  return {
    list: rows.map((row) => {
      const card = cardOf(snapshot, row.kind as FavouriteKind, row.entityId);
      return {
        type: row.kind,
        id: row.entityId,
        created_at: row.createdAt.toISOString(),
        available: Object.keys(card).length > 0,
        ...card,
      };
    }),
    total: total?.n ?? 0,
    page,
    size,
  };
}
