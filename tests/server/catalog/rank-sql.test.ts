// Rank lists computed in the database (store/rank-tables.ts, rank-sql.ts) against the in-memory
// engine that serves them today (engine/rank), which is the oracle: for seeded demo datasets
// (two seeds, two small scales) and after an import with late-arriving days, every list of
// every kind, rank type, window, market and category has the engine's total and rows (ids,
// ranks, rank changes and every row metric), on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL. The month blocks are the ones the seed and the import wrote (the import merges its
// late days into the stored blocks) and a generation of the lists is filled in one transaction
// (store/rank-tables.ts; rank-pages.test.ts tests generations and the pages read from them).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import {
  addDays,
  ENTITY_KINDS,
  MARKET_CODES,
  MAX_RANK_LIMIT,
  RANK_TYPES,
  RANK_WINDOWS,
  readImportFile,
  type Dataset,
  type RankMetrics,
} from "../../../server/modules/catalog/engine";
import { createRankIndex, rankListsByCategory } from "../oracle/rank";
import { importLines } from "../../../server/modules/catalog/import/importer";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { allowLongStatements } from "../../../server/db/long-work";
import { calendarOf, readMeta } from "../../../server/modules/catalog/store/meta";
import { loadDataset } from "../oracle/read-dataset";
import { fillRankGeneration, type FilledRankTables } from "../../../server/modules/catalog/store/rank-tables";
import { everyFillUnit, FillQueue, type FillNeed } from "../../../server/modules/catalog/store/fill-queue";
import { publishRankGeneration, rankGenerations } from "../../../server/modules/catalog/store/rank-generations";
import { describeOnBothDatabases, useThrowawayPostgres } from "../helpers/app";

interface StoredList {
  total: number;
  rows: Array<{ id: string; rank: number; rankChange: number | null; metrics: RankMetrics }>;
}

/**
 * Float metrics summed in another order (the weighted commission rate) may differ in the last
 * bits; every other metric is compared exactly.
 */
function closeMetrics(metrics: RankMetrics): RankMetrics {
  return Object.fromEntries(
    Object.entries(metrics).map(([name, value]) =>
      name === "weightedCommissionRate" && typeof value === "number"
        ? [name, Number(value.toPrecision(12))]
        : [name, value],
    ),
  );
}

/** Every list of the dataset as the engine computes it, by list key. */
function engineLists(dataset: Dataset): Map<string, StoredList> {
  const index = createRankIndex(dataset);
  const lists = new Map<string, StoredList>();
  for (const entity of ENTITY_KINDS)
    for (const rankType of RANK_TYPES[entity])
      for (const window of RANK_WINDOWS)
        for (const market of MARKET_CODES)
          for (const [categoryId, result] of rankListsByCategory(index, {
            entity,
            rankType,
            window,
            market,
            limit: MAX_RANK_LIMIT,
          }))
            lists.set(`${entity}/${rankType}/${window}/${market}/${categoryId ?? "all"}`, {
              total: result.total,
              rows: result.rows.map((row) => ({ ...row, metrics: closeMetrics(row.metrics) })),
            });
  return lists;
}

/**
 * Fills a generation of the rank tables (numbered by the snapshot version) from the stored month
 * blocks in one transaction.
 */
async function fillInOneTransaction(database: Database): Promise<FilledRankTables> {
  const meta = (await readMeta(database.db))!;
  return database.db.transaction(async (tx) => {
    await allowLongStatements(tx);
    return fillRankGeneration(tx, calendarOf(meta), meta.version);
  });
}

/** Fills a generation (`fill`), then reads every list of it back, by its key without the generation. */
async function sqlLists(
  database: Database,
  fill: (database: Database) => Promise<FilledRankTables> = fillInOneTransaction,
): Promise<Map<string, StoredList>> {
  const { db } = database;
  const filled = await fill(database);
  const ofGeneration = `${filled.generation}/%`;
  const listKey = sql`substr(list_key, ${String(filled.generation).length + 2}) AS list_key`;
  const lists = new Map<string, StoredList>();
  const stored = await db.execute(sql`SELECT ${listKey}, total FROM rank_lists WHERE list_key LIKE ${ofGeneration}`);
  for (const row of (stored as { rows: { list_key: string; total: number }[] }).rows)
    lists.set(row.list_key, { total: row.total, rows: [] });
  expect(lists.size).toBe(filled.lists);
  const rows = await db.execute(
    sql`SELECT ${listKey}, rank, id, rank_change, metrics FROM rank_rows WHERE list_key LIKE ${ofGeneration}
      ORDER BY list_key, rank`,
  );
  for (const row of (
    rows as {
      rows: { list_key: string; rank: number; id: string; rank_change: number | null; metrics: RankMetrics }[];
    }
  ).rows)
    lists
      .get(row.list_key)!
      .rows.push({ id: row.id, rank: row.rank, rankChange: row.rank_change, metrics: closeMetrics(row.metrics) });
  return lists;
}

async function expectSameLists(
  database: Database,
  dataset: Dataset,
  fill?: (database: Database) => Promise<FilledRankTables>,
): Promise<void> {
  const expected = engineLists(dataset);
  const actual = await sqlLists(database, fill);
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  let rows = 0;
  for (const [key, list] of expected) {
    expect(actual.get(key), key).toEqual(list);
    rows += list.rows.length;
  }
  // The comparison covers lists with rows in every kind, not only empty ones.
  for (const entity of ENTITY_KINDS)
    expect([...expected].some(([key, list]) => key.startsWith(`${entity}/`) && list.rows.length > 0)).toBe(true);
  expect(rows).toBeGreaterThan(1000);
}

/** An import touching stored entities on earlier days and adding a day after the calendar's end. */
async function importLateDays(database: Database, dataset: Dataset): Promise<void> {
  const end = dataset.calendar.endDate;
  const [goods, influencer, video, music, hashtag] = [
    dataset.goods[0],
    dataset.influencers[0],
    dataset.videos[0],
    dataset.music[0],
    dataset.hashtags[0],
  ];
  const daily = (entity: string, id: string, date: string, metrics: Record<string, number>) => ({
    type: "daily",
    entity,
    id,
    date,
    metrics,
  });
  const lines = [
    daily("goods", goods.id, addDays(end, -10), { salesVolume: 5_000, revenue: 90_000_000 }),
    daily("goods", goods.id, addDays(end, 1), { salesVolume: 700, revenue: 9_000_000 }),
    daily("influencer", influencer.id, addDays(end, -2), { followersGained: 250_000 }),
    daily("video", video.id, addDays(end, -40), { views: 3_000_000, salesVolume: 40 }),
    daily("video", video.id, addDays(end, 1), { views: 10, revenue: 123_456 }),
    daily("music", music.id, addDays(end, -5), { uses: 9_999 }),
    daily("hashtag", hashtag.id, addDays(end, 1), { uses: 4_321, views: 1 }),
  ];
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-rank-sql-"));
  const file = path.join(dir, "late.ndjson");
  writeFileSync(file, lines.map((line) => JSON.stringify(line)).join("\n"));
  try {
    const summary = await importLines(database.db, readImportFile(file), new Date());
    expect(summary.bad).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function oracleTests(database: () => Database) {
  it("equals the engine's lists for a seeded dataset (seed a, scale 0.03)", async () => {
    const { dataset } = await seedDemoDataset(database().db, { seed: "rank-sql-a", scale: 0.03, today: "2025-03-15" });
    await expectSameLists(database(), dataset);
  });

  it("equals the engine's lists for another seed and scale, then after an import of late days", async () => {
    const { dataset } = await seedDemoDataset(database().db, { seed: "rank-sql-b", scale: 0.05, today: "2024-11-02" });
    await expectSameLists(database(), dataset);
    await importLateDays(database(), dataset);
    const loaded = (await loadDataset(database().db))!;
    expect(loaded.dataset.calendar.endDate).toBe(addDays(dataset.calendar.endDate, 1));
    // The late day was merged into its stored block: the metrics a line names are replaced, the others kept.
    const day = addDays(dataset.calendar.endDate, -10);
    const row = loaded.dataset.goods.findIndex((g) => g.id === dataset.goods[0].id);
    const before = dataset.series.goods.dayIndex(day);
    const after = loaded.dataset.series.goods.dayIndex(day);
    expect(loaded.dataset.series.goods.value("salesVolume", row, after)).toBe(5_000);
    expect(loaded.dataset.series.goods.value("revenue", row, after)).toBe(90_000_000);
    expect(loaded.dataset.series.goods.value("views", row, after)).toBe(dataset.series.goods.value("views", 0, before));
    await expectSameLists(database(), loaded.dataset);
  });
}

describeOnBothDatabases(oracleTests);

describe("the queue of a fill's units (FillQueue)", () => {
  const dates = { startDate: "2025-01-01", endDate: "2025-03-31" };
  const units = everyFillUnit(dates);

  /** A connection's take: the unit handed out, its tables then built. */
  const takeFrom = (queue: FillQueue) => (built: Set<FillNeed>) => {
    const unit = queue.take(built)!;
    unit.needs.forEach((need) => built.add(need));
    return unit;
  };

  it("gives a connection the units it has built for, another connection other kinds", () => {
    const queue = new FillQueue(dates);
    const take = takeFrom(queue);
    const [a, b] = [new Set<FillNeed>(), new Set<FillNeed>()];
    const first = take(a);
    expect(first.kind).toBe("goods");
    expect(take(b).kind).toBe("influencers");
    // Each goes on with its own kind while units of it are left, a window's units together.
    const goods = units.filter((unit) => unit.kind === "goods").length;
    const windows = [first.window];
    for (let i = 1; i < goods; i++) {
      const unit = take(a);
      expect(unit.kind).toBe("goods");
      windows.push(unit.window);
    }
    expect(windows.filter((window, i) => i > 0 && window !== windows[i - 1])).toHaveLength(RANK_WINDOWS.length - 1);
    // Then a kind no connection has built (an influencer's commission joins the videos' sums).
    const next = take(a);
    expect(next.kind).not.toBe("goods");
    expect(next.needs.some((need) => b.has(need))).toBe(false);
    // Every unit is handed out once; a stopped queue hands out none.
    let handed = goods + 2;
    while (queue.take(handed % 2 ? a : b)) handed++;
    expect(handed).toBe(units.length);
    const stopped = new FillQueue(dates);
    stopped.stop();
    expect(stopped.take(new Set())).toBeUndefined();
  });

  it("gives a connection left with one kind's units a window whose sums no other connection built", () => {
    const queue = new FillQueue(dates);
    const take = takeFrom(queue);
    const [a, b] = [new Set<FillNeed>(), new Set<FillNeed>()];
    // One connection takes every unit up to the first of the last kind.
    let unit = take(a);
    while (unit.kind !== "hashtags") unit = take(a);
    const other = take(b);
    expect(other.kind).toBe("hashtags");
    expect(other.window).not.toBe(unit.window);
    // Only the kind's own tables are built twice, not a window's sums.
    expect(other.needs.filter((need) => a.has(need))).toEqual(["hashtags"]);
  });

  it("knows which tables a unit reads", () => {
    const needs = new Map(units.map((unit) => [`${unit.kind}/${unit.rankType}/${unit.window}`, unit.needs]));
    expect(needs.get("influencers/commission/7d")).toEqual(["influencers", "influencers/7d", "videos/7d"]);
    expect(needs.get("goods/new/30d")).toEqual(["goods", "goods/30d"]);
    expect(needs.get("videos/hot/24h")).toEqual(["videos", "videos/24h"]);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("a fill shared by several connections (RANK_FILL_CONNECTIONS), on PostgreSQL", () => {
  const postgres = useThrowawayPostgres(adminUrl!);

  /** A refresh outside the schedule whose fill three connections share, as published. */
  const sharedFill = (database: Database) =>
    publishRankGeneration(database, { slot: null, connections: 3 }).then((published) => {
      expect(published!.version).toBe(published!.generation);
      return published!.filled;
    });

  it("publishes the engine's lists, filled by three connections", async () => {
    const { dataset } = await seedDemoDataset(postgres.database.db, { seed: "rank-sql-shared", scale: 0.03 });
    let connections = 0;
    await expectSameLists(postgres.database, dataset, async (database) => {
      const filled = await sharedFill(database);
      connections = filled.connections;
      return filled;
    });
    expect(connections).toBe(3);
  });

  it("publishes nothing, and leaves nothing behind, when one of its connections fails", async () => {
    const { db } = postgres.database;
    const before = { meta: await readMeta(db), generations: await rankGenerations(db) };
    const failing = publishRankGeneration(postgres.database, {
      slot: null,
      connections: 3,
      afterStatement: ({ label }) => {
        if (label.startsWith("videos/") && label.endsWith(": rank")) throw new Error("a helper's statement failed");
      },
    });
    await expect(failing).rejects.toThrow("a helper's statement failed");
    expect(await readMeta(db)).toEqual(before.meta);
    expect(await rankGenerations(db)).toEqual(before.generations);
  });

  it("what a shared fill cut short by a crash committed does not stop the next refresh, on one connection", async () => {
    const { db } = postgres.database;
    await seedDemoDataset(db, { seed: "rank-sql-cut", scale: 0.02 });
    const meta = (await readMeta(db))!;
    // A crash after a helper committed its part: the next generation's lists and partition are stored.
    const cut = meta.version + 1;
    await db.transaction(async (tx) => {
      await allowLongStatements(tx);
      await fillRankGeneration(tx, calendarOf(meta), cut);
    });
    expect(await rankGenerations(db)).toContain(cut);
    const published = await publishRankGeneration(postgres.database, { slot: null });
    expect(published).toMatchObject({ version: cut, generation: cut });
    expect((await rankGenerations(db)).filter((generation) => generation === cut)).toHaveLength(1);
  });

  it("every connection reads the data as the refresh's transaction saw it, not what was committed after", async () => {
    const { db } = postgres.database;
    const { dataset } = await seedDemoDataset(db, { seed: "rank-sql-snapshot", scale: 0.03 });
    await expectSameLists(postgres.database, dataset, (database) =>
      publishRankGeneration(database, {
        slot: null,
        connections: 3,
        // Committed once the snapshot is exported, before the helpers begin: a helper reading
        // the newest data would rank no product and write empty goods lists.
        afterStatement: async ({ label }) => {
          if (label === "add the rows' partition") await db.execute(sql`DELETE FROM goods_months`);
        },
      }).then((published) => published!.filled),
    );
  });
});
