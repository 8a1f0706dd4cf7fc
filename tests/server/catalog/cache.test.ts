// The dataset cache in DATA_DIR (server/modules/catalog/store/dataset-cache.ts): a restart of the
// embedded database on disk reads the dataset from the file while it matches the database's
// data version, and from the tables when the file is missing, corrupt or stale (a seed or an
// import bumps the data version); what is served is the same dataset either way.
import { mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../../server/db/client";
import { ENTITY_KINDS, generateDataset, type Dataset } from "../../../server/modules/catalog/engine";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import {
  DATASET_CACHE_FILE,
  readDatasetCache,
  writeDatasetCache,
  type CacheKey,
} from "../../../server/modules/catalog/store/dataset-cache";
import { DAILY_FIGURES } from "../../../server/modules/catalog/store/daily-figures";
import { buildTestApp } from "../helpers/app";

const KEY: CacheKey = {
  systemIdentifier: "1",
  databaseOid: "5",
  dataVersion: 3,
  source: "demo",
  seed: "s",
  scale: 0.02,
  startDate: "2031-01-01",
  endDate: "2031-03-01",
  days: 60,
};

function expectSameDataset(actual: Dataset, expected: Dataset): void {
  expect(actual.calendar).toEqual(expected.calendar);
  expect(actual.markets).toEqual(expected.markets);
  expect(actual.categories).toEqual(expected.categories);
  expect(actual.shops).toEqual(expected.shops);
  expect(actual.showcase).toEqual(expected.showcase);
  for (const kind of ENTITY_KINDS) {
    expect(actual[kind]).toEqual(expected[kind]);
    const a = actual.series[kind].prefixArrays() as Record<string, Float64Array | Uint32Array>;
    const e = expected.series[kind].prefixArrays() as Record<string, Float64Array | Uint32Array>;
    expect(Object.keys(a)).toEqual(Object.keys(e));
    for (const metric of Object.keys(e)) {
      expect(a[metric].constructor).toBe(e[metric].constructor);
      expect(Array.from(a[metric])).toEqual(Array.from(e[metric]));
    }
  }
}

describe("dataset cache file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-cache-"));
  const file = path.join(dir, DATASET_CACHE_FILE);
  const dataset = generateDataset({ seed: "cache-file", scale: 0.02, today: "2031-03-02" });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads back exactly the dataset it was written from, stats derived again", () => {
    writeDatasetCache(dir, KEY, dataset);
    const reasons: string[] = [];
    const read = readDatasetCache(dir, KEY, (reason) => reasons.push(reason));
    expect(reasons).toEqual([]);
    expectSameDataset(read!, dataset);
    expect(read!.series.goods.daily("salesVolume", 5)).toEqual(dataset.series.goods.daily("salesVolume", 5));
  });

  it("is ignored for any other key: data version, database, calendar", () => {
    writeDatasetCache(dir, KEY, dataset);
    for (const other of [
      { dataVersion: 4 },
      { systemIdentifier: "2" },
      { databaseOid: "6" },
      { endDate: "2031-03-02" },
      { seed: null },
    ]) {
      const reasons: string[] = [];
      expect(readDatasetCache(dir, { ...KEY, ...other }, (reason) => reasons.push(reason))).toBeNull();
      expect(reasons).toEqual(["cache is for another dataset version or database"]);
    }
  });

  it("is ignored when missing, truncated, corrupt or not a cache", () => {
    const why = (reasons: string[]) => (reason: string) => reasons.push(reason);
    rmSync(file, { force: true });
    let reasons: string[] = [];
    expect(readDatasetCache(dir, KEY, why(reasons))).toBeNull();
    expect(reasons).toEqual(["no cache file"]);

    writeDatasetCache(dir, KEY, dataset);
    const size = statSync(file).size;
    truncateSync(file, size - 7);
    reasons = [];
    expect(readDatasetCache(dir, KEY, why(reasons))).toBeNull();
    expect(reasons[0]).toMatch(/truncated/);

    writeDatasetCache(dir, KEY, dataset);
    const bytes = readFileSync(file);
    bytes[Math.floor(bytes.length * 0.7)] ^= 0x40; // one bit in the series arrays
    writeFileSync(file, bytes);
    reasons = [];
    expect(readDatasetCache(dir, KEY, why(reasons))).toBeNull();
    expect(reasons).toEqual(["dataset cache checksum mismatch"]);

    writeFileSync(file, "not a cache at all, just text that is long enough");
    reasons = [];
    expect(readDatasetCache(dir, KEY, why(reasons))).toBeNull();
    expect(reasons).toEqual(["not a dataset cache of this format"]);
  });
});

describe("restarts of the embedded database on disk", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-cache-boot-"));
  const file = path.join(dir, DATASET_CACHE_FILE);
  let database: Database;
  const env = { DATA_DIR: dir, DEMO_DATA_SCALE: "0.02", DEMO_DATA_SEED: "cache-boot" };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: dir, databaseUrl: null });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function boot(): Promise<Dataset> {
    const app = await buildTestApp(database, { env });
    const dataset = app.data.snapshot.dataset;
    await app.close();
    return dataset;
  }

  it("serves the cached dataset while the data version is unchanged, the tables after a seed or a bad file", async () => {
    const generated = await boot();
    expect(statSync(file).size).toBeGreaterThan(0);

    // Daily figures emptied behind the server's back without a new data version: a restart that still
    // shows the original totals read the cache, not the tables.
    for (const kind of ENTITY_KINDS)
      await database.db.execute(sql`DELETE FROM ${sql.identifier(DAILY_FIGURES[kind].table)}`);
    const cached = await boot();
    expectSameDataset(cached, generated);
    expect(cached.goods.some((g) => g.stats.totalSales > 0)).toBe(true);

    // A seed bumps the data version: the next start reads the tables and rewrites the cache.
    await seedDemoDataset(database.db, { seed: "cache-boot-2", scale: 0.02, today: "2031-03-02" });
    const reseeded = await boot();
    expect(reseeded.calendar.endDate).toBe("2031-03-01");
    expect(reseeded.goods.map((g) => g.title)).not.toEqual(generated.goods.map((g) => g.title));
    const fromDatabase = generateDataset({ seed: "cache-boot-2", scale: 0.02, today: "2031-03-02" });
    expect(reseeded.goods.map((g) => g.stats)).toEqual(fromDatabase.goods.map((g) => g.stats));
    expectSameDataset(await boot(), reseeded);

    // A damaged file: the tables again, same data.
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] ^= 1;
    writeFileSync(file, bytes);
    expectSameDataset(await boot(), reseeded);
  });
});
