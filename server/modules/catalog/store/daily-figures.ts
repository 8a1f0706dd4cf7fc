// The daily-figure tables (goods_daily, influencers_daily, videos_daily, music_daily,
// hashtags_daily: one row per entity and day with any non-zero metric, partitioned by month of
// the day). They are derived in SQL from daily_series, which stays the stored form the servers
// load, in the same transaction that writes it: the seed derives every row, an import the rows
// of the entities it touched. This module also creates the monthly partitions those rows need.
import { inArray, sql, type SQL } from "drizzle-orm";
import { dailySeries } from "../../../db/schema";
import { addDays, ENTITY_KINDS, isBusinessDate, SERIES_METRICS, type BusinessDate, type EntityKind } from "../engine";
import type { Queryable } from "./meta";

/** The table of each kind and its metric columns (the series metric names in snake case). */
export const DAILY_FIGURES: { readonly [K in EntityKind]: { table: string; columns: Record<string, string> } } =
  Object.fromEntries(
    ENTITY_KINDS.map((kind) => [
      kind,
      {
        table: `${kind}_daily`,
        columns: Object.fromEntries(
          SERIES_METRICS[kind].map((metric) => [metric, metric.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)]),
        ),
      },
    ]),
  ) as never;

/** A validated date as an SQL literal (dates are inlined: DDL takes no parameters). */
export function dateLiteral(date: BusinessDate): SQL {
  if (!isBusinessDate(date)) throw new Error(`not a date: ${String(date)}`);
  return sql.raw(`DATE '${date}'`);
}

/** First days of the months from `from`'s to `to`'s, inclusive. */
export function monthsBetween(from: BusinessDate, to: BusinessDate): BusinessDate[] {
  const months: BusinessDate[] = [];
  for (let month = `${from.slice(0, 7)}-01`; month <= to; month = addDays(month, 32).slice(0, 7) + "-01")
    months.push(month);
  return months;
}

/** Creates the missing monthly partitions of every daily-figure table for days from..to. */
export async function ensureMonthPartitions(tx: Queryable, from: BusinessDate, to: BusinessDate): Promise<void> {
  for (const month of monthsBetween(from, to)) {
    const next = addDays(month, 32).slice(0, 7) + "-01";
    for (const kind of ENTITY_KINDS) {
      const { table } = DAILY_FIGURES[kind];
      const partition = `${table}_${month.slice(0, 4)}_${month.slice(5, 7)}`;
      await tx.execute(
        sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(partition)} PARTITION OF ${sql.identifier(table)}
          FOR VALUES FROM (${dateLiteral(month)}) TO (${dateLiteral(next)})`,
      );
    }
  }
}

/**
 * The rows of daily_series (all of the kind, or those of `ids`) spread into daily rows: ROWS
 * FROM zips the metrics' arrays (a missing metric reads as zeros), each parsed once per row.
 */
function derive(kind: EntityKind, endDate: BusinessDate, ids?: readonly string[]): SQL {
  const { table, columns } = DAILY_FIGURES[kind];
  const metrics = Object.keys(columns);
  const names = metrics.map((m) => `"${columns[m]}"`).join(", ");
  const arrays = metrics.map((m) => `jsonb_array_elements_text(s.v->'${m}')`).join(", ");
  const values = metrics.map((m) => `coalesce(d."${columns[m]}"::numeric, 0)::bigint AS "${columns[m]}"`).join(", ");
  const nonZero = metrics.map((m) => `x."${columns[m]}" <> 0`).join(" OR ");
  const only = ids ? sql`AND ${inArray(dailySeries.id, [...ids])}` : sql``;
  // OFFSET 0 keeps the subquery whole, so each row's text is parsed into jsonb once.
  return sql`INSERT INTO ${sql.identifier(table)} (id, day, ${sql.raw(names)})
    SELECT x.* FROM (
      SELECT s.id, s.start_date + (d.k - 1)::integer AS day, ${sql.raw(values)}
      FROM (SELECT id, start_date, "values"::jsonb AS v FROM daily_series
            WHERE entity = ${kind} ${only} OFFSET 0) s
      CROSS JOIN LATERAL ROWS FROM (${sql.raw(arrays)}) WITH ORDINALITY AS d(${sql.raw(names)}, k)
    ) x
    WHERE x.day <= ${dateLiteral(endDate)} AND (${sql.raw(nonZero)})`;
}

async function firstStartDate(tx: Queryable, kind: EntityKind, ids?: readonly string[]): Promise<string | null> {
  const only = ids ? sql`AND ${inArray(dailySeries.id, [...ids])}` : sql``;
  const result = await tx.execute(
    sql`SELECT min(start_date)::text AS first FROM daily_series WHERE entity = ${kind} ${only}`,
  );
  return (result as { rows: { first: string | null }[] }).rows[0]?.first ?? null;
}

/**
 * Rewrites the daily figures of `kind` from daily_series up to `endDate` (the calendar's last
 * day): every row (seed), or only those of `ids` (import).
 */
export async function writeDailyFigures(
  tx: Queryable,
  kind: EntityKind,
  endDate: BusinessDate,
  ids?: readonly string[],
): Promise<void> {
  if (ids?.length === 0) return;
  const table = sql.identifier(DAILY_FIGURES[kind].table);
  if (ids) await tx.execute(sql`DELETE FROM ${table} WHERE ${inArray(sql`id`, [...ids])}`);
  else await tx.execute(sql`TRUNCATE ${table}`);
  const first = await firstStartDate(tx, kind, ids);
  if (first === null || first > endDate) return;
  await ensureMonthPartitions(tx, first, endDate);
  await tx.execute(derive(kind, endDate, ids));
}
