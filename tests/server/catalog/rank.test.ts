// Rank lists through the API: every list of every entity, window and rank type answers rows
// whose window figures equal the sums of the last N daily values of the stored series, for an
// anonymous visitor (the top 10, `limited: true`) and a signed-in Pro member (every row); the
// home sections, versions and categories; bad input answers a clear JSON 400.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENTITY_KINDS,
  RANK_TYPES,
  RANK_WINDOW_DAYS,
  RANK_WINDOWS,
  type EntityKind,
  type SeriesTable,
} from "../../../server/modules/catalog/engine";
import { rankDefinition } from "../oracle/rank";
import { snakeCase } from "../../../server/modules/catalog/services/present";
import { RankRows } from "../../../server/modules/catalog/schemas";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot, type OracleSnapshot } from "../helpers/oracle";

const MONEY = new Set(["revenue"]);

let t: DataTestApp;
let pro: string;
let oracle: OracleSnapshot;

beforeAll(async () => {
  t = await openDataApp();
  pro = (await signIn(t.database, "pro")).token;
  oracle = await oracleSnapshot(t.database);
});
afterAll(() => t?.close());

/** Sum of the last `days` daily values of the calendar, read day by day from the series. */
function lastDaysSum(entity: EntityKind, id: string, metric: string, days: number): number {
  const { dataset, rows } = oracle;
  const table = dataset.series[entity] as SeriesTable;
  const daily = table.daily(metric, rows[entity].get(id)!);
  return daily.slice(daily.length - days).reduce((a, b) => a + b, 0);
}

function checkRows(
  entity: EntityKind,
  rankType: string,
  window: (typeof RANK_WINDOWS)[number],
  list: Array<Record<string, unknown>>,
) {
  const sums = rankDefinition(entity, rankType).windowSums as Record<string, string>;
  list.forEach((row, i) => {
    expect(row.rank).toBe(i + 1);
    expect(Object.keys(RankRows[entity].properties)).toEqual(expect.arrayContaining(Object.keys(row)));
    for (const [metric, seriesMetric] of Object.entries(sums)) {
      const expected = lastDaysSum(entity, row.id as string, seriesMetric, RANK_WINDOW_DAYS[window]);
      const field = snakeCase(metric);
      if (MONEY.has(metric)) expect(row[field] as number).toBeCloseTo(expected / 100, 6);
      else expect(row[field], `${entity}/${rankType}/${window} ${String(row.id)} ${field}`).toBe(expected);
    }
  });
}

describe("every list", () => {
  for (const entity of ENTITY_KINDS) {
    it(`${entity}: every rank type and window, anonymous and Pro`, async () => {
      for (const rankType of RANK_TYPES[entity]) {
        for (const window of RANK_WINDOWS) {
          const url = `/api/v1/rank/${entity}?rank_type=${rankType}&window=${window}&size=100`;
          const anonymous = await t.client.get(url);
          expect(anonymous.status, url).toBe(200);
          const full = await t.client.get(url, pro);
          expect(full.data.limited).toBe(false);
          expect(full.data.total).toBe(anonymous.data.total);
          expect(anonymous.data.list).toEqual(full.data.list.slice(0, 10));
          expect(anonymous.data.limited).toBe(full.data.total > 10);
          checkRows(entity, rankType, window, full.data.list);
          expect(full.data).toMatchObject({ page: 1, size: 100 });
          expect(Date.parse(full.data.next_update_at)).toBeGreaterThan(Date.parse(full.data.updated_at));
        }
      }
    });
  }

  it("has rows in the lists that must have them", async () => {
    for (const entity of ENTITY_KINDS) {
      const { data } = await t.client.get(`/api/v1/rank/${entity}?window=30d`);
      expect(data.list.length, entity).toBeGreaterThan(0);
    }
  });

  it("pages, filters by category (a group includes its leaves) and by country", async () => {
    const all = (await t.client.get("/api/v1/rank/goods?window=30d&size=100", pro)).data;
    const page2 = (await t.client.get("/api/v1/rank/goods?window=30d&size=5&page=2", pro)).data;
    expect(page2.list.map((r: { id: string }) => r.id)).toEqual(all.list.slice(5, 10).map((r: { id: string }) => r.id));
    const beauty = (await t.client.get("/api/v1/rank/goods?window=30d&size=100&category_id=1000", pro)).data;
    expect(beauty.list.length).toBeGreaterThan(0);
    expect(beauty.list.every((r: { category_id: number }) => [1001, 1002, 1003].includes(r.category_id))).toBe(true);
    const thai = (await t.client.get("/api/v1/rank/influencers?window=30d&country=TH", pro)).data;
    expect(thai.list.every((r: { market: string }) => r.market === "TH")).toBe(true);
    // Past the visible part an anonymous page is empty, and says it is limited.
    expect((await t.client.get("/api/v1/rank/goods?window=30d&size=10&page=2")).data).toMatchObject({
      list: [],
      limited: true,
    });
  });
});

describe("home, versions, categories", () => {
  it("answers the four home sections with their cadences", async () => {
    const { data } = await t.client.get("/api/v1/home?size=5");
    expect(Object.keys(data)).toEqual(["country", "product_ranking", "top_sale", "weekly_trend", "follower_growth"]);
    expect(data.product_ranking).toMatchObject({
      entity: "goods",
      rank_type: "top-sale",
      window: "24h",
      cadence: "home",
    });
    expect(data.weekly_trend).toMatchObject({ window: "7d", cadence: "weekly-trend" });
    expect(new Date(data.weekly_trend.updated_at).getUTCHours() % 12).toBe(
      new Date(data.weekly_trend.next_update_at).getUTCHours() % 12,
    );
    const ranking = (await t.client.get("/api/v1/rank/goods?window=24h&size=5")).data;
    expect(data.product_ranking.list).toEqual(ranking.list);
  });

  it("lists snapshot versions and categories in the caller's language", async () => {
    const { data } = await t.client.get("/api/v1/rank/versions?loading=true");
    // Seeded as version 1, published with its lists as version 2.
    expect(data).toMatchObject({ version: 2, data_version: 1, source: "demo", days: 60 });
    expect(data.snapshots.map((s: { reason: string }) => s.reason)).toEqual(["refresh", "seed"]);
    expect(data.cadences.map((c: { cadence: string }) => c.cadence)).toEqual(["home", "weekly-trend", "fresh"]);
    const th = await t.client.call("GET", "/api/v1/product/categories", { language: "th" });
    expect(th.data[0]).toMatchObject({ id: 1000, name: "ความงามและของใช้ส่วนตัว" });
    expect(th.data[0].children).toHaveLength(3);
    const zh = await t.client.call("GET", "/api/v1/product/categories", { language: "zh_CN" });
    expect(zh.data[0].name).toBe("美妆个护");
    expect((await t.client.call("GET", "/api/v1/product/categories", { language: "xx" })).data[0].name).toBe(
      "Beauty & Personal Care",
    );
  });
});

describe("bad input", () => {
  const cases: Array<[string, number, RegExp]> = [
    ["/api/v1/rank/shops", 400, /Unknown entity 'shops'/],
    ["/api/v1/rank/goods?window=1y", 400, /window .*24h, 3d, 7d, 30d/],
    ["/api/v1/rank/goods?rank_type=zzz", 400, /Unknown rank type 'zzz' for goods/],
    ["/api/v1/rank/goods?page=0", 400, /page must be >= 1/],
    ["/api/v1/rank/goods?size=10000", 400, /size must be <= 100/],
    ["/api/v1/rank/goods?country=US", 400, /country .*VN/],
    ["/api/v1/rank/goods?category_id=999", 400, /Unknown category 999/],
    ["/api/v1/rank/hashtags?category_id=1001", 400, /no category filter/],
    ["/api/v1/rank/goods?page=abc", 400, /page must be integer/],
  ];
  for (const [url, status, message] of cases) {
    it(`${url} -> ${status}`, async () => {
      const answer = await t.client.get(url);
      expect(answer.status).toBe(status);
      expect(answer.code).toBe(status);
      expect(answer.msg).toMatch(message);
      expect(answer.data).toBeNull();
    });
  }
});

describe("compression", () => {
  it("sends cached bodies compressed when the client accepts it, and identical when decoded", async () => {
    const url = "/api/v1/rank/goods?window=30d&size=50";
    const plain = await t.app.inject({ url, headers: { "system-id": "14" } });
    for (const encoding of ["br", "gzip"]) {
      const packed = await t.app.inject({ url, headers: { "system-id": "14", "accept-encoding": encoding } });
      expect(packed.headers["content-encoding"]).toBe(encoding);
      const decoded = encoding === "br" ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
      expect(decoded.toString()).toBe(plain.body);
    }
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });
});
