// Bulk inserts of whole rows: one INSERT per batch with each column sent as one array parameter
// of text values, unnested into rows and cast to the column's type in SQL (the form writeBlocks
// uses for the month blocks). The database parses a handful of parameters per batch instead of
// one per column and row, which is what an INSERT ... VALUES of Drizzle sends.
import { getTableColumns, getTableName, sql } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { inBatches } from "../engine";
import type { Queryable } from "./meta";

const BATCH = 5000;

/**
 * A column's value as text for its array parameter (null stays null). Drizzle maps a value to
 * what the drivers send: JSON text for jsonb, an array literal for array columns, a string for
 * timestamps, numbers and booleans as they are.
 */
function asText(column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const driverValue: unknown = column.mapToDriverValue(value);
  if (typeof driverValue === "string") return driverValue;
  if (typeof driverValue === "number" || typeof driverValue === "boolean" || typeof driverValue === "bigint")
    return String(driverValue);
  throw new TypeError(`${column.name}: no text form for ${typeof driverValue}`);
}

/** Inserts `rows` into `table`, BATCH rows per statement; the columns are those of the first row. */
export async function insertRows<T extends PgTable>(
  db: Queryable,
  table: T,
  rows: Iterable<PgInsertValue<T>>,
): Promise<number> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  let written = 0;
  for (const batch of inBatches(rows, BATCH)) {
    const records = batch as Record<string, unknown>[];
    const present = columns.filter(([key]) => records[0][key] !== undefined);
    const names = sql.join(
      present.map(([, column]) => sql.identifier(column.name)),
      sql`, `,
    );
    const casts = sql.join(
      present.map(([, column], i) => sql.raw(`u.c${i}::${column.getSQLType()}`)),
      sql`, `,
    );
    const params = sql.join(
      present.map(([key, column]) => sql`${sql.param(records.map((record) => asText(column, record[key])))}::text[]`),
      sql`, `,
    );
    const aliases = sql.raw(present.map((_, i) => `c${i}`).join(", "));
    await db.execute(
      sql`INSERT INTO ${sql.identifier(getTableName(table))} (${names}) SELECT ${casts} FROM unnest(${params}) AS u(${aliases})`,
    );
    written += batch.length;
  }
  return written;
}
