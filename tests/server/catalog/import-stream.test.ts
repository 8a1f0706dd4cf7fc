// The streamed import (catalog/import): a file imported in small batches stores exactly what one
// batch stores (a key repeated in a later batch replaces the earlier values metric by metric;
// late days move the calendar, and the days it then leaves out are reported, not stored); bad
// lines are reported with their line numbers as they come; an import that fails after a batch
// or a page of the merge leaves the snapshot version alone, and running it again skips the
// committed batches and ends with the same rows as a clean run. On PGlite and PostgreSQL.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import {
  addDays,
  datasetRecords,
  generateDataset,
  readImportFile,
  SERIES_METRICS,
} from "../../../server/modules/catalog/engine";
import { ImportBusyError, importLines, type ImportOptions } from "../../../server/modules/catalog/import/importer";
import type { BadLine } from "../../../server/modules/catalog/import/collect";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { selectBlocks } from "../../../server/modules/catalog/store/daily-figures";
import { readMeta } from "../../../server/modules/catalog/store/meta";
import { dailyOfBlock, monthOf } from "../../../server/modules/catalog/store/month-blocks";
import { describeOnBothDatabases } from "../helpers/app";
import { CATALOGUE_TABLES } from "./catalogue-tables";

const TODAY = "2025-03-15";
const SMALL_BATCH = 2500;

let dir: string;
let file: string;
let end: string;
let goodsId: string;
let fileLines: number;

const daily = (id: string, date: string, metrics: Record<string, number>) =>
  JSON.stringify({ type: "daily", entity: "goods", id, date, metrics });

beforeAll(() => {
  const base = generateDataset({ seed: "stream-base", scale: 0.02, today: TODAY });
  end = base.calendar.endDate;
  const imported = generateDataset({ seed: "stream-file", scale: 0.01, today: TODAY });
  // Stored goods the file's own records do not name (their daily lines would replace ours).
  goodsId = base.goods.find((g) => !imported.goods.some((other) => other.id === g.id))!.id;
  const records = [...datasetRecords(imported)].map((record) => JSON.stringify(record));
  const lines = [
    "{not json",
    daily(goodsId, addDays(end, -3), { salesVolume: 5, views: 7 }),
    ...records,
    JSON.stringify({ type: "planet", id: "p1" }),
    daily(goodsId, addDays(end, -3), { salesVolume: 9 }),
    daily(goodsId, addDays(end, -2), { views: 1 }),
    daily(goodsId, addDays(end, -2), { revenue: 2 }),
    daily(goodsId, addDays(end, 1), { salesVolume: 3 }),
    daily(goodsId, "2000-01-01", { salesVolume: 1 }),
  ];
  fileLines = lines.length;
  dir = mkdtempSync(path.join(tmpdir(), "shopradar-import-stream-"));
  file = path.join(dir, "stream.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
});
afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

/** Every stored catalogue row, and the calendar. */
async function storedRows(database: Database) {
  const rows: Record<string, unknown[]> = {};
  for (const table of CATALOGUE_TABLES)
    rows[table] = ((await database.db.execute(sql.raw(`SELECT * FROM ${table}`))) as { rows: unknown[] }).rows;
  const meta = (await readMeta(database.db))!;
  return { rows, calendar: [meta.startDate, meta.endDate, meta.days] };
}

async function seedBase(database: Database) {
  await seedDemoDataset(database.db, { seed: "stream-base", scale: 0.02, today: TODAY });
}

function run(database: Database, options: ImportOptions = {}) {
  return importLines(database.db, readImportFile(file), new Date(`${addDays(end, 2)}T12:00:00Z`), {
    ...options,
  });
}

function crashAt(phase: "lines" | "days", n: number): ImportOptions["afterCommit"] {
  return (at, count) => {
    if (at === phase && count === n) throw new Error(`crash after ${phase} ${n}`);
  };
}

describeOnBothDatabases((database) => {
  let clean: Awaited<ReturnType<typeof storedRows>>;
  const batches = () => Math.ceil(fileLines / SMALL_BATCH);

  it("stores in small batches what one batch stores, a repeated key merging metric by metric", async () => {
    await seedBase(database());
    const whole = await run(database(), { batchLines: 1_000_000 });
    expect(whole.batches).toEqual({ written: 1, skipped: 0 });
    clean = await storedRows(database());

    await seedBase(database());
    const bad: BadLine[] = [];
    const streamed = await run(database(), { batchLines: SMALL_BATCH, onBad: (line) => bad.push(line) });
    expect(streamed.batches).toEqual({ written: batches(), skipped: 0 });
    expect(batches()).toBeGreaterThan(3);
    expect(await storedRows(database())).toEqual(clean);
    // The same summary but for the time, the batches and the snapshot version (one more seed and import).
    const { ms: _a, batches: _b, version: _c, ...rest } = streamed;
    const { ms: _d, batches: _e, version: _f, ...wholeRest } = whole;
    expect(rest).toEqual(wholeRest);

    expect(bad).toEqual([
      { line: 1, reason: expect.stringMatching(/^not valid JSON/i) },
      { line: fileLines - 5, reason: expect.stringContaining("planet") },
    ]);
    expect(streamed.bad).toEqual(bad);
    expect(streamed.calendar.endDate).toBe(addDays(end, 1));
    expect(streamed.problems).toEqual(
      expect.arrayContaining([
        { subject: `daily goods ${goodsId} 2000-01-01`, reason: expect.stringContaining("date outside") },
      ]),
    );
    // The calendar moved on a day: the file's days on its old first day are reported, not stored.
    const oldStart = addDays(streamed.calendar.startDate, -1);
    expect(streamed.problems.some((p) => p.subject.endsWith(` ${oldStart}`))).toBe(true);

    const month = monthOf(addDays(end, -3));
    const [block] = await selectBlocks(database().db, "goods", sql`id = ${goodsId} AND month = ${month}::date`);
    const values = dailyOfBlock(block);
    const metric = (name: string, date: string) =>
      values[SERIES_METRICS.goods.indexOf(name as never)][Number(date.slice(8)) - 1];
    expect([metric("salesVolume", addDays(end, -3)), metric("views", addDays(end, -3))]).toEqual([9, 7]);
    if (monthOf(addDays(end, -2)) === month) {
      expect([metric("views", addDays(end, -2)), metric("revenue", addDays(end, -2))]).toEqual([1, 2]);
    }
  });

  it("after a failure past a batch, the version is unchanged and a re-run skips the stored batches", async () => {
    await seedBase(database());
    const version = (await readMeta(database().db))!.version;
    await expect(run(database(), { batchLines: SMALL_BATCH, afterCommit: crashAt("lines", 2) })).rejects.toThrow(
      "crash after lines 2",
    );
    expect((await readMeta(database().db))!.version).toBe(version);
    const resumed = await run(database(), { batchLines: SMALL_BATCH });
    expect(resumed.resumed).toBe(true);
    expect(resumed.batches).toEqual({ written: batches() - 2, skipped: 2 });
    expect(resumed.version).toBe(version + 1);
    expect(await storedRows(database())).toEqual(clean);
  });

  it("after a failure in the merge of the days, a re-run skips every batch and merges the rest", async () => {
    await seedBase(database());
    await expect(run(database(), { batchLines: SMALL_BATCH, afterCommit: crashAt("days", 1) })).rejects.toThrow(
      "crash after days 1",
    );
    const resumed = await run(database(), { batchLines: SMALL_BATCH });
    expect(resumed.batches).toEqual({ written: 0, skipped: batches() });
    expect(await storedRows(database())).toEqual(clean);
    const again = await run(database(), { batchLines: SMALL_BATCH });
    expect(again.resumed).toBe(false);
    expect(await storedRows(database())).toEqual(clean);
  });

  it("another file after a failure drops the stopped run's staged days and completes the run", async () => {
    await seedBase(database());
    const before = await storedRows(database());
    await expect(run(database(), { batchLines: SMALL_BATCH, afterCommit: crashAt("lines", 2) })).rejects.toThrow();
    const other = path.join(dir, "other.ndjson");
    // Days later: the other file's run takes its own yesterday, so its day moves the calendar.
    writeFileSync(other, `${daily(goodsId, addDays(end, 3), { likes: 4 })}\n`);
    const summary = await importLines(
      database().db,
      readImportFile(other),
      new Date(`${addDays(end, 5)}T12:00:00Z`),
      {},
    );
    expect([summary.resumed, summary.batches, summary.calendar.endDate]).toEqual([
      false,
      { written: 1, skipped: 0 },
      addDays(end, 3),
    ]);
    // The stopped run's days (staged, never merged) are not stored; only the other file's day is.
    const after = await storedRows(database());
    const others = (rows: unknown[]) => rows.filter((row) => (row as { id: string }).id !== goodsId);
    for (const table of CATALOGUE_TABLES.filter((t) => t.includes("_months")))
      expect(others(after.rows[table])).toEqual(others(before.rows[table]));
    const [block] = await selectBlocks(
      database().db,
      "goods",
      sql`id = ${goodsId} AND month = ${monthOf(addDays(end, 3))}::date`,
    );
    expect(dailyOfBlock(block)[SERIES_METRICS.goods.indexOf("likes")][Number(addDays(end, 3).slice(8)) - 1]).toBe(4);
    const running = await database().db.execute(
      sql`SELECT count(*)::int AS n FROM import_runs WHERE status = 'running'`,
    );
    expect((running as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it("refuses a second import while one runs (their runs would be one), and lets the next one in after", async () => {
    await seedBase(database());
    let second: Promise<unknown> | undefined;
    const first = await run(database(), {
      batchLines: SMALL_BATCH,
      afterCommit: (phase, n) => {
        if (phase === "lines" && n === 1)
          second = run(database()).then(
            () => "imported",
            (error: unknown) => error,
          );
      },
    });
    expect(await second).toBeInstanceOf(ImportBusyError);
    expect(first.batches).toEqual({ written: batches(), skipped: 0 });
    expect(await storedRows(database())).toEqual(clean);
    await expect(run(database())).resolves.toMatchObject({ resumed: false, batches: { skipped: 0 } });
  });
});
