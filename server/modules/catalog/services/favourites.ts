// Favourites: a user's liked goods, influencers, videos, music and hashtags (the kinds in
// contract/favourites.ts). Adding is an insert that ignores a duplicate and removing a delete
// of the caller's own row, so both are idempotent and nobody touches another user's list; the
// listing is newest first with the display card of each item still in the dataset.
import { and, count, desc, eq } from "drizzle-orm";
import { ENTITY_OF_FAVOURITE, type FavouriteKind } from "../../../../contract/favourites";
import type { Db } from "../../../db/client";
import { favourites } from "../../../db/schema";
import { cardOf as rowCard } from "./rank-lists";
import type { DataSnapshot } from "./snapshot";

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

/** `{[kind]: card}` of an item still in the dataset, else nothing. */
function cardOf(snapshot: DataSnapshot, kind: FavouriteKind, id: string) {
  const entity = ENTITY_OF_FAVOURITE[kind];
  const row = snapshot.rows[entity].get(id);
  return row === undefined ? {} : { [kind]: rowCard(snapshot, entity, row) };
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
