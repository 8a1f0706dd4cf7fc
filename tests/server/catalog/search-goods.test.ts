// Product search (issue 15): GET /api/v1/search/goods finds goods by a title word (also with a
// typo) and by shop name, restricts to a market, answers the goods card, spends the search
// quota (802 for a free user after 3) and answers bad keywords with a 400 that spends nothing
// (punctuation only: no hits).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";

let t: DataTestApp;
let pro: string;

beforeAll(async () => {
  t = await openDataApp();
  pro = (await signIn(t.database, "pro")).token;
});
afterAll(() => t?.close());

const ids = (list: Array<{ id: string }>) => list.map((row) => row.id);

/** A word of `text` of at least 6 letters with two inner letters swapped (one typo). */
function withTypo(text: string): { word: string; typo: string } | undefined {
  const word = text.split(/\s+/).find((w) => /^\p{L}{6,}$/u.test(w) && w[2] !== w[3]);
  return word ? { word, typo: word.slice(0, 2) + word[3] + word[2] + word.slice(4) } : undefined;
}

describe("product search", () => {
  it("finds a product by a word of its title with a typo, answering the goods card", async () => {
    const { goods } = (await oracleSnapshot(t.database)).dataset;
    const product = goods.find((g) => withTypo(g.title))!;
    const { typo, word } = withTypo(product.title)!;
    expect(typo).not.toBe(word);
    const { code, data } = await t.client.get(
      `/api/v1/search/goods?keyword=${encodeURIComponent(typo)}&country=${product.market}&size=100`,
      pro,
    );
    expect(code).toBe(0);
    expect(ids(data.list)).toContain(product.id);
    const hit = data.list.find((row: { id: string }) => row.id === product.id);
    expect(hit).toMatchObject({ title: product.title, market: product.market, shop_id: product.shopId });
    expect(hit.score).toBeGreaterThan(0);
    expect(data.list.every((row: { market: string }) => row.market === product.market)).toBe(true);
  });

  it("finds a shop's goods by the shop name, ranked below title matches", async () => {
    const { goods, shops } = (await oracleSnapshot(t.database)).dataset;
    const shop = shops.find((s) => goods.some((g) => g.shopId === s.id))!;
    const { data } = await t.client.get(
      `/api/v1/search/goods?keyword=${encodeURIComponent(shop.name)}&country=${shop.market}&size=100`,
      pro,
    );
    const ofShop = goods.filter((g) => g.shopId === shop.id).map((g) => g.id);
    expect(ids(data.list)).toEqual(expect.arrayContaining(ofShop.slice(0, 100)));
    const scores = data.list.map((row: { score: number }) => row.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("answers clear 400s for bad keywords, and a free user gets 802 after 3 searches", async () => {
    for (const [query, message] of [
      ["keyword=", /Enter a keyword/],
      [`keyword=${"a".repeat(101)}`, /at most 100 characters/],
      ["keyword=a&country=US", /country/],
      [`keyword=${"x".repeat(5_000)}`, /at most 100 characters/],
      [`keyword=${"x".repeat(10_001)}`, /keyword/],
    ] as const) {
      const answer = await t.client.get(`/api/v1/search/goods?${query}`, pro);
      expect(answer.status, query).toBe(400);
      expect(answer.msg).toMatch(message);
    }
    for (const keyword of ["!!!", "' | & :* \\"]) {
      const answer = await t.client.get(`/api/v1/search/goods?keyword=${encodeURIComponent(keyword)}`, pro);
      expect(answer, keyword).toMatchObject({ status: 200, code: 0, data: { list: [], total: 0 } });
    }
    const { token } = await signIn(t.database, "free");
    expect((await t.client.get("/api/v1/search/goods?keyword=", token)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await t.client.get("/api/v1/search/goods?keyword=serum", token)).code).toBe(0);
    expect((await t.client.get("/api/v1/search/goods?keyword=serum", token)).code).toBe(802);
    expect((await t.client.get("/api/v1/search/goods?keyword=serum")).code).toBe(401);
  });
});
