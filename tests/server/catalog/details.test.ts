// Detail pages and trends through the API (signed in as Pro): the blocks of each page, trend
// range arithmetic (7/15/30 days ending the data's yesterday, custom ranges, their 400s) and
// the agreement between a 7-day trend and the 7d rank list; unknown ids answer a JSON 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type Dataset } from "../../../server/modules/catalog/engine";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";

let t: DataTestApp;
let pro: string;
let end: string;
let dataset: Dataset;

beforeAll(async () => {
  t = await openDataApp();
  pro = (await signIn(t.database, "pro")).token;
  dataset = (await oracleSnapshot(t.database)).dataset;
  end = dataset.calendar.endDate;
});
afterAll(() => t?.close());

const get = (url: string) => t.client.get(url, pro);

describe("goods", () => {
  it("has overview, shop, specifications, related videos and influencers", async () => {
    const top = (await get("/api/v1/rank/goods?window=30d&size=1")).data.list[0];
    const { status, data } = await get(`/api/v1/goods/${top.id}`);
    expect(status).toBe(200);
    expect(data.overview).toMatchObject({ id: top.id, title: top.title, price: top.price });
    for (const field of [
      "commission",
      "total_sales",
      "estimated_sales_volume",
      "estimated_sales_amount",
      "views",
      "likes",
      "comments",
      "sales_growth",
      "conversion_rate",
    ]) {
      expect(data.overview).toHaveProperty(field);
    }
    expect(data.shop.id).toBe(data.overview.shop_id);
    expect(data.specifications.variants.length).toBeGreaterThan(0);
    expect(data.specifications.category_path.map((c: { id: number }) => c.id)).toContain(data.overview.category_id);
    expect(data.related_videos.every((v: { goods_id: string }) => v.goods_id === top.id)).toBe(true);
    expect(data.related_videos.length).toBe(Math.min(10, data.overview.related_videos));
    expect(data.related_influencers.length).toBeGreaterThan(0);
  });

  it("trend over 7 days ends on the data's yesterday and sums to the 7d list figures", async () => {
    const list = (await get("/api/v1/rank/goods?window=7d&size=5")).data.list;
    for (const row of list) {
      const { data } = await get(`/api/v1/goods/${row.id}/trend?days=7`);
      expect(data.range).toEqual({ start: addDays(end, -6), end, days: 7 });
      expect(data.points.map((p: { date: string }) => p.date)).toEqual(
        Array.from({ length: 7 }, (_, k) => addDays(end, k - 6)),
      );
      expect(data.totals.sales_volume).toBe(row.sales_volume);
      expect(data.points.reduce((n: number, p: { sales_volume: number }) => n + p.sales_volume, 0)).toBe(
        row.sales_volume,
      );
      expect(data.totals.revenue).toBeCloseTo(row.revenue, 6);
    }
  });

  it("takes 15 and 30 days and custom ranges, and explains bad ones", async () => {
    const id = dataset.goods[0].id;
    for (const days of [15, 30])
      expect((await get(`/api/v1/goods/${id}/trend?days=${days}`)).data.range).toEqual({
        start: addDays(end, 1 - days),
        end,
        days,
      });
    const custom = await get(`/api/v1/goods/${id}/trend?start=${addDays(end, -9)}&end=${addDays(end, -5)}`);
    expect(custom.data.range).toEqual({ start: addDays(end, -9), end: addDays(end, -5), days: 5 });
    expect(custom.data.points).toHaveLength(5);
    const bad: Array<[string, RegExp]> = [
      ["days=10", /days must be one of 7, 15, 30/],
      [`days=7&start=${end}`, /either days or start and end/],
      [`start=${end}`, /needs both start and end/],
      [`start=${end}&end=${addDays(end, 1)}`, /end must not be after yesterday/],
      [`start=${end}&end=${addDays(end, -1)}`, /start must not be after end/],
      [`start=${addDays(end, -90)}&end=${end}`, /at most 90 days/],
      ["start=2025-13-01&end=2025-13-02", /start must be a date/],
      ["", /Give days/],
    ];
    for (const [query, message] of bad) {
      const answer = await get(`/api/v1/goods/${id}/trend?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.msg).toMatch(message);
    }
  });
});

describe("influencers", () => {
  it("has profile, basic analysis, products, filtered videos and a calendar", async () => {
    const top = (await get("/api/v1/rank/influencers?rank_type=sales&window=30d&size=1")).data.list[0];
    const { data } = await get(`/api/v1/influencers/${top.id}`);
    expect(data.profile).toMatchObject({ id: top.id, handle: top.handle });
    for (const field of [
      "bio",
      "commission_rate",
      "price",
      "product_count",
      "posted_count",
      "followers",
      "video_count",
      "play_count",
      "total_sales",
    ]) {
      expect(data.profile).toHaveProperty(field);
    }
    expect(data.basic_analysis.days).toBe(30);
    expect(data.products.length).toBe(Math.min(20, data.profile.product_count));

    const all = (await get(`/api/v1/influencers/${top.id}/videos?size=100`)).data;
    const withProducts = (await get(`/api/v1/influencers/${top.id}/videos?filter=with_products&size=100`)).data;
    const without = (await get(`/api/v1/influencers/${top.id}/videos?filter=without_products&size=100`)).data;
    expect(all.total).toBe(data.profile.video_count);
    expect(withProducts.total + without.total).toBe(all.total);
    expect(withProducts.total).toBe(data.profile.posted_count);
    expect(withProducts.list.every((v: { goods_id: string | null }) => v.goods_id !== null)).toBe(true);
    expect(without.list.every((v: { goods_id: string | null }) => v.goods_id === null)).toBe(true);
    expect((await get(`/api/v1/influencers/${top.id}/videos?filter=some`)).status).toBe(400);

    const calendar = (await get(`/api/v1/influencers/${top.id}/calendar`)).data;
    expect(calendar.month).toBe(end.slice(0, 7));
    expect(calendar.days[0].date).toBe(`${end.slice(0, 7)}-01`);
    const trend = (await get(`/api/v1/influencers/${top.id}/trend?start=${calendar.days[0].date}&end=${end}`)).data;
    const inData = calendar.days.filter((d: { date: string }) => d.date <= end);
    expect(inData.reduce((n: number, d: { sales_volume: number }) => n + d.sales_volume, 0)).toBe(
      trend.totals.sales_volume,
    );
    expect(trend.points.at(-1).followers).toBe(data.profile.followers);
    expect((await get(`/api/v1/influencers/${top.id}/calendar?month=2025-13`)).status).toBe(400);
  });
});

describe("videos", () => {
  it("has metrics, author, linked product and sales", async () => {
    const top = (await get("/api/v1/rank/videos?rank_type=sales&window=30d&size=1")).data.list[0];
    const { data } = await get(`/api/v1/videos/${top.id}`);
    expect(data.metrics).toMatchObject({ id: top.id, goods_id: top.goods_id });
    for (const field of [
      "views",
      "likes",
      "comments",
      "shares",
      "duration_seconds",
      "posted_at",
      "engagement_rate",
      "followers",
    ])
      expect(data.metrics).toHaveProperty(field);
    expect(data.product.id).toBe(top.goods_id);
    expect(data.author.id).toBe(top.influencer_id);
    expect(data.sales.sales_volume).toBeGreaterThan(0);
    const trend = (await get(`/api/v1/videos/${top.id}/trend?days=30`)).data;
    expect(trend.totals.sales_volume).toBe(top.sold_count);
  });
});

describe("unknown ids and bad ids", () => {
  for (const url of [
    "/api/v1/goods/nope",
    "/api/v1/influencers/nope",
    "/api/v1/videos/nope",
    "/api/v1/goods/nope/trend?days=7",
    "/api/v1/influencers/nope/videos",
    "/api/v1/influencers/nope/calendar",
  ]) {
    it(`${url} -> 404`, async () => {
      const answer = await get(url);
      expect(answer).toMatchObject({ status: 404, code: 404, data: null });
      expect(answer.msg).toMatch(/'nope' not found/);
    });
  }
  it("a 100-character id is a 400", async () => {
    expect((await get(`/api/v1/goods/${"x".repeat(100)}`)).status).toBe(400);
  });
});
