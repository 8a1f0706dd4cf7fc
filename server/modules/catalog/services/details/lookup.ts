// Finding an entity for detail routes: a JSON 404 naming the kind when it is not there, checked
// in the database by primary key (a prepared statement per kind, store/prepared.ts).
import { eq, sql } from "drizzle-orm";
import * as schema from "../../../../db/schema";
import { DomainError } from "../../../../lib/domain-error";
import type { EntityKind, MarketCode } from "../../engine";
import type { Queryable } from "../../store/meta";
import { runPrepared } from "../../store/prepared";

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

const TABLES = {
  goods: schema.goods,
  influencers: schema.influencers,
  videos: schema.videos,
  music: schema.music,
  hashtags: schema.hashtags,
};

/** The market of a stored entity (one primary-key read, a prepared statement), or a 404. */
export async function storedMarket(db: Queryable, kind: EntityKind, id: string): Promise<MarketCode> {
  const table: (typeof TABLES)[EntityKind] = TABLES[kind];
  const [row] = await runPrepared(
    db,
    `market|${kind}`,
    () =>
      db
        .select({ market: table.market })
        .from(table)
        .where(eq(table.id, sql.placeholder("id"))),
    { id },
  );
  if (!row) throw notFound(kind, id);
  return row.market as MarketCode;
}
