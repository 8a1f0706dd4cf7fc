// Bulk writes of whole rows, optionally meeting stored rows with the same key (replaced, or
// kept). On PostgreSQL inside a transaction the rows are streamed with COPY (db/copy-from.ts):
// straight into the table, or, when a key may conflict, into a temporary staging table created
// like it and dropped at once, then moved with one INSERT ... SELECT ... ON CONFLICT. Elsewhere
// (PGlite, or the pool outside a transaction) one INSERT per batch of rows with each column sent
// as one array parameter of text values, unnested into rows and cast to the column's type in SQL
// (the form writeBlocks uses for the month blocks): a handful of parameters per batch instead of
// one per column and row, which is what an INSERT ... VALUES of Drizzle sends. Both take the
// same text of each value and the same ON CONFLICT clause, so they store the same rows.
import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { ClientBase } from "pg";
import { copyConnection, copyIn } from "../../../db/copy-from";
import { inBatches } from "../engine";
import type { Queryable } from "./meta";

const BATCH = 5000;

/**
 * What a row whose key is already stored does: "replace" sets every other written column to the
 * incoming value (ON CONFLICT (key) DO UPDATE), "keep" leaves the stored row (DO NOTHING, on any
 * unique key).
 */
export type OnConflict<T extends PgTable> =
  { key: (keyof T["_"]["columns"] & string)[]; action: "replace" } | { action: "keep" };

/** How rows reach the database: "copy" (PostgreSQL in a transaction) or "insert". */
export type BulkWriteMethod = "copy" | "insert";

export function bulkWriteMethod(db: Queryable): BulkWriteMethod {
  return copyConnection(db) ? "copy" : "insert";
}

/**
 * A column's value as text (null stays null). Drizzle maps a value to what the drivers send:
 * JSON text for jsonb, an array literal for array columns, a string for timestamps, numbers and
 * booleans as they are.
 */
function asText(column: PgColumn, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const driverValue: unknown = column.mapToDriverValue(value);
  if (typeof driverValue === "string") return driverValue;
  if (typeof driverValue === "number" || typeof driverValue === "boolean" || typeof driverValue === "bigint")
    return String(driverValue);
  throw new TypeError(`${column.name}: no text form for ${typeof driverValue}`);
}

type Present = [key: string, column: PgColumn][];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

function columnList(present: Present): string {
  return present.map(([, column]) => quoted(column.name)).join(", ");
}

function conflictClause<T extends PgTable>(table: T, present: Present, onConflict?: OnConflict<T>): SQL {
  if (!onConflict) return sql``;
  if (onConflict.action === "keep") return sql.raw(" ON CONFLICT DO NOTHING");
  const columns = getTableColumns(table);
  const keys = onConflict.key.map((key) => columns[key].name);
  const set = present
    .map(([, column]) => column.name)
    .filter((name) => !keys.includes(name))
    .map((name) => `${quoted(name)} = excluded.${quoted(name)}`);
  const action = set.length ? `DO UPDATE SET ${set.join(", ")}` : "DO NOTHING";
  return sql.raw(` ON CONFLICT (${keys.map(quoted).join(", ")}) ${action}`);
}

/**
 * Writes `rows` into `table`; the columns are those of the first row (of each batch, for INSERT).
 * Returns the rows written (for "keep", including those a stored key kept out).
 */
export function insertRows<T extends PgTable>(
  db: Queryable,
  table: T,
  rows: Iterable<PgInsertValue<T>>,
  onConflict?: OnConflict<T>,
): Promise<number> {
  const client = copyConnection(db);
  return client ? copyRows(db, client, table, rows, onConflict) : insertBatches(db, table, rows, onConflict);
}

/** COPY straight into the table, or through a staging table when a key may be stored already. */
async function copyRows<T extends PgTable>(
  db: Queryable,
  client: ClientBase,
  table: T,
  rows: Iterable<PgInsertValue<T>>,
  onConflict?: OnConflict<T>,
): Promise<number> {
  const [first, rest] = peek(rows as Iterable<Record<string, unknown>>);
  if (!first) return 0;
  const present = presentColumns(table, first);
  const values = function* () {
    yield present.map(([key, column]) => asText(column, first[key]));
    for (const record of rest) yield present.map(([key, column]) => asText(column, record[key]));
  };
  const name = quoted(getTableName(table));
  const names = columnList(present);
  if (!onConflict) return copyIn(client, `COPY ${name} (${names}) FROM STDIN`, values());
  // Temporary tables live in the session: two imports on two connections never share one.
  const staging = quoted(`copy_staging_${getTableName(table)}`);
  await db.execute(sql.raw(`CREATE TEMP TABLE ${staging} (LIKE ${name} INCLUDING DEFAULTS) ON COMMIT DROP`));
  const copied = await copyIn(client, `COPY ${staging} (${names}) FROM STDIN`, values());
  const move = sql.raw(`INSERT INTO ${name} (${names}) SELECT ${names} FROM ${staging}`);
  await db.execute(sql`${move}${conflictClause(table, present, onConflict)}`);
  await db.execute(sql.raw(`DROP TABLE ${staging}`));
  return copied;
}

/** One INSERT ... SELECT FROM unnest(...) per BATCH rows. */
async function insertBatches<T extends PgTable>(
  db: Queryable,
  table: T,
  rows: Iterable<PgInsertValue<T>>,
  onConflict?: OnConflict<T>,
): Promise<number> {
  let written = 0;
  for (const batch of inBatches(rows, BATCH)) {
    const records = batch as Record<string, unknown>[];
    const present = presentColumns(table, records[0]);
    const casts = sql.join(
      present.map(([, column], i) => sql.raw(`u.c${i}::${column.getSQLType()}`)),
      sql`, `,
    );
    const params = sql.join(
      present.map(([key, column]) => sql`${sql.param(records.map((record) => asText(column, record[key])))}::text[]`),
      sql`, `,
    );
    const aliases = sql.raw(present.map((_, i) => `c${i}`).join(", "));
    const names = sql.raw(columnList(present));
    await db.execute(
      sql`INSERT INTO ${sql.identifier(getTableName(table))} (${names}) SELECT ${casts} FROM unnest(${params}) AS u(${aliases})${conflictClause(table, present, onConflict)}`,
    );
    written += batch.length;
  }
  return written;
}

function presentColumns(table: PgTable, record: Record<string, unknown>): Present {
  return (Object.entries(getTableColumns(table)) as Present).filter(([key]) => record[key] !== undefined);
}

/** The first item of `items` and an iterable of the rest (`items` is read once). */
function peek<T>(items: Iterable<T>): [T | undefined, Iterable<T>] {
  const iterator = items[Symbol.iterator]();
  const first = iterator.next();
  return [first.done ? undefined : first.value, { [Symbol.iterator]: () => iterator }];
}
