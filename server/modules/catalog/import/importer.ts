// `data:import` as a function, streamed: lines are validated and written in batches of
// `batchLines` (bad ones reported with line number and reason as they come, good ones gathered
// per batch: collect.ts), each batch in its own transaction with its journal row (journal.ts),
// so memory holds one batch whatever the file's size. Daily lines are staged, because the
// calendar depends on the file's last day: the stored one, moved forward when the file has later
// days up to yesterday (for a first import it ends on the file's last day). Once the file is
// read, the staged days inside the calendar are merged into the month blocks (merge-days.ts),
// problems are read with SQL (problems.ts), and one last transaction writes the calendar and a
// new snapshot version, so running servers see the import only once it is whole. A run that
// stops midway is resumed by the next import of the same lines. Nothing here reads the whole
// dataset back: the rank lists of the new version are filled by a refresh (the CLI runs one,
// servers catch up otherwise: jobs/scheduler.ts). One import at a time per database: it holds a
// session lock (ImportBusyError for another).
import type { Db } from "../../../db/client";
import {
  calendarEndingOn,
  DEFAULT_DAYS,
  type BuildProblem,
  type BusinessDate,
  type Calendar,
  type ImportRecord,
  type LineResult,
} from "../engine";
import type { BulkWriteMethod } from "../store/bulk-insert";
import type { SearchUpdate } from "../store/search-changes";
import { IMPORT_LOCK_ID, trySessionLock } from "../store/locks";
import { calendarOf, readMeta } from "../store/meta";
import { collect, type BadLine, type Collected } from "./collect";
import { chainHash, forgetFrom, openRun } from "./journal";
import { mergeStagedDays } from "./merge-days";
import { importProblems } from "./problems";
import { finishImport, writeBatch } from "./write-import";

/** Lines per batch (one transaction each). */
export const IMPORT_BATCH_LINES = 5000;
/** Bad lines kept in the summary (every one goes to onBad). */
const KEPT_BAD_LINES = 1000;

export interface ImportSummary {
  lines: number;
  loaded: number;
  counts: Partial<Record<ImportRecord["type"], number>>;
  /** The first bad lines (at most 1,000; badCount counts them all). */
  bad: BadLine[];
  badCount: number;
  /** Dangling references and days outside the calendar, for the imported records (the first ones of each check). */
  problems: BuildProblem[];
  problemCount: number;
  calendar: Calendar;
  version: number | null;
  /** How the search tables were brought up to date (null when no line loaded). */
  search: SearchUpdate | null;
  /** Batches written now, and batches a resumed run found committed and skipped. */
  batches: { written: number; skipped: number };
  /** How the written batches' rows reached the database (COPY on PostgreSQL, INSERT on PGlite); null when none was written. */
  writtenWith: BulkWriteMethod | null;
  resumed: boolean;
  ms: number;
}

export interface ImportOptions {
  batchLines?: number;
  onBad?: (bad: BadLine) => void;
  /** After each batch, written or skipped: lines read so far. */
  onProgress?: (lines: number) => void;
  /** After each committed batch (phase "lines") and merge page ("days"); a test's crash point. */
  afterCommit?: (phase: "lines" | "days", n: number) => void | Promise<void>;
}

function chooseCalendar(stored: Calendar | null, last: BusinessDate | null, yesterday: BusinessDate): Calendar {
  if (!stored) return calendarEndingOn(last ?? yesterday, DEFAULT_DAYS);
  return last && last > stored.endDate ? calendarEndingOn(last, stored.days) : stored;
}

/** The batch's last daily date up to yesterday, or `last` if later. */
function lastDay(c: Collected, yesterday: BusinessDate, last: BusinessDate | null): BusinessDate | null {
  for (const byId of c.daily.values())
    for (const byDate of byId.values())
      for (const date of byDate.keys()) if (date <= yesterday && (!last || date > last)) last = date;
  return last;
}

/** Another import holds the database: its run would be this one's (one unfinished run at a time). */
export class ImportBusyError extends Error {
  constructor() {
    super("another data:import is running on this database; run this one again once it has finished");
    this.name = "ImportBusyError";
  }
}

/** Imports `lines`, one import at a time per database (ImportBusyError when another runs). */
export async function importLines(
  db: Db,
  lines: AsyncIterable<LineResult>,
  now: Date,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const release = await trySessionLock(db, IMPORT_LOCK_ID);
  if (!release) throw new ImportBusyError();
  try {
    return await importHoldingLock(db, lines, now, options);
  } finally {
    await release();
  }
}

async function importHoldingLock(
  db: Db,
  lines: AsyncIterable<LineResult>,
  now: Date,
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const batchLines = options.batchLines ?? IMPORT_BATCH_LINES;
  const run = await openRun(db, now);
  const summary = {
    lines: 0,
    loaded: 0,
    counts: {} as ImportSummary["counts"],
    bad: [] as BadLine[],
    badCount: 0,
    batches: { written: 0, skipped: 0 },
    writtenWith: null as BulkWriteMethod | null,
  };
  let last: BusinessDate | null = null;
  let days = false;
  let batch = 0;
  let hash = "";
  let writing = false;

  const flush = async (results: LineResult[]) => {
    batch++;
    hash = chainHash(hash, results);
    const c = collect(results);
    summary.lines = c.lines;
    summary.loaded += c.good;
    for (const [type, n] of Object.entries(c.counts)) {
      const key = type as ImportRecord["type"];
      summary.counts[key] = (summary.counts[key] ?? 0) + n;
    }
    for (const bad of c.bad) {
      summary.badCount++;
      if (summary.bad.length < KEPT_BAD_LINES) summary.bad.push(bad);
      options.onBad?.(bad);
    }
    days ||= c.daily.size > 0;
    if (!writing && run.committed.get(batch) === hash) {
      summary.batches.skipped++;
    } else {
      // The first batch that differs from the run's journal: what it committed from here on goes.
      if (!writing && run.resumed) await forgetFrom(db, run, batch, now);
      writing = true;
      summary.writtenWith = await writeBatch(db, run.id, batch, hash, c);
      summary.batches.written++;
      await options.afterCommit?.("lines", batch);
    }
    // After forgetFrom, which gives another file's run today's yesterday.
    last = lastDay(c, run.yesterday, last);
    options.onProgress?.(summary.lines);
  };

  let pending: LineResult[] = [];
  for await (const result of lines) {
    pending.push(result);
    if (pending.length >= batchLines) {
      await flush(pending);
      pending = [];
    }
  }
  if (pending.length) await flush(pending);
  // A shorter file than the run's: its journal's later batches are not these lines.
  if (!writing && [...run.committed.keys()].some((b) => b > batch)) await forgetFrom(db, run, batch + 1, now);

  const meta = await readMeta(db);
  const calendar = chooseCalendar(meta ? calendarOf(meta) : null, last, run.yesterday);
  let pages = 0;
  await mergeStagedDays(db, run, calendar, () => options.afterCommit?.("days", ++pages));
  const problems = await importProblems(db, run.id, calendar);
  const { version, search } = await finishImport(db, run.id, calendar, { loaded: summary.loaded > 0, days });
  const ms = performance.now() - started;
  return {
    ...summary,
    problems: problems.list,
    problemCount: problems.count,
    calendar,
    version,
    search,
    resumed: run.resumed,
    ms,
  };
}
