// Rank lists served from the rank tables through the API (services/rank-lists.ts), on PGlite
// and, with TEST_DATABASE_URL, on PostgreSQL: for a seeded dataset an app started with the
// refresh scheduler on fills and publishes a generation at once (jobs/scheduler.ts' catch-up);
// then every kind, rank type and window as a visitor and as Pro on page 2, and category lists,
// answer exactly the in-memory engine's lists (the tests' oracle: helpers/oracle.ts) with the
// cards of the same entities, and they do come from the tables (a row changed in the
// generation shows). Sorted and filtered views, home and the CSV export read the same lists
// (rank-view, rank and export tests).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  DEFAULT_RANK_TYPE,
  ENTITY_KINDS,
  MAX_RANK_LIMIT,
  RANK_TYPES,
  RANK_WINDOWS,
  type EntityKind,
  type MarketCode,
  type RankWindow,
} from "../../../server/modules/catalog/engine";
import { rankList } from "../oracle/rank";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { apiFigures, hashtagCard, influencerCard, musicCard } from "../../../server/modules/catalog/services/present";
import { servedGeneration } from "../../../server/modules/catalog/store/rank-generations";
import { rankListKey } from "../../../server/modules/catalog/store/rank-tables";
import { API_HEADERS, buildTestApp, describeOnBothDatabases } from "../helpers/app";
import { signIn } from "../helpers/data";
import { oracleSnapshot, type OracleSnapshot } from "../helpers/oracle";
import { goodsCard, videoCard } from "./detail-oracle";

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

interface ListRequest {
  url: string;
  signedIn: boolean;
  entity: EntityKind;
  rankType: string;
  window: RankWindow;
  market: MarketCode;
  categoryId: number | null;
  page: number;
  size: number;
}

/** The lists compared: every kind x rank type x window twice, and category lists. */
function requests(categoryIds: number[]): ListRequest[] {
  const all: ListRequest[] = [];
  const add = (request: Omit<ListRequest, "url">) => {
    const { entity, rankType, window, market, categoryId, page, size } = request;
    const category = categoryId === null ? "" : `&category_id=${categoryId}`;
    const query = `rank_type=${rankType}&window=${window}&country=${market}${category}&page=${page}&size=${size}`;
    all.push({ ...request, url: `/api/v1/rank/${entity}?${query}` });
  };
  for (const entity of ENTITY_KINDS)
    for (const rankType of RANK_TYPES[entity])
      for (const window of RANK_WINDOWS) {
        const list = { entity, rankType, window, categoryId: null };
        add({ ...list, market: "VN", page: 1, size: 20, signedIn: false });
        add({ ...list, market: "ID", page: 2, size: 30, signedIn: true });
      }
  for (const entity of ["goods", "influencers", "videos"] as const)
    for (const categoryId of categoryIds) {
      const list = { entity, rankType: DEFAULT_RANK_TYPE[entity], window: "30d" as const, categoryId };
      add({ ...list, market: "VN", page: 1, size: 20, signedIn: true });
    }
  return all;
}

/** An entity's card as the lists show it, from the oracle. */
function cardOf(oracle: OracleSnapshot, entity: EntityKind, id: string): Record<string, unknown> {
  const { dataset } = oracle;
  const row = oracle.rows[entity].get(id)!;
  switch (entity) {
    case "goods":
      return goodsCard(oracle, dataset.goods[row]);
    case "influencers":
      return influencerCard(dataset.influencers[row]);
    case "videos":
      return videoCard(oracle, dataset.videos[row]);
    case "music":
      return musicCard(dataset.music[row]);
    case "hashtags":
      return hashtagCard(dataset.hashtags[row]);
  }
}

/** The engine's whole list (up to MAX_RANK_LIMIT rows) as the API shows its rows. */
function oracleRows(oracle: OracleSnapshot, request: ListRequest): Record<string, unknown>[] {
  const { entity, rankType, window, market, categoryId } = request;
  const list = rankList(oracle.rank, { entity, rankType, window, market, categoryId, limit: MAX_RANK_LIMIT });
  return list.rows.map((row) => ({
    ...cardOf(oracle, entity, row.id),
    ...apiFigures(row.metrics),
    id: row.id,
    rank: row.rank,
    rank_change: row.rankChange,
  }));
}

describeOnBothDatabases((database) => {
  let reader: FastifyInstance;
  let pro: string;
  let oracle: OracleSnapshot;

  const answer = async (url: string, signedIn: boolean) => {
    const headers: Record<string, string> = { ...API_HEADERS };
    if (signedIn) headers.authorization = `Bearer ${pro}`;
    const response = await reader.inject({ method: "GET", url, headers });
    type ListData = { list: Record<string, unknown>[]; total: number; limited: boolean };
    return { status: response.statusCode, data: response.json<{ data: ListData }>().data };
  };

  beforeAll(async () => {
    await seedDemoDataset(database().db, { seed: "serving", scale: 0.05 });
    reader = await buildTestApp(database());
    pro = (await signIn(database(), "pro")).token;
    oracle = await oracleSnapshot(database());
  }, 120_000);
  afterAll(() => reader?.close());

  it("answers every list from the published generation of the rank tables, as the engine ranks them", async () => {
    const seeded = reader.data.snapshot.version;
    expect(await servedGeneration(database().db, seeded)).toBeNull();

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
    expect(await servedGeneration(database().db, published)).toBe(published);
    expect(reader.data.snapshot.dataVersion).toBe(refresher.data.snapshot.dataVersion);

    const { categories } = oracle.dataset;
    let rowsCompared = 0;
    for (const request of requests([categories.find((c) => c.parentId === null)!.id, categories.at(-1)!.id])) {
      const { status, data } = await answer(request.url, request.signedIn);
      expect(status, request.url).toBe(200);
      const expected = oracleRows(oracle, request);
      expect(data.total, request.url).toBe(expected.length);
      const offset = (request.page - 1) * request.size;
      // A visitor's plan may cut the page short (limited); otherwise it is the whole page.
      const whole = Math.max(0, Math.min(request.size, expected.length - offset));
      if (!data.limited) expect(data.list.length, request.url).toBe(whole);
      expect(comparable(data.list), request.url).toEqual(comparable(expected.slice(offset, offset + data.list.length)));
      rowsCompared += data.list.length;
    }
    expect(rowsCompared).toBeGreaterThan(500);

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
      `/api/v1/rank/music?rank_type=${RANK_TYPES.music[0]}&window=24h&country=VN&size=1&page=1`,
      true,
    );
    expect(changed.data.list[0].rank_change).toBe(4242);
  }, 180_000);
});
