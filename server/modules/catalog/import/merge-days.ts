// The staged days of an import run merged into the month blocks, once the whole file is read
// and the calendar is known: import_days read in pages by (kind, id, day, batch) inside the
// calendar (days outside it are reported, problems.ts, and never stored), each key's metrics
// taken from its batches in order (a later batch's value replaces an earlier one's, metric by
// metric, as lines do within a batch), then each touched block read, its days set to the
// imported values and written back (late days included; a block left without activity is
// deleted). Each page commits with the run's merge cursor, so a resumed run goes on from there.
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import {
  daysBetween,
  ENTITY_KINDS,
  inBatches,
  SERIES_METRICS,
  type BusinessDate,
  type Calendar,
  type EntityKind,
} from "../engine";
import { deleteBlocks, ensureMonthPartitions, selectBlocks, writeBlocks } from "../store/daily-figures";
import type { Queryable } from "../store/meta";
import { blockOfDaily, dailyOfBlock, daysInMonth, monthOf, type MonthBlock } from "../store/month-blocks";
import { saveCursor, type ImportRun, type MergeCursor } from "./journal";

/** Staged rows per page of the merge (each page one transaction). */
const PAGE = 5000;
/** Entities per read of their stored blocks. */
const BLOCK_READ = 500;

type Days = Map<BusinessDate, Record<string, number>>;

/** Days by id and month: id -> month -> date -> metrics. */
function byMonth(byId: Map<string, Days>) {
  const months = new Map<string, Map<BusinessDate, Days>>();
  for (const [id, byDate] of byId) {
    const ofId = new Map<BusinessDate, Days>();
    for (const [date, values] of byDate) {
      const month = monthOf(date);
      if (!ofId.has(month)) ofId.set(month, new Map());
      ofId.get(month)!.set(date, values);
    }
    if (ofId.size) months.set(id, ofId);
  }
  return months;
}

/** Merges days of one kind into its month blocks (their partitions must exist). */
async function mergeDays(tx: Queryable, kind: EntityKind, byId: Map<string, Days>): Promise<void> {
  const metrics: readonly string[] = SERIES_METRICS[kind];
  const imported = byMonth(byId);
  for (const ids of inBatches(imported.keys(), BLOCK_READ)) {
    const months = [...new Set(ids.flatMap((id) => [...imported.get(id)!.keys()]))];
    const stored = await selectBlocks(
      tx,
      kind,
      sql`${inArray(sql`id`, ids)} AND ${inArray(
        sql`month`,
        months.map((m) => sql`${m}::date`),
      )}`,
    );
    const storedBy = new Map(stored.map((block) => [`${block.id} ${block.month}`, block]));
    const written: MonthBlock[] = [];
    const emptied: Pick<MonthBlock, "id" | "month">[] = [];
    for (const id of ids) {
      for (const [month, days] of imported.get(id)!) {
        const old = storedBy.get(`${id} ${month}`);
        const daily = old ? dailyOfBlock(old) : metrics.map(() => new Float64Array(daysInMonth(month)));
        for (const [date, values] of days) {
          const day = daysBetween(month, date);
          for (const [metric, value] of Object.entries(values)) daily[metrics.indexOf(metric)][day] = value;
        }
        const block = blockOfDaily(id, month, daily);
        if (block) written.push(block);
        else if (old) emptied.push(old);
      }
    }
    await deleteBlocks(tx, kind, emptied);
    await writeBlocks(tx, kind, written, { replace: true });
  }
}

interface StagedRow {
  id: string;
  date: string;
  batch: number;
  metrics: string;
}

/** One page of a run's staged days of `kind` inside the calendar, after `after`. */
async function stagedPage(
  db: Queryable,
  runId: number,
  kind: EntityKind,
  calendar: Calendar,
  after: MergeCursor | null,
): Promise<StagedRow[]> {
  const from = after ? sql`AND (id, day, batch) > (${after.id}, ${after.day}::date, ${after.batch})` : sql``;
  // The date under another name: ORDER BY day must mean the column (the index's order), not its text.
  const result = await db.execute(sql`SELECT id, day::text AS date, batch, metrics::text AS metrics
    FROM import_days WHERE run_id = ${runId} AND kind = ${kind}
      AND day BETWEEN ${calendar.startDate}::date AND ${calendar.endDate}::date ${from}
    ORDER BY id, day, batch LIMIT ${PAGE}`);
  return (result as { rows: StagedRow[] }).rows;
}

/** A page's rows as id -> date -> metrics, later batches replacing earlier ones metric by metric. */
function daysOfPage(kind: EntityKind, rows: readonly StagedRow[]): Map<string, Days> {
  const metrics: readonly string[] = SERIES_METRICS[kind];
  const byId = new Map<string, Days>();
  for (const row of rows) {
    let byDate = byId.get(row.id);
    if (!byDate) byId.set(row.id, (byDate = new Map<BusinessDate, Record<string, number>>()));
    const values = byDate.get(row.date) ?? {};
    row.metrics
      .slice(1, -1)
      .split(",")
      .forEach((value, m) => {
        if (value !== "NULL") values[metrics[m]] = Number(value);
      });
    byDate.set(row.date, values);
  }
  return byId;
}

/** Merges every staged day of the run inside the calendar, from its cursor on; returns the rows merged. */
export async function mergeStagedDays(
  db: Db,
  run: ImportRun,
  calendar: Calendar,
  afterPage?: () => void | Promise<void>,
): Promise<number> {
  await db.transaction((tx) => ensureMonthPartitions(tx, calendar.startDate, calendar.endDate));
  // Statistics for the pages' reads: the staged rows were just written (PGlite has no autovacuum).
  await db.execute(sql`ANALYZE import_days`);
  let merged = 0;
  const start = run.cursor ? ENTITY_KINDS.indexOf(run.cursor.kind) : 0;
  for (const kind of ENTITY_KINDS.slice(start)) {
    let after = run.cursor?.kind === kind ? run.cursor : null;
    for (;;) {
      const rows = await stagedPage(db, run.id, kind, calendar, after);
      if (rows.length === 0) break;
      const last = rows[rows.length - 1];
      after = { kind, id: last.id, day: last.date, batch: Number(last.batch) };
      const cursor = after;
      await db.transaction(async (tx) => {
        await allowLongStatements(tx);
        await mergeDays(tx, kind, daysOfPage(kind, rows));
        await saveCursor(tx, run.id, cursor);
      });
      run.cursor = cursor;
      merged += rows.length;
      await afterPage?.();
      if (rows.length < PAGE) break;
    }
  }
  return merged;
}
