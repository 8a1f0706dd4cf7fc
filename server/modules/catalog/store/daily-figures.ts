// The daily-figure tables (goods_months, influencers_months, videos_months, music_months,
// hashtags_months: one row per entity and month with any activity, each metric an array of
// running totals within the month, partitioned by month), derived in SQL from daily_series:
// every row, or the rows of the entities an import touched. This module also creates the
// monthly partitions those rows need and says how to sum a block. Not wired into the seed, the
// import or the refresh yet (docs/scaling.md, "Second step"): the rank tables they feed are not
// served yet, and deriving them would add ~12 s to the embedded default's first start at scale
// 1; the oracle test (tests/server/catalog/rank-sql.test.ts) and bench/rank-tables.ts call it.
import { getTableColumns, getTableName, inArray, sql, type SQL, type Table } from "drizzle-orm";
import {
  dailySeries,
  goodsMonths,
  hashtagsMonths,
  influencersMonths,
  musicMonths,
  videosMonths,
} from "../../../db/schema";
import { addDays, ENTITY_KINDS, isBusinessDate, SERIES_METRICS, type BusinessDate, type EntityKind } from "../engine";
import type { Queryable } from "./meta";

interface DailyFigures {
  table: string;
  /** Column name by series metric. */
  columns: Record<string, string>;
}

/** A month-block table's name and its metric columns' names, as the Drizzle schema declares them. */
function figuresOf(kind: EntityKind, table: Table): DailyFigures {
  const columns = getTableColumns(table);
  return {
    table: getTableName(table),
    columns: Object.fromEntries(SERIES_METRICS[kind].map((metric) => [metric, columns[metric].name])),
  };
}

/** The table of each kind and its metric columns. */
export const DAILY_FIGURES = {
  goods: figuresOf("goods", goodsMonths),
  influencers: figuresOf("influencers", influencersMonths),
  videos: figuresOf("videos", videosMonths),
  music: figuresOf("music", musicMonths),
  hashtags: figuresOf("hashtags", hashtagsMonths),
} as const satisfies Record<EntityKind, DailyFigures>;

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
 * The rows of daily_series (all of the kind, or those of `ids`) as month blocks: ROWS FROM
 * zips the metrics' arrays into days (a missing metric reads as zeros; each row's text is
 * parsed once), running totals restart each month, and each block's arrays start on the 1st
 * (days before the series are zeros), so element d is the total of days 1..d.
 */
function derive(kind: EntityKind, endDate: BusinessDate, ids?: readonly string[]): SQL {
  const { table, columns } = DAILY_FIGURES[kind];
  const names = Object.values(columns);
  const list = (f: (c: string, m: string) => string) =>
    Object.entries(columns)
      .map(([m, c]) => f(c, m))
      .join(", ");
  const only = ids ? sql`AND ${inArray(dailySeries.id, [...ids])}` : sql``;
  // OFFSET 0 keeps the subquery whole, so each row's text is parsed into jsonb once.
  return sql`INSERT INTO ${sql.identifier(table)} (id, month, first_active, ${sql.raw(list((c) => `"${c}"`))})
    SELECT id, month, min(day) FILTER (WHERE active),
      ${sql.raw(list((c) => `array_fill(0::bigint, ARRAY[extract(day FROM min(day))::integer - 1]) || array_agg("${c}" ORDER BY day)`))}
    FROM (
      SELECT x.id, x.day, date_trunc('month', x.day)::date AS month,
        (${sql.raw(names.map((c) => `x."${c}" <> 0`).join(" OR "))}) AS active,
        ${sql.raw(list((c) => `(sum(x."${c}") OVER running)::bigint AS "${c}"`))}
      FROM (
        SELECT s.id, s.start_date + (d.k - 1)::integer AS day,
          ${sql.raw(list((c) => `coalesce(d."${c}"::numeric, 0)::bigint AS "${c}"`))}
        FROM (SELECT id, start_date, "values"::jsonb AS v FROM daily_series
              WHERE entity = ${kind} ${only} OFFSET 0) s
        CROSS JOIN LATERAL ROWS FROM (${sql.raw(list((_, m) => `jsonb_array_elements_text(s.v->'${m}')`))})
          WITH ORDINALITY AS d(${sql.raw(list((c) => `"${c}"`))}, k)
      ) x
      WHERE x.day <= ${dateLiteral(endDate)}
      WINDOW running AS (PARTITION BY x.id, date_trunc('month', x.day) ORDER BY x.day)
    ) y
    GROUP BY id, month
    HAVING bool_or(active)`;
}

/**
 * The sum of a block's metric over the days lo..hi (dates; clipped to the block's month): the
 * running total on hi less the one the day before lo. `b` is the block's alias; days after the
 * array's end repeat its last total.
 */
export function blockSum(column: string, lo: SQL, hi: SQL, b = "b"): SQL {
  const at = (day: SQL) =>
    sql
      .raw(`${b}."${column}"[least(`)
      .append(day)
      .append(sql.raw(` - ${b}.month + 1, cardinality(${b}."${column}"))]`));
  const from = sql`greatest(${lo}, ${sql.raw(`${b}.month`)})`;
  const to = sql`least(${hi}, (${sql.raw(`${b}.month`)} + interval '1 month' - interval '1 day')::date)`;
  return sql`CASE WHEN ${to} < ${from} THEN 0
    ELSE ${at(to)} - CASE WHEN ${from} > ${sql.raw(`${b}.month`)} THEN ${at(sql`${from} - 1`)} ELSE 0 END END`;
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

/** Rewrites every kind's daily figures from daily_series up to `endDate`. */
export async function writeAllDailyFigures(tx: Queryable, endDate: BusinessDate): Promise<void> {
  for (const kind of ENTITY_KINDS) await writeDailyFigures(tx, kind, endDate);
}
