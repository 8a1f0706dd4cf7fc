// Finding an entity for detail routes: a JSON 404 naming the kind when it is not there, checked
// in the database by primary key.
import { sql } from "drizzle-orm";
import { DomainError } from "../../../../lib/domain-error";
import type { EntityKind, MarketCode } from "../../engine";
import { rowsOf } from "../../store/calendar-sums";
import type { Queryable } from "../../store/meta";

const SINGULAR: Record<EntityKind, string> = {
  goods: "Goods",
  influencers: "Influencer",
  videos: "Video",
  music: "Music",
  hashtags: "Hashtag",
};

/** The 404 of an unknown id of `kind`. */
export function notFound(kind: EntityKind, id: string): DomainError {
  return new DomainError(404, `${SINGULAR[kind]} '${id}' not found`);
}

/** The market of a stored entity (one primary-key read), or a 404. */
export async function storedMarket(db: Queryable, kind: EntityKind, id: string): Promise<MarketCode> {
  const [row] = rowsOf<{ market: MarketCode }>(
    await db.execute(sql`SELECT market FROM ${sql.identifier(kind)} WHERE id = ${id}`),
  );
  if (!row) throw notFound(kind, id);
  return row.market;
}
