// Data storage and boot: the first start of the embedded default generates the demo dataset
// and stores it compactly (one month block per entity and active month); the next start loads the same data back
// (equal totals, rows and calendar); with DATABASE_URL nothing is generated unless asked, and
// data:seed replaces the dataset with a new version.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { datasetMeta, goods, rankSnapshots, videos } from "../../../server/db/schema";
import { ENTITY_KINDS, type Dataset, type SeriesTable } from "../../../server/modules/catalog/engine";
import { refreshRanks } from "../../../server/modules/catalog/jobs/refresh";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { DAILY_FIGURES } from "../../../server/modules/catalog/store/daily-figures";
import { loadDataset } from "../../../server/modules/catalog/store/read-dataset";
import { buildTestApp, openTestDatabase, useThrowawayPostgres } from "../helpers/app";

/** How many (entity, month) pairs of the kind have any non-zero daily value. */
function activeMonths(dataset: Dataset, kind: (typeof ENTITY_KINDS)[number]): number {
  const series: SeriesTable = dataset.series[kind];
  let active = 0;
  for (let row = 0; row < dataset[kind].length; row++) {
    const months = new Set<string>();
    for (const metric of series.metrics)
      for (let day = 0; day < series.days; day++)
        if (series.value(metric, row, day) !== 0) months.add(series.dateOf(day).slice(0, 7));
    active += months.size;
  }
  return active;
}

describe("first start on the embedded database", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("generates, stores and serves the demo dataset, and loads the same data on the next start", async () => {
    const first = await buildTestApp(database, { env: { DEMO_DATA_SCALE: "0.05", DEMO_DATA_SEED: "boot" } });
    const generated = first.data.snapshot;
    await first.close();
    expect(generated.dataset.goods).toHaveLength(500);
    expect(generated.dataset.videos).toHaveLength(1000);

    const [meta] = await database.db.select().from(datasetMeta);
    expect(meta).toMatchObject({ source: "demo", seed: "boot", scale: 0.05, days: 60, version: 1, dataVersion: 1 });
    expect(meta.endDate).toBe(generated.dataset.calendar.endDate);
    const [{ n: goodsRows }] = await database.db.select({ n: count() }).from(goods);
    expect(goodsRows).toBe(500);
    // One block per entity and month with any activity, never one row per day.
    for (const kind of ENTITY_KINDS) {
      const stored = await database.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(DAILY_FIGURES[kind].table)}`,
      );
      expect((stored as { rows: { n: number }[] }).rows[0].n, kind).toBe(activeMonths(generated.dataset, kind));
    }
    const entities = ENTITY_KINDS;

    const second = await buildTestApp(database, { env: { DEMO_DATA_SCALE: "0.05", DEMO_DATA_SEED: "other" } });
    const loaded = second.data.snapshot;
    await second.close();
    expect(loaded.version).toBe(1);
    expect(loaded.dataset.calendar).toEqual(generated.dataset.calendar);
    for (const kind of entities) {
      expect(loaded.dataset[kind].map((e) => e.id)).toEqual(generated.dataset[kind].map((e) => e.id));
      expect(loaded.dataset[kind].map((e) => e.stats)).toEqual(generated.dataset[kind].map((e) => e.stats));
    }
    const video = loaded.dataset.videos[7];
    expect(video).toEqual(generated.dataset.videos[7]);
    const row = 3;
    expect(loaded.dataset.series.goods.daily("salesVolume", row)).toEqual(
      generated.dataset.series.goods.daily("salesVolume", row),
    );
  });

  it("data:seed replaces the dataset with a new snapshot version", async () => {
    const result = await seedDemoDataset(database.db, { seed: "again", scale: 0.02 });
    expect(result.version).toBe(2);
    const loaded = await loadDataset(database.db);
    expect(loaded!.meta).toMatchObject({ seed: "again", scale: 0.02, version: 2, dataVersion: 2 });
    expect(loaded!.dataset.goods).toHaveLength(200);
    const [{ n }] = await database.db.select({ n: count() }).from(videos);
    expect(n).toBe(400);
    expect((await database.db.select().from(rankSnapshots)).map((s) => s.reason)).toEqual(["seed", "seed"]);
    // First-start seeding never replaces an existing dataset.
    expect((await seedDemoDataset(database.db, { seed: "x", scale: 0.02, onlyIfEmpty: true })).version).toBeNull();
    expect((await database.db.select().from(datasetMeta).where(eq(datasetMeta.id, 1)))[0].seed).toBe("again");
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);

  it("starts with empty lists (no generation by default), then serves a seeded dataset", async () => {
    const empty = await buildTestApp(postgres.database);
    expect(empty.data.snapshot.version).toBe(0);
    expect(empty.data.snapshot.dataset.goods).toEqual([]);
    await seedDemoDataset(postgres.database.db, { seed: "pg", scale: 0.02 });
    expect(await empty.data.reloadIfNewer()).toBe(true);
    expect(empty.data.snapshot.dataset.goods).toHaveLength(200);
    await empty.close();
  });

  it("runs one refresh per slot however many instances race for it (advisory lock)", async () => {
    const slot = new Date("2031-05-05T11:00:00Z");
    const versions = await Promise.all(Array.from({ length: 10 }, () => refreshRanks(postgres.database, slot)));
    expect(versions.filter((v) => v !== null)).toHaveLength(1);
    expect(await postgres.database.db.select().from(rankSnapshots).where(eq(rankSnapshots.slot, slot))).toHaveLength(1);
  });
});
