// The oracle's own test (the in-memory rank lists the SQL lists are compared with): every
// list's window metrics equal the sums of the daily values, ordering, rank change against the
// previous period, breakout minimum bases, category filters, errors.
import { describe, expect, it } from "vitest";
import { BREAKOUT_MIN_BASE, NEW_GOODS_DAYS } from "../../../../server/modules/catalog/engine/rank/rules";
import { RANK_TYPES, RankQueryError } from "../../../../server/modules/catalog/engine/rank/types";
import { createRankIndex } from "./rank-index";
import { rankDefinition, rankList, rankListsByCategory } from "./rank-list";
import type { RankQuery } from "./types";
import { categoryWithDescendants } from "../../../../server/modules/catalog/engine/model/categories";
import type { EntityKind } from "../../../../server/modules/catalog/engine/model/entities";
import type { SeriesTable } from "../../../../server/modules/catalog/engine/series/series-table";
import { addDays, previousRange, RANK_WINDOWS, rankWindowRange } from "../../../../server/modules/catalog/engine/time";
import { smallDataset, TODAY } from "../../catalog/engine/fixtures";

const dataset = smallDataset();
const index = createRankIndex(dataset);

function dailySum(table: SeriesTable, metric: string, row: number, start: string, end: string): number {
  let sum = 0;
  for (let date = start; date <= end; date = addDays(date, 1)) {
    const day = table.dayIndex(date);
    if (day >= 0 && day < table.days) sum += table.value(metric, row, day);
  }
  return sum;
}

const ALL_LISTS = (Object.entries(RANK_TYPES) as [EntityKind, readonly string[]][]).flatMap(([entity, types]) =>
  types.flatMap((rankType) => RANK_WINDOWS.map((window) => ({ entity, rankType, window }))),
);

describe("every rank list", () => {
  it.each(ALL_LISTS)(
    "$entity $rankType $window: metrics are sums of daily values, rows ordered",
    ({ entity, rankType, window }) => {
      const result = rankList(index, { entity, rankType, window, market: "VN" });
      const definition = rankDefinition(entity, rankType);
      const table = dataset.series[entity] as SeriesTable;
      const rowOf = new Map(dataset[entity].map((e, row) => [e.id, row]));
      expect(result.range).toEqual(rankWindowRange(window, TODAY));
      expect(result.rows.length).toBe(Math.min(result.total, 1000));
      for (const row of result.rows) {
        const r = rowOf.get(row.id)!;
        expect(dataset[entity][r].market).toBe("VN");
        for (const [name, metric] of Object.entries(definition.windowSums)) {
          expect(row.metrics[name]).toBe(dailySum(table, metric, r, result.range.start, result.range.end));
        }
        for (const [name, metric] of Object.entries(definition.previousWindowSums ?? {})) {
          expect(row.metrics[name]).toBe(
            dailySum(table, metric, r, result.previousRange.start, result.previousRange.end),
          );
        }
      }
      result.rows.forEach((row, i) => expect(row.rank).toBe(i + 1));
      // Order: each row's ordering key is not smaller than the next one's.
      const w = {
        from: table.dayIndex(result.range.start),
        to: table.dayIndex(result.range.end),
        days: result.range.days,
      };
      const keys = result.rows.map((row) => definition.evaluate(index, rowOf.get(row.id)!, w)!.order);
      for (let i = 1; i < keys.length; i++) {
        const a = keys[i - 1],
          b = keys[i];
        const k = a.findIndex((value, j) => value !== b[j]);
        if (k >= 0) expect(a[k]).toBeGreaterThan(b[k]);
        else expect(result.rows[i - 1].id < result.rows[i].id).toBe(true);
      }
    },
  );
});

describe("rank change", () => {
  it("compares with the same list over the previous period, null for new entries", () => {
    const query: RankQuery = { entity: "goods", rankType: "top-sale", window: "7d", market: "ID", limit: 50 };
    const current = rankList(index, query);
    const previous = rankList(index, { ...query, endDate: previousRange(current.range).end });
    const before = new Map(previous.rows.map((row) => [row.id, row.rank]));
    expect(current.rows.length).toBe(50);
    for (const row of current.rows) {
      const was = before.get(row.id);
      expect(row.rankChange).toBe(was === undefined ? null : was - row.rank);
    }
    expect(current.rows.some((row) => row.rankChange === null)).toBe(true);
    expect(current.rows.some((row) => row.rankChange !== null && row.rankChange !== 0)).toBe(true);
  });
});

describe("breakout lists", () => {
  it("only rank goods that grew from at least the minimum base", () => {
    for (const window of ["24h", "7d"] as const) {
      const result = rankList(index, { entity: "goods", rankType: "breakout", window, market: "VN" });
      expect(result.rows.length).toBeGreaterThan(0);
      for (const row of result.rows) {
        const previous = row.metrics.previousSalesVolume as number;
        expect(previous).toBeGreaterThanOrEqual(BREAKOUT_MIN_BASE.goodsUnitsPerDay * result.range.days);
        expect(row.metrics.salesVolume as number).toBeGreaterThan(previous);
        expect(row.metrics.salesGrowth).toBeCloseTo(((row.metrics.salesVolume as number) - previous) / previous, 12);
      }
    }
  });

  it("leave out a goods whose jump starts below the base, however large", () => {
    const result = rankList(index, {
      entity: "goods",
      rankType: "breakout",
      window: "24h",
      market: "VN",
      limit: 10_000,
    });
    const listed = new Set(result.rows.map((row) => row.id));
    const table = dataset.series.goods;
    const end = table.dayIndex(result.range.end);
    const small = dataset.goods.findIndex(
      (g, row) =>
        g.market === "VN" &&
        table.value("salesVolume", row, end - 1) < BREAKOUT_MIN_BASE.goodsUnitsPerDay &&
        table.value("salesVolume", row, end) > 10 * Math.max(1, table.value("salesVolume", row, end - 1)),
    );
    expect(small).toBeGreaterThanOrEqual(0);
    expect(listed.has(dataset.goods[small].id)).toBe(false);
  });

  it("rank influencers by follower growth rate from a base of followers", () => {
    const result = rankList(index, { entity: "influencers", window: "7d", market: "TH" });
    expect(result.rankType).toBe("breakout");
    for (const row of result.rows) {
      expect(row.metrics.followersAtStart as number).toBeGreaterThanOrEqual(BREAKOUT_MIN_BASE.influencerFollowers);
      expect(row.metrics.followerGrowthRate).toBeCloseTo(
        (row.metrics.followersGained as number) / (row.metrics.followersAtStart as number),
        12,
      );
    }
  });
});

describe("other list rules", () => {
  it("new goods were first seen within the last 30 days", () => {
    const result = rankList(index, { entity: "goods", rankType: "new", window: "7d", market: "VN" });
    expect(result.rows.length).toBeGreaterThan(0);
    for (const row of result.rows) {
      expect(row.metrics.firstSeenDate! > addDays(result.range.end, -NEW_GOODS_DAYS)).toBe(true);
      expect(row.metrics.firstSeenDate! > dataset.calendar.startDate).toBe(true);
    }
  });

  it("hot-promoted goods count the videos posted in the window", () => {
    const result = rankList(index, {
      entity: "goods",
      rankType: "hot-promoted",
      window: "7d",
      market: "VN",
      limit: 20,
    });
    const top = result.rows[0];
    const videos = dataset.videos.filter(
      (v, row) =>
        v.goodsId === top.id &&
        index.videoPostDay[row] >= dataset.series.goods.dayIndex(result.range.start) &&
        index.videoPostDay[row] <= dataset.series.goods.dayIndex(result.range.end),
    );
    expect(top.metrics.promotingVideos).toBe(videos.length);
    expect(top.metrics.promotingInfluencers).toBe(new Set(videos.map((v) => v.influencerId)).size);
  });

  it("commission weights goods' rates by the revenue of the influencer's videos", () => {
    const result = rankList(index, {
      entity: "influencers",
      rankType: "commission",
      window: "30d",
      market: "VN",
      limit: 5,
    });
    const top = result.rows[0];
    const goodsById = new Map(dataset.goods.map((g) => [g.id, g]));
    let revenue = 0,
      commission = 0;
    dataset.videos.forEach((v, row) => {
      if (v.influencerId !== top.id || !v.goodsId) return;
      const r = dailySum(dataset.series.videos, "revenue", row, result.range.start, result.range.end);
      revenue += r;
      commission += r * goodsById.get(v.goodsId)!.commissionRate;
    });
    expect(top.metrics.promotedRevenue).toBe(revenue);
    expect(top.metrics.weightedCommissionRate).toBeCloseTo(commission / revenue, 12);
  });

  it("filters by category, a top-level id including its leaves", () => {
    const beauty = categoryWithDescendants(dataset.categories, 1000);
    const result = rankList(index, {
      entity: "goods",
      rankType: "top-sale",
      window: "30d",
      market: "VN",
      categoryId: 1000,
    });
    const byId = new Map(dataset.goods.map((g) => [g.id, g]));
    expect(result.rows.length).toBeGreaterThan(0);
    for (const row of result.rows) expect(beauty.has(byId.get(row.id)!.categoryId)).toBe(true);
    const byCategory = rankListsByCategory(index, {
      entity: "goods",
      rankType: "top-sale",
      window: "30d",
      market: "VN",
    });
    expect(byCategory.get(1000)).toEqual(result);
    expect(byCategory.get(null)).toEqual(
      rankList(index, { entity: "goods", rankType: "top-sale", window: "30d", market: "VN" }),
    );
  });

  it("rejects unknown entities, rank types, windows, markets and categories", () => {
    const bad = (query: Partial<RankQuery>, message: RegExp) =>
      expect(() => rankList(index, { entity: "goods", window: "24h", market: "VN", ...query })).toThrow(message);
    bad({ entity: "shops" as EntityKind }, /Unknown entity 'shops'/);
    bad({ rankType: "hot" }, /Unknown rank type 'hot' for goods; use one of top-sale, breakout, new, hot-promoted/);
    bad({ window: "1y" as RankQuery["window"] }, /Unknown window '1y'/);
    bad({ market: "US" as RankQuery["market"] }, /Unknown country 'US'/);
    bad({ categoryId: 4242 }, /Unknown category 4242/);
    bad({ entity: "music", categoryId: 1000 }, /music lists have no category filter/);
    bad({ limit: 0 }, /limit must be an integer/);
    expect(() => rankList(index, { entity: "goods", window: "24h", market: "VN", rankType: "x" })).toThrow(
      RankQueryError,
    );
  });
});
