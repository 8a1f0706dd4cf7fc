// Favourites: a user's liked goods, influencers, videos, music and hashtags (the kinds in
// contract/favourites.ts). Adding is an insert that ignores a duplicate and removing a delete
// of the caller's own row, so both are idempotent and nobody touches another user's list; the
// listing is newest first with the display card of each item still stored (store/cards-sql.ts:
// one statement per kind on the page).
import { and, count, desc, eq } from "drizzle-orm";
import { ENTITY_OF_FAVOURITE, FAVOURITE_KINDS, type FavouriteKind } from "../../../../contract/favourites";
import type { Db } from "../../../db/client";
import { favourites } from "../../../db/schema";
import type { Calendar } from "../engine";
import { readCardMap } from "../store/cards-sql";
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

/** The cards of the stored items among `items` by "kind|id" (one statement per kind present). */
async function cardsOf(db: Db, calendar: Calendar, items: { kind: string; entityId: string }[]) {
  const read = await Promise.all(
    FAVOURITE_KINDS.map(async (kind) => {
      const ids = items.filter((item) => item.kind === kind).map((item) => item.entityId);
      const cards = await readCardMap(db, calendar, ENTITY_OF_FAVOURITE[kind], ids);
      return [...cards].map(([id, card]): [string, object] => [`${kind}|${id}`, card]);
    }),
  );
  return new Map(read.flat());
}

/** The user's favourites, newest first, with the card of each item still stored. */
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
  const cards = await cardsOf(db, snapshot.calendar, rows);
  return {
    list: rows.map((row) => {
      const card = cards.get(`${row.kind}|${row.entityId}`);
      return {
        type: row.kind,
        id: row.entityId,
        created_at: row.createdAt.toISOString(),
        available: card !== undefined,
        ...(card === undefined ? {} : { [row.kind]: card }),
      };
    }),
    total: total?.n ?? 0,
    page,
    size,
  };
}
