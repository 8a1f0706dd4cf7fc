// NDJSON import lines: normalized records for good lines, a line number and a reason for bad
// ones; streaming with blank lines; building a dataset reports dangling references and dates
// outside the calendar, and loading the same lines twice changes nothing.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildDataset } from "../../../../server/modules/catalog/engine/dataset/build-dataset";
import { calendarEndingOn } from "../../../../server/modules/catalog/engine/dataset/dataset";
import { datasetHash } from "../../../../server/modules/catalog/engine/dataset/hash";
import type { ImportRecord } from "../../../../server/modules/catalog/engine/import/format";
import { readImportLines } from "../../../../server/modules/catalog/engine/import/read-lines";
import { validateImportLine, type LineResult } from "../../../../server/modules/catalog/engine/import/validate-line";

const line = (value: unknown) => JSON.stringify(value);
const reason = (value: unknown) => {
  const result = validateImportLine(typeof value === "string" ? value : line(value), 7);
  if (result.ok) throw new Error("expected a bad line");
  expect(result.line).toBe(7);
  return result.reason;
};

const GOODS = {
  type: "goods",
  id: "g1",
  market: "VN",
  shopId: "s1",
  categoryId: 1001,
  title: "  Áo thun  ",
  price: 14_900_000,
};

describe("validateImportLine", () => {
  it("normalizes good lines and fills documented defaults", () => {
    expect(validateImportLine(line(GOODS), 1)).toEqual({
      ok: true,
      line: 1,
      record: {
        type: "goods",
        id: "g1",
        market: "VN",
        shopId: "s1",
        categoryId: 1001,
        title: "Áo thun",
        price: 14_900_000,
        commissionRate: 0,
        variants: [],
      },
    });
    const video = validateImportLine(
      line({
        type: "video",
        id: "v1",
        market: "TH",
        influencerId: "i1",
        title: "รีวิว #ป้ายยา",
        postedAt: "2025-03-01T20:15:00+07:00",
        durationSeconds: 31,
      }),
      2,
    );
    expect(video.ok && video.record).toMatchObject({
      postedAt: "2025-03-01T13:15:00.000Z",
      goodsId: null,
      musicId: null,
      hashtagIds: [],
    });
    const category = validateImportLine(line({ type: "category", id: 9001, names: { en: "Pets", th: "สัตว์เลี้ยง" } }), 3);
    expect(category.ok && category.record).toEqual({
      type: "category",
      id: 9001,
      parentId: null,
      names: { zh: "Pets", en: "Pets", vi: "Pets", id: "Pets", th: "สัตว์เลี้ยง" },
    });
    const hashtag = validateImportLine(line({ type: "hashtag", id: "h1", market: "ID", name: "#racun" }), 4);
    expect(hashtag.ok && hashtag.record).toEqual({ type: "hashtag", id: "h1", market: "ID", name: "racun" });
    const daily = validateImportLine(
      line({ type: "daily", entity: "video", id: "v1", date: "2025-03-01", metrics: { views: 10, revenue: 4_500 } }),
      5,
    );
    expect(daily.ok && daily.record).toEqual({
      type: "daily",
      entity: "video",
      id: "v1",
      date: "2025-03-01",
      metrics: { views: 10, revenue: 4_500 },
    });
  });

  it("says why a line is bad", () => {
    expect(reason("{not json")).toMatch(/^not valid JSON/);
    expect(reason("[1,2]")).toBe("line must be a JSON object");
    expect(reason({ id: "x" })).toBe(
      "type is required: one of market, category, shop, goods, influencer, video, music, hashtag, daily, link",
    );
    expect(reason({ type: "product" })).toMatch(/^type 'product' is not one of/);
    expect(reason({ ...GOODS, price: 12.5 })).toBe("goods: price must be a whole number of cents >= 0");
    expect(reason({ ...GOODS, commissionRate: 15 })).toBe(
      "goods: commissionRate must be a fraction from 0 to 1 (0.1 = 10 %)",
    );
    expect(reason({ ...GOODS, market: "US" })).toBe("goods: market must be one of VN, ID, TH, MY, PH, SG");
    // eslint-disable-next-line no-loss-of-precision -- the lost digits are what this case is about
    expect(reason({ ...GOODS, id: 7301234567890123456 })).toBe(
      "goods: id must be a string (long numeric ids lose digits as JSON numbers)",
    );
    expect(reason({ ...GOODS, titel: "typo" })).toBe("goods: titel is not a known field");
    const { shopId: _, ...noShop } = GOODS;
    expect(reason(noShop)).toBe("goods: shopId is required");
    expect(reason({ ...GOODS, title: "x".repeat(501) })).toBe("goods: title must be at most 500 characters");
    expect(reason({ ...GOODS, variants: [{ sku: "a", name: "M" }] })).toBe("goods: variants[0].price is required");
    expect(
      reason({
        type: "video",
        id: "v1",
        market: "VN",
        influencerId: "i1",
        title: "t",
        postedAt: "yesterday",
        durationSeconds: 3,
      }),
    ).toBe("video: postedAt must be an ISO-8601 time with a zone, like 2024-05-01T13:45:00Z");
    expect(reason({ type: "daily", entity: "video", id: "v1", date: "2025-02-30", metrics: { views: 1 } })).toBe(
      "daily: date must be a date like 2024-05-01",
    );
    expect(
      reason({ type: "daily", entity: "goods", id: "g1", date: "2025-03-01", metrics: { followersGained: 1 } }),
    ).toBe("daily: metrics.followersGained is not a goods metric; use salesVolume, revenue, views, likes, comments");
    expect(reason({ type: "daily", entity: "goods", id: "g1", date: "2025-03-01", metrics: { views: -3 } })).toBe(
      "daily: metrics.views must be from 0 to 9007199254740991",
    );
    expect(reason({ type: "daily", entity: "goods", id: "g1", date: "2025-03-01", metrics: {} })).toMatch(
      /^daily: metrics must name at least one of/,
    );
    expect(reason({ type: "daily", entity: "shop", id: "s1", date: "2025-03-01", metrics: { views: 1 } })).toBe(
      "daily: entity must be one of goods, influencer, video, music, hashtag",
    );
    expect(reason({ type: "link", relation: "video-goods", influencerId: "i1", goodsId: "g1" })).toBe(
      "link: relation must be one of influencer-goods",
    );
    expect(reason({ type: "category", id: 1, names: { de: "Sachen" } })).toBe(
      "category: names.de is not a locale; use zh, en, vi, id, th",
    );
    expect(reason("x".repeat(100_001))).toBe("line is longer than 100000 characters");
  });
});

describe("readImportLines", () => {
  it("numbers lines from 1, skips blank ones and keeps going after bad ones", async () => {
    const text = ["\uFEFF" + line(GOODS), "", "{broken", "   ", line({ ...GOODS, id: "g2" })].join("\r\n");
    const results: LineResult[] = [];
    for await (const result of readImportLines(Readable.from([text]))) results.push(result);
    expect(results.map((r) => [r.line, r.ok])).toEqual([
      [1, true],
      [3, false],
      [5, true],
    ]);
  });
});

describe("buildDataset from import records", () => {
  const calendar = calendarEndingOn("2025-03-14", 30);
  const records: ImportRecord[] = [
    {
      type: "category",
      id: 1000,
      parentId: null,
      names: { zh: "美妆", en: "Beauty", vi: "Làm đẹp", id: "Kecantikan", th: "ความงาม" },
    },
    {
      type: "category",
      id: 1001,
      parentId: 1000,
      names: { zh: "护肤", en: "Skincare", vi: "Chăm sóc da", id: "Perawatan Kulit", th: "ดูแลผิว" },
    },
    { type: "shop", id: "s1", market: "VN", name: "Lumiere Official Store", categoryId: 1001 },
    {
      type: "goods",
      id: "g1",
      market: "VN",
      shopId: "s1",
      categoryId: 1001,
      title: "Kem chống nắng",
      price: 19_900_000,
      commissionRate: 0.1,
      variants: [],
    },
    {
      type: "goods",
      id: "g2",
      market: "VN",
      shopId: "s404",
      categoryId: 1001,
      title: "Serum",
      price: 9_900_000,
      commissionRate: 0.1,
      variants: [],
    },
    {
      type: "influencer",
      id: "i1",
      market: "VN",
      handle: "linh.review",
      nickname: "Linh Review",
      bio: "",
      categoryId: 1001,
      initialFollowers: 1_000,
      price: 0,
    },
    {
      type: "video",
      id: "v1",
      market: "VN",
      influencerId: "i1",
      goodsId: "g1",
      musicId: null,
      hashtagIds: ["h404"],
      title: "Review",
      postedAt: "2025-03-10T12:00:00.000Z",
      durationSeconds: 20,
    },
    { type: "daily", entity: "goods", id: "g1", date: "2025-03-13", metrics: { salesVolume: 2, revenue: 39_800_000 } },
    { type: "daily", entity: "goods", id: "g1", date: "2025-03-14", metrics: { salesVolume: 3, revenue: 59_700_000 } },
    { type: "daily", entity: "goods", id: "g1", date: "2025-03-14", metrics: { views: 300 } },
    { type: "daily", entity: "goods", id: "g1", date: "2025-03-20", metrics: { salesVolume: 1 } },
    { type: "daily", entity: "influencer", id: "i1", date: "2025-03-14", metrics: { followersGained: 25 } },
    { type: "daily", entity: "video", id: "v999", date: "2025-03-14", metrics: { views: 5 } },
    { type: "link", relation: "influencer-goods", influencerId: "i1", goodsId: "g2" },
  ];

  it("derives totals and reports problems without dropping good records", () => {
    const { dataset, problems } = buildDataset(records, calendar);
    expect(problems).toEqual([
      { subject: "daily goods g1 2025-03-20", reason: "date outside 2025-02-13..2025-03-14" },
      { subject: "goods g2", reason: "unknown shop s404" },
      { subject: "video v1", reason: "unknown hashtag h404" },
      { subject: "daily video v999", reason: "no video with this id" },
    ]);
    const goods = dataset.goods.find((g) => g.id === "g1")!;
    expect(goods.stats).toMatchObject({
      totalSales: 5,
      totalRevenue: 99_500_000,
      views: 300,
      firstSeenDate: "2025-03-13",
      relatedVideos: 1,
      relatedInfluencers: 1,
    });
    expect(dataset.influencers[0].stats).toMatchObject({
      followers: 1_025,
      productCount: 2,
      postedCount: 1,
      videoCount: 1,
    });
    expect(dataset.shops[0].stats).toEqual({ goodsCount: 1, totalSales: 5, totalRevenue: 99_500_000 });
  });

  it("is idempotent: the same lines twice give the same dataset", () => {
    const once = buildDataset(records, calendar).dataset;
    const twice = buildDataset([...records, ...records], calendar).dataset;
    expect(datasetHash(twice)).toBe(datasetHash(once));
  });
});
