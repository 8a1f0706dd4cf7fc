// The demo dataset: determinism, sizes at scale 1, realistic shapes, local-language text,
// local image paths, and totals that equal the sums of their daily series.
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import type { Dataset } from "../../../../server/modules/catalog/engine/dataset/dataset";
import { buildDataset } from "../../../../server/modules/catalog/engine/dataset/build-dataset";
import { datasetHash } from "../../../../server/modules/catalog/engine/dataset/hash";
import { datasetRecords, inBatches, iterateLinks } from "../../../../server/modules/catalog/engine/dataset/records";
import { generateDataset } from "../../../../server/modules/catalog/engine/generate/generate-dataset";
import { validateImportLine } from "../../../../server/modules/catalog/engine/import/validate-line";
import { ENTITY_KINDS } from "../../../../server/modules/catalog/engine/model/entities";
import { MARKETS } from "../../../../server/modules/catalog/engine/model/markets";
import type { SeriesTable } from "../../../../server/modules/catalog/engine/series/series-table";
import { smallDataset, TODAY } from "./fixtures";

function sumDaily(table: SeriesTable, metric: string, row: number, fromDay = 0, toDay = table.days - 1): number {
  return table
    .daily(metric, row)
    .slice(fromDay, toDay + 1)
    .reduce((a, b) => a + b, 0);
}

describe("generateDataset at scale 1", () => {
  let dataset: Dataset;
  it("generates the issue's sizes well within the time budget", () => {
    const started = performance.now();
    dataset = generateDataset({ seed: 42, scale: 1, today: TODAY });
    const elapsed = performance.now() - started;
    console.log(`demo dataset at scale 1 generated in ${elapsed.toFixed(0)} ms`);
    expect(dataset.goods).toHaveLength(10_000);
    expect(dataset.influencers).toHaveLength(3_000);
    expect(dataset.videos).toHaveLength(20_000);
    expect(dataset.music).toHaveLength(500);
    expect(dataset.hashtags).toHaveLength(1_000);
    expect(dataset.categories.length).toBeGreaterThanOrEqual(20);
    expect(dataset.calendar).toEqual({ startDate: "2025-01-14", endDate: "2025-03-14", days: 60 });
    for (const kind of ENTITY_KINDS) expect(dataset.series[kind].rows).toBe(dataset[kind].length);
  });

  it("has long-tailed sales and followers", () => {
    const sales = dataset.goods.map((g) => g.stats.totalSales).sort((a, b) => b - a);
    const total = sales.reduce((a, b) => a + b, 0);
    const topPercent = sales.slice(0, 100).reduce((a, b) => a + b, 0);
    expect(topPercent / total).toBeGreaterThan(0.2); // the top 1 % sells over a fifth
    const followers = dataset.influencers.map((i) => i.stats.followers).sort((a, b) => a - b);
    expect(followers.at(-1)! / followers[1_500]).toBeGreaterThan(100);
  });

  it("is identical for the same seed and different for another", () => {
    const again = generateDataset({ seed: 42, scale: 1, today: TODAY });
    expect(datasetHash(again)).toBe(datasetHash(dataset));
    const other = generateDataset({ seed: 43, scale: 0.05, today: TODAY });
    const sameSmall = generateDataset({ seed: 42, scale: 0.05, today: TODAY });
    expect(datasetHash(other)).not.toBe(datasetHash(sameSmall));
  });
});

describe("demo dataset contents", () => {
  const dataset = smallDataset();

  it("covers six markets with their currencies and scales counts", () => {
    expect(dataset.markets.map((m) => [m.code, m.currency])).toEqual([
      ["VN", "VND"],
      ["ID", "IDR"],
      ["TH", "THB"],
      ["MY", "MYR"],
      ["PH", "PHP"],
      ["SG", "SGD"],
    ]);
    expect(dataset.goods).toHaveLength(2_000);
    expect(dataset.videos).toHaveLength(4_000);
    for (const market of MARKETS) expect(dataset.goods.some((g) => g.market === market.code)).toBe(true);
  });

  it("gives every category names in zh, en, vi, id and th", () => {
    for (const category of dataset.categories) {
      expect(Object.keys(category.names).sort()).toEqual(["en", "id", "th", "vi", "zh"]);
    }
  });

  it("writes titles in each market's language", () => {
    const titles = (market: string) =>
      dataset.goods
        .filter((g) => g.market === market)
        .map((g) => g.title)
        .join(" ");
    expect(titles("VN")).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/u);
    expect(titles("TH")).toMatch(/[\u0e00-\u0e7f]/u);
    expect(titles("ID")).toMatch(/\b(Original|Murah|Terlaris|Wanita|Celana|Sepatu)\b/);
    expect(dataset.videos.find((v) => v.market === "TH" && v.goodsId)!.title).toMatch(/[\u0e00-\u0e7f]/u);
    const captions = dataset.videos.filter((v) => v.hashtagIds.length > 0);
    expect(captions.every((v) => v.title.includes("#"))).toBe(true);
    expect(new Set(dataset.influencers.map((i) => i.handle)).size).toBe(dataset.influencers.length);
    expect(dataset.influencers.every((i) => /^[a-z0-9._]+$/.test(i.handle))).toBe(true);
  });

  it("uses only local image paths", () => {
    const images = [
      ...dataset.goods,
      ...dataset.influencers,
      ...dataset.videos,
      ...dataset.music,
      ...dataset.shops,
    ].flatMap((entity) => Object.values(entity.images));
    expect(images.length).toBeGreaterThan(0);
    for (const path of images) expect(path).toMatch(/^\/api\/v1\/images\/[a-z-]+\/[A-Za-z0-9_.:-]+\.webp$/);
    const video = dataset.videos[0];
    expect(Object.keys(video.images).sort()).toEqual([
      "authorAvatarLargerPrivatization",
      "coverLarge",
      "coverLargePrivatization",
      "originCover",
      "originCoverPrivatization",
    ]);
    expect(video.images.authorAvatarLargerPrivatization).toBe(`/api/v1/images/influencer/${video.influencerId}.webp`);
  });

  it("derives every total from the daily series", () => {
    const s = dataset.series;
    const last30 = [s.goods.days - 30, s.goods.days - 1] as const;
    dataset.goods.slice(0, 200).forEach((g, row) => {
      expect(g.stats.totalSales).toBe(sumDaily(s.goods, "salesVolume", row));
      expect(g.stats.totalRevenue).toBe(sumDaily(s.goods, "revenue", row));
      expect(g.stats.views).toBe(sumDaily(s.goods, "views", row));
      expect(g.stats.estimatedSalesVolume).toBe(sumDaily(s.goods, "salesVolume", row, ...last30));
      expect(g.stats.estimatedSalesAmount).toBe(sumDaily(s.goods, "revenue", row, ...last30));
      expect(g.stats.commission).toBe(Math.round(g.price * g.commissionRate));
    });
    dataset.influencers.slice(0, 200).forEach((i, row) => {
      expect(i.stats.followers).toBe(i.initialFollowers + sumDaily(s.influencers, "followersGained", row));
      expect(i.stats.playCount).toBe(sumDaily(s.influencers, "views", row));
      expect(i.stats.totalSales).toBe(sumDaily(s.influencers, "salesVolume", row));
    });
    dataset.videos.slice(0, 300).forEach((v, row) => {
      expect(v.stats.views).toBe(sumDaily(s.videos, "views", row));
      expect(v.stats.revenue).toBe(sumDaily(s.videos, "revenue", row));
      if (v.stats.views > 0)
        expect(v.stats.engagementRate).toBeCloseTo(
          (v.stats.likes + v.stats.comments + v.stats.shares) / v.stats.views,
          12,
        );
    });
    dataset.music.forEach((m, row) => expect(m.stats.uses).toBe(sumDaily(s.music, "uses", row)));
  });

  it("makes an influencer's daily views the sum of their videos' and revenue units x price", () => {
    const row = dataset.influencers.findIndex((i) => i.stats.videoCount >= 3);
    const influencer = dataset.influencers[row];
    const videoRows = dataset.videos.flatMap((v, r) => (v.influencerId === influencer.id ? [r] : []));
    expect(videoRows).toHaveLength(influencer.stats.videoCount);
    const fromVideos = dataset.series.influencers
      .daily("views", row)
      .map((_, day) => videoRows.reduce((sum, r) => sum + dataset.series.videos.value("views", r, day), 0));
    expect(dataset.series.influencers.daily("views", row)).toEqual(fromVideos);
    const sold = dataset.videos.findIndex((v) => v.stats.salesVolume > 0);
    expect(dataset.videos[sold].stats.revenue).toBe(
      dataset.videos[sold].stats.salesVolume * dataset.videos[sold].stats.estimatedPrice!,
    );
  });

  it("has goods and videos appearing mid-window and nothing active before it", () => {
    const start = dataset.calendar.startDate;
    const late = dataset.goods.filter((g) => g.stats.firstSeenDate !== null && g.stats.firstSeenDate > start);
    expect(late.length / dataset.goods.length).toBeGreaterThan(0.1);
    const row = dataset.goods.indexOf(late[0]);
    const firstDay = dataset.series.goods.dayIndex(late[0].stats.firstSeenDate!);
    expect(dataset.series.goods.sum("salesVolume", row, 0, firstDay - 1)).toBe(0);
    const video = dataset.videos.findIndex((v) => v.postedAt > `${dataset.calendar.startDate}T23:59`);
    expect(video).toBeGreaterThanOrEqual(0);
  });

  it("links every video to an influencer of its market, and goods to shops", () => {
    const byId = new Map(dataset.influencers.map((i) => [i.id, i]));
    for (const video of dataset.videos) expect(byId.get(video.influencerId)!.market).toBe(video.market);
    const shops = new Set(dataset.shops.map((s) => s.id));
    for (const goods of dataset.goods) expect(shops.has(goods.shopId)).toBe(true);
    const relations = new Set([...iterateLinks(dataset)].map((link) => link.relation));
    expect([...relations].sort()).toEqual([
      "goods-shop",
      "influencer-goods",
      "video-goods",
      "video-hashtag",
      "video-influencer",
      "video-music",
    ]);
  });

  it("streams as valid import records in batches and builds back to the same dataset", () => {
    let lines = 0;
    for (const batch of inBatches(datasetRecords(dataset), 5_000)) {
      expect(batch.length).toBeLessThanOrEqual(5_000);
      for (const record of batch) {
        const result = validateImportLine(JSON.stringify(record), ++lines);
        if (!result.ok) throw new Error(`line ${lines}: ${result.reason}`);
        if (!isDeepStrictEqual(result.record, record)) expect(result.record).toEqual(record);
      }
    }
    const { dataset: rebuilt, problems } = buildDataset(datasetRecords(dataset), dataset.calendar);
    expect(problems).toEqual([]);
    expect(datasetHash(rebuilt)).toBe(datasetHash(dataset));
  });
});
