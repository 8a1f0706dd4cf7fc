// Rank lists served from the rank tables through the API (services/rank-lists.ts), on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL: a seeded dataset's lists first answer from the
// engine (no generation for the seed's version yet); an app started with the refresh scheduler
// on fills and publishes a generation at once (jobs/scheduler.ts' catch-up); after that the same
// requests (pages in rank order for every kind, rank type and window, categories, plan limits,
// sorted and filtered views, the home sections, the CSV export) answer exactly what the engine
// answered, and they do come from the tables (a row changed in the generation shows).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { ENTITY_KINDS, RANK_TYPES, RANK_WINDOWS } from "../../../server/modules/catalog/engine";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { generationStored } from "../../../server/modules/catalog/store/rank-generations";
import { rankListKey } from "../../../server/modules/catalog/store/rank-tables";
import { API_HEADERS, buildTestApp, describeOnBothDatabases } from "../helpers/app";
import { signIn } from "../helpers/data";

/** The weighted commission rate is summed in another order in SQL: compared to 12 digits. */
function comparable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(comparable);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [
      key,
      key === "weighted_commission_rate" && typeof field === "number"
        ? Number(field.toPrecision(12))
        : comparable(field),
    ]),
  );
}

/** The requests compared: [url, signed in as Pro]. */
function requests(categoryIds: number[]): [string, boolean][] {
  const urls: [string, boolean][] = [];
  for (const entity of ENTITY_KINDS)
    for (const rankType of RANK_TYPES[entity])
      for (const window of RANK_WINDOWS) {
        const list = `/api/v1/rank/${entity}?rank_type=${rankType}&window=${window}`;
        urls.push([`${list}&country=VN`, false], [`${list}&country=ID&page=2&size=30`, true]);
      }
  for (const entity of ["goods", "influencers", "videos"])
    for (const id of categoryIds) urls.push([`/api/v1/rank/${entity}?window=30d&country=VN&category_id=${id}`, true]);
  urls.push(
    ["/api/v1/rank/goods?window=30d&country=VN&sort=price&order=asc&min_price=5", true],
    ["/api/v1/rank/goods?window=7d&country=TH&min_sales=1&max_sales=500&page=2&size=10", true],
    ["/api/v1/rank/goods?window=30d&country=VN&sort=sales_volume", false],
    ["/api/v1/rank/influencers?window=30d&country=VN&sort=sales_volume&order=asc", true],
    ["/api/v1/rank/videos?window=7d&country=ID&min_sales=1", true],
    ["/api/v1/rank/music?window=30d&country=VN&sort=growth", true],
    ["/api/v1/home?country=VN", false],
    ["/api/v1/home?country=MY&size=30", true],
    ["/api/v1/export/rank/goods?window=30d&country=VN", true],
    ["/api/v1/export/rank/videos?window=7d&country=ID&sort=views&order=asc", true],
  );
  return urls;
}

describeOnBothDatabases((database) => {
  let reader: FastifyInstance;
  let pro: string;
  let categoryIds: number[];

  const answer = async (app: FastifyInstance, url: string, signedIn: boolean) => {
    const headers: Record<string, string> = { ...API_HEADERS };
    if (signedIn) headers.authorization = `Bearer ${pro}`;
    const response = await app.inject({ method: "GET", url, headers });
    const body = String(response.headers["content-type"]).startsWith("text/csv") ? response.body : response.json();
    return { url, status: response.statusCode, body: comparable(body) };
  };
  const answers = async (app: FastifyInstance) => {
    const all = [];
    for (const [url, signedIn] of requests(categoryIds)) all.push(await answer(app, url, signedIn));
    return all;
  };

  beforeAll(async () => {
    await seedDemoDataset(database().db, { seed: "serving", scale: 0.05 });
    reader = await buildTestApp(database());
    pro = (await signIn(database(), "pro")).token;
    const { dataset } = reader.data.snapshot;
    categoryIds = [dataset.categories.find((c) => c.parentId === null)!.id, dataset.categories.at(-1)!.id];
  }, 120_000);
  afterAll(() => reader?.close());

  it("answers every list from the rank tables once a generation is published, as the engine did", async () => {
    const seeded = reader.data.snapshot.version;
    expect(await generationStored(database().db, seeded)).toBe(false);
    const fromEngine = await answers(reader);
    expect(fromEngine.every((a) => a.status === 200)).toBe(true);

    // An instance with the scheduler on fills the seed's lists at once, outside the schedule.
    const refresher = await buildTestApp(database(), { env: { RANK_REFRESH: "true" } });
    try {
      await expect
        .poll(() => refresher.data.snapshot.version, { timeout: 90_000, interval: 200 })
        .toBeGreaterThan(seeded);
    } finally {
      await refresher.close();
    }
    expect(await reader.data.reloadIfNewer()).toBe(true);
    const published = reader.data.snapshot.version;
    expect(await generationStored(database().db, published)).toBe(true);
    expect(reader.data.snapshot.dataVersion).toBe(refresher.data.snapshot.dataVersion);

    const fromTables = await answers(reader);
    for (let i = 0; i < fromEngine.length; i++) expect(fromTables[i], fromEngine[i].url).toEqual(fromEngine[i]);

    // They are the tables' rows: a rank change written into the generation shows on a page not
    // asked before (so not cached).
    const key = rankListKey(published, {
      entity: "music",
      rankType: RANK_TYPES.music[0],
      window: "24h",
      market: "VN",
      categoryId: null,
    });
    await database().db.execute(sql`UPDATE rank_rows SET rank_change = 4242 WHERE list_key = ${key} AND rank = 1`);
    const changed = await answer(
      reader,
      `/api/v1/rank/music?rank_type=${RANK_TYPES.music[0]}&window=24h&country=VN&size=1&page=1`,
      true,
    );
    expect((changed.body as { data: { list: { rank_change: number }[] } }).data.list[0].rank_change).toBe(4242);
  }, 180_000);
});
