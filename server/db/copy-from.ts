// COPY ... FROM STDIN (text format) on the connection of a Drizzle node-postgres transaction,
// through pg-copy-streams: how to reach that connection under Drizzle (copyConnection), the
// text format's escaping (copyField) and the streamed COPY itself (copyIn), rows sent in chunks
// as they come so memory holds one chunk. PGlite, and the pool outside a transaction (no one
// connection), have none: copyConnection answers null and callers write with INSERT instead.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { entityKind } from "drizzle-orm";
import type { ClientBase } from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** Rows per chunk written to the COPY stream. */
const CHUNK_ROWS = 1000;

interface DrizzleInternals {
  session?: { client?: unknown; constructor: { [entityKind]?: string } };
  constructor: { [entityKind]?: string };
}

/**
 * The pg client a Drizzle node-postgres transaction runs on (its session holds the client it
 * checked out of the pool), or null: PGlite, or a database handle outside a transaction. These
 * are Drizzle's internals: the tests assert that COPY is taken on PostgreSQL
 * (bulk-insert.test.ts, import-copy.test.ts), so a Drizzle upgrade that moves them fails there
 * instead of falling back to INSERT unnoticed.
 */
export function copyConnection(db: unknown): ClientBase | null {
  const { session, constructor } = db as DrizzleInternals;
  if (constructor[entityKind] !== "NodePgTransaction" || session?.constructor[entityKind] !== "NodePgSession")
    return null;
  const client = session.client as ClientBase | undefined;
  return client && typeof client.query === "function" ? client : null;
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/**
 * A value in COPY's text format: NULL as \N, backslash, tab, newline and carriage return
 * escaped; every other character (quotes, commas, any script, emoji) as it is.
 */
export function copyField(value: string | null): string {
  if (value === null) return "\\N";
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : value;
}

function* chunks(rows: Iterable<readonly (string | null)[]>): Generator<string> {
  let lines: string[] = [];
  for (const row of rows) {
    lines.push(`${row.map(copyField).join("\t")}\n`);
    if (lines.length >= CHUNK_ROWS) {
      yield lines.join("");
      lines = [];
    }
  }
  if (lines.length) yield lines.join("");
}

/**
 * Runs `statement` (a `COPY ... FROM STDIN`, text format) on `client`, streaming `rows` (each a
 * row's values in the statement's column order, as text, null for NULL); returns the rows copied.
 * A failure (a value the column rejects) rejects, and the transaction is then aborted.
 */
export async function copyIn(
  client: ClientBase,
  statement: string,
  rows: Iterable<readonly (string | null)[]>,
): Promise<number> {
  const stream = client.query(copyFrom(statement));
  await pipeline(Readable.from(chunks(rows)), stream);
  return stream.rowCount;
}
