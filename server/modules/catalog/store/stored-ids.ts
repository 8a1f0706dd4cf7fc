// Whether an id is stored, by primary key (one index probe): the image route's "is this id
// known" for the entity kinds and shops. Callers on a hot path cache the answer per data
// version (routes/images.ts).
import { sql } from "drizzle-orm";
import type { EntityKind } from "../engine";
import { rowsOf } from "./calendar-sums";
import type { Queryable } from "./meta";

/** True when `id` is a stored row of `table` (an entity kind's table or shops). */
export async function isStored(db: Queryable, table: EntityKind | "shops", id: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id}`)).length > 0;
}
