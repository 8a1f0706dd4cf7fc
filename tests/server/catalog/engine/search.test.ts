// Search: folding (Vietnamese diacritics), tokenizing (Thai n-grams), typo tolerance through
// bounded edit distance, relevance then popularity ordering, keyword limits and paging, and
// the indexes built over the demo dataset.
import { describe, expect, it } from "vitest";
import { allowedEdits, boundedEditDistance } from "../../../../server/modules/catalog/engine/search/edit-distance";
import { foldText, foldToAscii } from "../../../../server/modules/catalog/engine/search/normalize";
import { SearchKeywordError } from "../../../../server/modules/catalog/engine/search/query";
import { indexedGrams, tokenize } from "../../../../server/modules/catalog/engine/search/tokenize";
import { buildSearchIndexes, SearchIndex, type SearchDocument } from "../search-oracle";
import { smallDataset } from "./fixtures";

describe("folding and tokens", () => {
  it("strips Latin diacritics, keeps Thai marks", () => {
    expect(foldText("Áo Thun Đẹp Chống Nắng")).toBe("ao thun dep chong nang");
    expect(foldText("Kem dưỡng ẩm")).toBe("kem duong am");
    expect(foldText("ครีมกันแดด")).toBe("ครีมกันแดด".normalize("NFKD"));
    expect(foldText("ＡＢＣ１２")).toBe("abc12"); // full-width forms
    expect(foldToAscii("Nguyễn Thị.Ánh")).toBe("nguyenthianh");
  });

  it("splits Thai runs into trigrams, CJK runs into bigrams and Latin runs into words", () => {
    const tokens = tokenize(foldText("Review ครีม #tiktokป้ายยา"));
    expect(tokens.map((t) => [t.kind, t.text])).toEqual([
      ["word", "review"],
      ["ngram", "ครีม"],
      ["word", "tiktok"],
      ["ngram", "ป้ายยา".normalize("NFKD")],
    ]);
    expect(tokens[1].grams).toEqual(["ครี", "รีม"]);
    // A document indexes a Thai run's bigrams as well, so that a two-letter query finds it.
    expect(indexedGrams(tokens[1])).toEqual(["ครี", "รีม", "คร", "รี", "ีม"]);
    expect(tokenize(foldText("ดี")).map((t) => t.grams)).toEqual([["ดี"]]);
    const chinese = tokenize(foldText("手机壳"))[0];
    expect(chinese.grams).toEqual(["手机", "机壳"]);
    expect(indexedGrams(chinese)).toEqual(["手机", "机壳"]);
    expect(indexedGrams(tokens[0])).toEqual(["review"]);
  });

  it("measures bounded Damerau-Levenshtein distance", () => {
    expect(boundedEditDistance("sunscreen", "sunscreen", 2)).toBe(0);
    expect(boundedEditDistance("sunscren", "sunscreen", 2)).toBe(1);
    expect(boundedEditDistance("bleutooth", "bluetooth", 2)).toBe(1); // a swap is one edit
    expect(boundedEditDistance("kitten", "sitting", 2)).toBe(3); // really 3: reported as max + 1
    expect(boundedEditDistance("abc", "abcdefgh", 2)).toBe(3);
    expect([1, 2, 3, 5, 6, 12].map(allowedEdits)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

const DOCS: SearchDocument[] = [
  { id: "v1", market: "VN", fields: [{ text: "Review kem chống nắng sau 7 ngày #lamdep" }], popularity: 500 },
  { id: "v2", market: "VN", fields: [{ text: "Áo thun cotton form rộng" }], popularity: 9_000 },
  { id: "v3", market: "TH", fields: [{ text: "รีวิวครีมกันแดดหลังใช้ 7 วัน" }], popularity: 100 },
  { id: "v4", market: "ID", fields: [{ text: "Earphone Bluetooth murah banget" }], popularity: 50 },
  { id: "v5", market: "SG", fields: [{ text: "Sunscreen SPF50 honest review" }], popularity: 20 },
  { id: "v6", market: "SG", fields: [{ text: "Sunscreen SPF50 honest review" }], popularity: 80 },
  { id: "v7", market: "TH", fields: [{ text: "ลิปสติกเนื้อแมตต์ สีสวย" }], popularity: 10 },
  { id: "v8", market: "PH", fields: [{ text: "Sunscreen for oily skin" }], popularity: 5 },
];
const index = new SearchIndex(DOCS);
const ids = (keyword: string, market?: string) => index.search({ keyword, market }).hits.map((hit) => hit.id);

describe("SearchIndex", () => {
  it("matches with or without Vietnamese diacritics", () => {
    expect(ids("kem chong nang")).toEqual(["v1"]);
    expect(ids("Kem Chống Nắng")).toEqual(["v1"]);
    expect(ids("ao thun")).toEqual(["v2"]);
    expect(ids("áo")).toEqual(["v2"]);
  });

  it("tolerates typos: a missing letter, a swap, a wrong letter", () => {
    expect(ids("sunscren")).toEqual(["v6", "v5", "v8"]);
    expect(ids("bleutooth")).toEqual(["v4"]);
    expect(ids("earphome")).toEqual(["v4"]);
    expect(ids("cottom")).toEqual(["v2"]);
  });

  it("ranks exact matches above typo matches", () => {
    const hits = index.search({ keyword: "sunscreen oily" }).hits;
    expect(hits[0]).toEqual({ id: "v8", score: 1 });
    const typo = index.search({ keyword: "sunscren" }).hits;
    expect(typo[0].score).toBeLessThan(1);
  });

  it("finds Thai text without spaces, also inside longer runs and with a typo", () => {
    expect(ids("ครีมกันแดด")).toEqual(["v3"]);
    expect(ids("ลิปสติก")).toEqual(["v7"]);
    expect(ids("ลิปสติค")).toEqual(["v7"]); // last consonant mistyped
    expect(ids("รีวิว")).toEqual(["v3"]);
  });

  it("orders equally relevant results by popularity, then id", () => {
    const hits = index.search({ keyword: "sunscreen spf50" }).hits;
    expect(hits.map((hit) => hit.id)).toEqual(["v6", "v5"]);
    expect(hits[0].score).toBe(hits[1].score);
  });

  it("matches prefixes of the last word typed", () => {
    expect(ids("sunsc")).toEqual(["v6", "v5", "v8"]);
  });

  it("filters by market and pages", () => {
    expect(ids("sunscreen", "SG")).toEqual(["v6", "v5"]);
    const page2 = index.search({ keyword: "sunscreen", page: 2, size: 2 });
    expect(page2).toEqual({ total: 3, page: 2, size: 2, hits: [{ id: "v8", score: 1 }] });
  });

  it("rejects empty and overlong keywords with clear errors", () => {
    expect(() => index.search({ keyword: "   " })).toThrow(new SearchKeywordError("Enter a keyword to search"));
    expect(() => index.search({ keyword: "a".repeat(101) })).toThrow("Keyword must be at most 100 characters");
    expect(() => index.search({ keyword: "x".repeat(5_000) })).toThrow(SearchKeywordError);
    expect(index.search({ keyword: "ก".repeat(100) }).total).toBe(0); // 100 is fine
    expect(() => index.search({ keyword: "ok", size: 10_000 })).toThrow("size must be a whole number from 1 to 100");
    expect(() => index.search({ keyword: "ok", page: 0 })).toThrow("page must be a whole number from 1");
    expect(index.search({ keyword: "!!!" }).total).toBe(0);
  });
});

describe("demo dataset search", () => {
  const dataset = smallDataset();
  const indexes = buildSearchIndexes(dataset);

  it("finds influencers by handle, by handle without separators and by name with typos", () => {
    const influencer = dataset.influencers.find((i) => i.handle.includes(".") && i.handle.length > 8)!;
    expect(indexes.influencers.search({ keyword: `@${influencer.handle}` }).hits[0].id).toBe(influencer.id);
    expect(
      indexes.influencers.search({ keyword: influencer.handle.replace(/[._]/g, ""), size: 100 }).hits.map((h) => h.id),
    ).toContain(influencer.id);
    const vietnamese = dataset.influencers.find((i) => i.market === "VN" && /Nguyễn/.test(i.nickname))!;
    const hits = indexes.influencers.search({ keyword: "nguyn", market: "VN", size: 100 }).hits.map((h) => h.id);
    expect(hits).toContain(vietnamese.id);
  });

  it("finds videos by caption in every market's language and ranks popular ones first on ties", () => {
    for (const market of ["VN", "ID", "TH", "MY", "PH", "SG"]) {
      const video = dataset.videos.find((v) => v.market === market && v.goodsId !== null)!;
      const words = video.title.split("#")[0].trim().split(/\s+/).slice(0, 3).join(" ");
      const result = indexes.videos.search({ keyword: words, market, size: 100 });
      expect(result.hits.map((h) => h.id)).toContain(video.id);
      for (let i = 1; i < result.hits.length; i++) {
        const [a, b] = [result.hits[i - 1], result.hits[i]];
        expect(a.score).toBeGreaterThanOrEqual(b.score);
        if (a.score === b.score) {
          const views = (id: string) => dataset.videos.find((v) => v.id === id)!.stats.views;
          expect(views(a.id)).toBeGreaterThanOrEqual(views(b.id));
        }
      }
    }
  });
});
