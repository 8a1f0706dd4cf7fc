// The daily-figure tables (goods_months, influencers_months, videos_months, music_months,
// hashtags_months: one row per entity and month with any activity, each metric an array of
// running totals within the month, partitioned by month): the stored daily figures. This module
// writes blocks in batches (the seed: every block of the generated dataset; the import: the
// months it merged days into, store/month-blocks.ts builds them), deletes and reads them (by a
// condition: the import's merge), creates the monthly partitions they need and says how to sum a
// block in SQL (the rank tables, the search popularity, the SQL readers of stats).
import { getTableColumns, getTableName, sql, type SQL, type Table } from "drizzle-orm";
import { goodsMonths, hashtagsMonths, influencersMonths, musicMonths, videosMonths } from "../../../db/schema";
import { ENTITY_KINDS, inBatches, isBusinessDate, SERIES_METRICS, type BusinessDate, type EntityKind } from "../engine";
import type { Queryable } from "./meta";
import { monthsBetween, nextMonth, type MonthBlock } from "./month-blocks";

// Rows per INSERT (a few MB of array text at most).
const BLOCK_BATCH = 2000;

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

/** Creates the missing monthly partitions of every daily-figure table for days from..to. */
export async function ensureMonthPartitions(tx: Queryable, from: BusinessDate, to: BusinessDate): Promise<void> {
  for (const month of monthsBetween(from, to)) {
    for (const kind of ENTITY_KINDS) {
      const { table } = DAILY_FIGURES[kind];
      const partition = `${table}_${month.slice(0, 4)}_${month.slice(5, 7)}`;
      await tx.execute(
        sql`CREATE TABLE IF NOT EXISTS ${sql.identifier(partition)} PARTITION OF ${sql.identifier(table)}
          FOR VALUES FROM (${dateLiteral(month)}) TO (${dateLiteral(nextMonth(month))})`,
      );
    }
  }
}

/** The kind's metric columns in the order of SERIES_METRICS (a block's `totals`). */
function metricColumns(kind: EntityKind): string[] {
  const { columns } = DAILY_FIGURES[kind];
  return SERIES_METRICS[kind].map((metric) => columns[metric]);
}

/**
 * Writes blocks of `kind` (their months' partitions must exist), one statement per batch: every
 * column one array parameter, unnested into rows (each metric's running totals as array text,
 * cast in SQL), which both drivers pass as a handful of values. With `replace`, a stored block
 * of the same entity and month is replaced.
 */
export async function writeBlocks(
  tx: Queryable,
  kind: EntityKind,
  blocks: Iterable<MonthBlock>,
  options: { replace?: boolean } = {},
): Promise<number> {
  const { table } = DAILY_FIGURES[kind];
  const columns = metricColumns(kind);
  const names = sql.raw(columns.map((c) => `"${c}"`).join(", "));
  const casts = sql.raw(columns.map((_, m) => `u.c${m}::bigint[]`).join(", "));
  const aliases = sql.raw(columns.map((_, m) => `c${m}`).join(", "));
  const update = options.replace
    ? sql.raw(
        ` ON CONFLICT (id, month) DO UPDATE SET first_active = excluded.first_active, ${columns.map((c) => `"${c}" = excluded."${c}"`).join(", ")}`,
      )
    : sql``;
  let written = 0;
  for (const batch of inBatches(blocks, BLOCK_BATCH)) {
    const totals = columns.map((_, m) => sql`${sql.param(batch.map((b) => `{${b.totals[m].join(",")}}`))}::text[]`);
    await tx.execute(sql`INSERT INTO ${sql.identifier(table)} (id, month, first_active, ${names})
      SELECT u.id, u.month, u.first_active, ${casts}
      FROM unnest(${sql.param(batch.map((b) => b.id))}::text[], ${sql.param(batch.map((b) => b.month))}::date[],
        ${sql.param(batch.map((b) => b.firstActive))}::date[], ${sql.join(totals, sql`, `)})
        AS u(id, month, first_active, ${aliases})${update}`);
    written += batch.length;
  }
  return written;
}

/**
 * Fresh planner statistics for every daily-figure table, after a seed or an import wrote blocks:
 * PGlite has no autovacuum to gather them, and without them the planner sorts a whole month's
 * partition for each page of a read. Only the key columns: no query filters or joins on the
 * metric arrays, and sampling them (detoasting every array for its statistics) took 3.5 of the
 * first start's 10.3 s of store at scale 1; with the keys alone it takes 0.2 s.
 */
export async function analyzeBlocks(tx: Queryable): Promise<void> {
  const tables = ENTITY_KINDS.map(
    (kind) => sql`${sql.identifier(DAILY_FIGURES[kind].table)} (id, month, first_active)`,
  );
  await tx.execute(sql`ANALYZE ${sql.join(tables, sql`, `)}`);
}

/** Deletes the blocks of `kind` with these (id, month) keys. */
export async function deleteBlocks(
  tx: Queryable,
  kind: EntityKind,
  keys: readonly Pick<MonthBlock, "id" | "month">[],
): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`DELETE FROM ${sql.identifier(DAILY_FIGURES[kind].table)}
    WHERE (id, month) IN (SELECT * FROM unnest(${sql.param(keys.map((k) => k.id))}::text[],
      ${sql.param(keys.map((k) => k.month))}::date[]))`);
}

interface BlockRow {
  id: string;
  month: string;
  first_active: string;
  [total: `c${number}`]: string;
}

/** Array text (`{1,2,3}`) as numbers: PGlite and node-postgres both return text fastest. */
function parseTotals(text: string): number[] {
  return text.length > 2 ? text.slice(1, -1).split(",").map(Number) : [];
}

/** The blocks of `kind` matching `where` (an SQL condition on the table, with its ORDER/LIMIT). */
export async function selectBlocks(db: Queryable, kind: EntityKind, where: SQL): Promise<MonthBlock[]> {
  const columns = metricColumns(kind);
  const totals = sql.raw(columns.map((c, m) => `"${c}"::text AS c${m}`).join(", "));
  const result = await db.execute(sql`SELECT id, month::text AS month, first_active::text AS first_active, ${totals}
    FROM ${sql.identifier(DAILY_FIGURES[kind].table)} WHERE ${where}`);
  return (result as { rows: BlockRow[] }).rows.map((row) => ({
    id: row.id,
    month: row.month,
    firstActive: row.first_active,
    totals: columns.map((_, m) => parseTotals(row[`c${m}`])),
  }));
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
