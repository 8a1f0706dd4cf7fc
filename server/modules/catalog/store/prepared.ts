// The detail pages' and the lists' reads as named prepared statements, built once per calendar:
// a read whose SQL depends only on the calendar (its dates are literals in the text) and on the
// shape of the read (the kind, the related list, the filter) is built by Drizzle once, with
// placeholders for the ids and the page, and kept per database handle under `key`; each request
// then only fills the placeholders. On PostgreSQL the statement is named by a hash of its text,
// so each pooled connection parses it once and, after its first executions, reuses a generic
// plan: such a statement's text is several kilobytes of span sums, whose parse and plan cost
// several times its execution (docs/scaling.md, "Fewer statements per detail" and "A rank page
// and its cards in one prepared statement"). PGlite runs the same text unnamed. A new calendar
// (a seed or import moving the dates) makes new keys; the oldest entries are dropped past
// MAX_STATEMENTS, and a pooled connection drops its statements when it closes.
import { createHash } from "node:crypto";
import type { Calendar } from "../engine";
import type { Queryable } from "./meta";

/** A Drizzle select that can be prepared (placeholders filled on each execution). */
export interface Preparable<T> {
  toSQL: () => { sql: string };
  prepare: (name: string) => Prepared<T>;
}

export interface Prepared<T> {
  execute: (values?: Record<string, unknown>) => Promise<T>;
}

/** The calendar as a statement's `key` names it: the text of a calendar-bound read has its dates. */
export const calendarKey = (calendar: Calendar) => `${calendar.startDate}|${calendar.endDate}`;

/** Statements kept per database handle: about 50 per calendar (a few per kind, one or two per
 *  related list), for a calendar or two. */
const MAX_STATEMENTS = 128;

const statements = new WeakMap<Queryable, Map<string, Prepared<unknown>>>();

/**
 * Runs the statement `build` makes (called once per `key` and database handle) with `values`
 * for its placeholders. `key` must name everything the text depends on besides the values.
 */
export function runPrepared<T>(
  db: Queryable,
  key: string,
  build: () => Preparable<T>,
  values: Record<string, unknown>,
): Promise<T> {
  let kept = statements.get(db);
  if (!kept) {
    kept = new Map<string, Prepared<unknown>>();
    statements.set(db, kept);
  }
  let statement = kept.get(key) as Prepared<T> | undefined;
  if (!statement) {
    const query = build();
    const name = `d_${createHash("sha1").update(query.toSQL().sql).digest("base64url")}`;
    statement = query.prepare(name);
    kept.set(key, statement);
    if (kept.size > MAX_STATEMENTS) kept.delete(kept.keys().next().value!);
  }
  return statement.execute(values);
}
