// Data storage and boot: the first start of the embedded default generates the demo dataset,
// stores it compactly (one month block per entity and active month) and publishes its rank
// lists before serving; a process holds no dataset, only the snapshot version it serves, so the
// next start reads nothing back. A version without its own lists (a seed or an import) is
// served by the generation before it; before any generation exists list requests wait for the
// first one, then answer 503. With DATABASE_URL nothing is generated unless asked, and data:seed
// replaces the dataset with a new version.
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { datasetMeta, goods, rankLists, rankSnapshots, videos } from "../../../server/db/schema";
import { ENTITY_KINDS, type Dataset, type SeriesTable } from "../../../server/modules/catalog/engine";
import { refreshRanks } from "../../../server/modules/catalog/jobs/refresh";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { DAILY_FIGURES } from "../../../server/modules/catalog/store/daily-figures";
import { loadDataset } from "../oracle/read-dataset";
import { bumpVersion, calendarOf, readMeta } from "../../../server/modules/catalog/store/meta";
import { REFRESH_LOCK_ID } from "../../../server/modules/catalog/store/locks";
import { rankGenerations, servedGeneration } from "../../../server/modules/catalog/store/rank-generations";
import { fillRankGeneration, rankListKey } from "../../../server/modules/catalog/store/rank-tables";
import { API_HEADERS, buildTestApp, openTestDatabase, useThrowawayPostgres } from "../helpers/app";
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

/** GET /api/v1/rank/goods (status, and the list's ids and total when it answered). */
async function goodsList(app: Awaited<ReturnType<typeof buildTestApp>>) {
  const response = await app.inject({ url: "/api/v1/rank/goods?window=7d&country=VN&size=5", headers: API_HEADERS });
  const body = response.json<{ code: number; data: { list: { id: string }[]; total: number } | null }>();
  return {
    status: response.statusCode,
    retryAfter: response.headers["retry-after"],
    ids: body.data?.list.map((row) => row.id) ?? [],
    total: body.data?.total ?? 0,
  };
}

/** The total of that list in a generation of the rank tables. */
async function storedTotal(database: Database, generation: number): Promise<number> {
  const key = rankListKey(generation, {
    entity: "goods",
    rankType: "top-sale",
    window: "7d",
    market: "VN",
    categoryId: null,
  });
  const [row] = await database.db.select({ total: rankLists.total }).from(rankLists).where(eq(rankLists.listKey, key));
  return row.total;
}

const rankLog = (database: Database) =>
  database.db.select({ version: rankSnapshots.version, reason: rankSnapshots.reason }).from(rankSnapshots);

describe("first start on the embedded database", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("generates and stores the demo dataset, publishes its lists, and the next start reads nothing back", async () => {
    const first = await buildTestApp(database, { env: { DEMO_DATA_SCALE: "0.05", DEMO_DATA_SEED: "boot" } });
    const generated = first.data.snapshot;
    // The process keeps the version it serves, never the dataset.
    expect(Object.keys(generated).sort()).toEqual(["calendar", "dataVersion", "meta", "today", "version"]);
    // Seeded as version 1, its lists published with version 2 before the app answered.
    expect(generated).toMatchObject({ version: 2, dataVersion: 1 });
    const served = await goodsList(first);
    await first.close();
    expect(served.status).toBe(200);
    expect(served.ids).toHaveLength(5);
    expect(await rankLog(database)).toEqual([
      { version: 1, reason: "seed" },
      { version: 2, reason: "refresh" },
    ]);

    const stored = (await loadDataset(database.db))!.dataset;
    expect(stored.goods).toHaveLength(500);
    expect(stored.videos).toHaveLength(1000);
    const [meta] = await database.db.select().from(datasetMeta);
    expect(meta).toMatchObject({ source: "demo", seed: "boot", scale: 0.05, days: 60, version: 2, dataVersion: 1 });
    expect(meta.endDate).toBe(generated.calendar.endDate);
    expect(generated.today > meta.endDate).toBe(true);
    const [{ n: goodsRows }] = await database.db.select({ n: count() }).from(goods);
    expect(goodsRows).toBe(500);
    // One block per entity and month with any activity, never one row per day.
    for (const kind of ENTITY_KINDS) {
      const blocks = await database.db.execute(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(DAILY_FIGURES[kind].table)}`,
      );
      expect((blocks as { rows: { n: number }[] }).rows[0].n, kind).toBe(activeMonths(stored, kind));
    }

    // Another start neither generates nor fills again, and serves the same lists.
    const second = await buildTestApp(database, { env: { DEMO_DATA_SCALE: "0.05", DEMO_DATA_SEED: "other" } });
    expect(second.data.snapshot).toEqual(generated);
    expect(await goodsList(second)).toEqual(served);
    await second.close();
    expect(await rankLog(database)).toHaveLength(2);
  });

  it("serves a new version by the generation before it until its own is published", async () => {
    const result = await seedDemoDataset(database.db, { seed: "again", scale: 0.02 });
    expect(result.version).toBe(3);
    const app = await buildTestApp(database, { env: { DEMO_DATA_ON_START: "never" } });
    try {
      expect(app.data.snapshot).toMatchObject({ version: 3, dataVersion: 2 });
      const before = await goodsList(app);
      expect(before.status).toBe(200);
      expect(before.total).toBe(await storedTotal(database, 2));
      const published = await refreshRanks(database, null);
      expect(published?.version).toBe(4);
      // The generation that served version 3 (2) is kept for readers still there.
      expect(published?.deleted.generations).toEqual([]);
      expect(await app.data.reloadIfNewer()).toBe(true);
      const after = await goodsList(app);
      expect(after.status).toBe(200);
      expect(after.total).toBe(await storedTotal(database, 4));
      const loaded = (await loadDataset(database.db))!;
      expect(loaded.meta).toMatchObject({ seed: "again", scale: 0.02, version: 4, dataVersion: 2 });
      const seededIds = new Set(loaded.dataset.goods.map((g) => g.id));
      expect(after.ids.filter((id) => !seededIds.has(id))).toEqual([]);
    } finally {
      await app.close();
    }
    const [{ n }] = await database.db.select({ n: count() }).from(videos);
    expect(n).toBe(400);
    expect((await rankLog(database)).map((s) => s.reason)).toEqual(["seed", "refresh", "seed", "refresh"]);
    // First-start seeding never replaces an existing dataset.
    expect((await seedDemoDataset(database.db, { seed: "x", scale: 0.02, onlyIfEmpty: true })).version).toBeNull();
    expect((await database.db.select().from(datasetMeta).where(eq(datasetMeta.id, 1)))[0].seed).toBe("again");
  });

  it("never serves the lists of a fill a crash cut short, even when a seed takes its number", async () => {
    const fresh = await openTestDatabase();
    try {
      await seedDemoDataset(fresh.db, { seed: "cut", scale: 0.02 });
      expect((await refreshRanks(fresh, null))?.version).toBe(2);
      // A fill of generation 3 stopped before its publication: its lists are stored, unpublished.
      await fillRankGeneration(fresh.db, calendarOf((await readMeta(fresh.db))!), 3);
      expect(await servedGeneration(fresh.db, 3)).toBe(2);
      // A seed after the crash takes version 3: generation 2 still serves it, not the cut one.
      await seedDemoDataset(fresh.db, { seed: "cut-again", scale: 0.02 });
      expect((await readMeta(fresh.db))?.version).toBe(3);
      expect(await servedGeneration(fresh.db, 3)).toBe(2);
      // The next refresh publishes 4 and drops the cut generation with the ones no reader needs.
      const next = await refreshRanks(fresh, null);
      expect(next?.version).toBe(4);
      expect(next?.deleted.generations).toEqual([3]);
      expect(await rankGenerations(fresh.db)).toEqual([2, 4]);
      expect(await servedGeneration(fresh.db, 4)).toBe(4);
    } finally {
      await fresh.close();
    }
  });

  it("before any generation exists, list requests wait for the first one, then answer 503 with Retry-After", async () => {
    const fresh = await openTestDatabase();
    await seedDemoDataset(fresh.db, { seed: "wait", scale: 0.02 });
    const impatient = await buildTestApp(fresh, { env: { DEMO_DATA_ON_START: "never", LISTS_WAIT_MS: "200" } });
    const patient = await buildTestApp(fresh, { env: { DEMO_DATA_ON_START: "never" } });
    try {
      expect(await goodsList(impatient)).toMatchObject({ status: 503, retryAfter: "5", ids: [] });
      const waiting = goodsList(patient);
      await refreshRanks(fresh, null);
      await patient.data.reloadIfNewer();
      const answered = await waiting;
      expect(answered).toMatchObject({ status: 200, total: await storedTotal(fresh, 2) });
      expect(answered.ids).toHaveLength(5);
      // Published: the impatient app answers too once it has moved to that version.
      await impatient.data.reloadIfNewer();
      expect(await goodsList(impatient)).toEqual(answered);
    } finally {
      await impatient.close();
      await patient.close();
      await fresh.close();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);

  it("starts with empty lists (nothing generated by default), then serves a seeded dataset's lists", async () => {
    const empty = await buildTestApp(postgres.database);
    expect(empty.data.snapshot.version).toBe(0);
    expect(await goodsList(empty)).toMatchObject({ status: 200, ids: [], total: 0 });
    await seedDemoDataset(postgres.database.db, { seed: "pg", scale: 0.02 });
    await refreshRanks(postgres.database, null);
    expect(await empty.data.reloadIfNewer()).toBe(true);
    expect(await goodsList(empty)).toMatchObject({ status: 200, ids: expect.arrayContaining([expect.any(String)]) });
    await empty.close();
  });

  it("runs one refresh per slot however many instances race for it (advisory lock)", async () => {
    const slot = new Date("2031-05-05T11:00:00Z");
    const versions = await Promise.all(Array.from({ length: 10 }, () => refreshRanks(postgres.database, slot)));
    expect(versions.filter((v) => v !== null)).toHaveLength(1);
    expect(await postgres.database.db.select().from(rankSnapshots).where(eq(rankSnapshots.slot, slot))).toHaveLength(1);
  });

  // RANK_FILL_CONNECTIONS 1 (the fill in the refresh's transaction) and 3 (a shared fill, whose
  // helpers commit their parts before the publication: deleted when it stands down).
  for (const [connections, hour] of [
    [1, 11],
    [3, 15],
  ])
    it(`a slot's refresh whose snapshot predates another instance's publication of the slot stands down (${connections} connection(s))`, async () => {
      const { db } = postgres.database;
      // New data: the slot's refresh fills (seconds), holding the lock with its snapshot taken.
      await seedDemoDataset(db, { seed: `pg-late-${connections}`, scale: 0.02 });
      const generations = await rankGenerations(db);
      const slot = new Date(`2031-06-01T${hour}:00:00Z`);
      const late = refreshRanks(postgres.database, slot, { connections });
      const refreshing = sql`SELECT count(*)::int AS held FROM pg_locks
        WHERE locktype = 'advisory' AND objid = ${REFRESH_LOCK_ID} AND granted`;
      await expect
        .poll(async () => ((await db.execute(refreshing)) as { rows: { held: number }[] }).rows[0].held, {
          interval: 5,
          timeout: 20_000,
        })
        .toBe(1);
      // Another instance publishes the slot meanwhile (as one whose lock came just before would).
      const published = await db.transaction((tx) => bumpVersion(tx, "refresh", slot));
      expect(published).not.toBeNull();
      expect(await late).toBeNull();
      expect(await db.select().from(rankSnapshots).where(eq(rankSnapshots.slot, slot))).toHaveLength(1);
      expect((await readMeta(db))?.version).toBe(published);
      expect(await rankGenerations(db)).toEqual(generations);
    });
});
