// Rank list sort and range filters (issue 15): every row of a filtered list is inside the
// ranges and the rows follow the sort (nulls last); a view sorts and filters only the rows the
// plan shows (a visitor's top 10 in rank order), so no sort reveals more; paging continues the view; the body
// cache keeps views apart; bad values are 400s naming the valid ones.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";

let t: DataTestApp;
let pro: string;

beforeAll(async () => {
  t = await openDataApp();
  pro = (await signIn(t.database, "pro")).token;
});
afterAll(() => t?.close());

type Row = Record<string, number | string | null>;

async function allRows(query: string, token = pro): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const { code, data } = await t.client.get(`/api/v1/rank/goods?${query}&size=100&page=${page}`, token);
    expect(code).toBe(0);
    rows.push(...data.list);
    if (data.list.length < 100) return rows;
  }
}

describe("rank list sort and filters", () => {
  it("filters goods by price and sales ranges and sorts by price ascending", async () => {
    const everything = await allRows("window=30d&country=VN");
    const prices = everything.map((r) => r.price as number).sort((a, b) => a - b);
    const [low, high] = [prices[Math.floor(prices.length / 4)], prices[Math.floor((prices.length * 3) / 4)]];
    const view = await allRows(
      `window=30d&country=VN&sort=price&order=asc&min_price=${low}&max_price=${high}&min_sales=1`,
    );
    const expected = everything.filter(
      (r) => (r.price as number) >= low && (r.price as number) <= high && (r.sales_volume as number) >= 1,
    );
    expect(view.length).toBe(expected.length);
    expect(view.length).toBeGreaterThan(0);
    expect(view.length).toBeLessThan(everything.length);
    expect(new Set(view.map((r) => r.id))).toEqual(new Set(expected.map((r) => r.id)));
    const viewPrices = view.map((r) => r.price as number);
    expect(viewPrices).toEqual([...viewPrices].sort((a, b) => a - b));
  });

  it("sorts by sales growth descending with rows without growth last, and rank asc reverses the rank order", async () => {
    const rows = await allRows("window=7d&country=VN&rank_type=breakout&sort=sales_growth");
    const growth = rows.map((r) => r.sales_growth);
    const known = growth.filter((g): g is number => typeof g === "number");
    expect(known.length).toBeGreaterThan(1);
    expect(growth.slice(0, known.length)).toEqual([...known].sort((a, b) => b - a));
    expect(growth.slice(known.length).every((g) => g === null || g === undefined)).toBe(true);
    const reversed = await allRows("window=7d&country=VN&rank_type=top-sale&order=asc");
    expect(reversed.map((r) => r.rank)).toEqual(
      [...reversed.map((r) => r.rank)].sort((a, b) => (b as number) - (a as number)),
    );
  });

  it("sorts only the rows the plan shows: a visitor's view is their top 10 of the rank order, re-sorted", async () => {
    const rankOrder = await allRows("window=24h&country=VN");
    const topTen = rankOrder.slice(0, 10);
    const byPrice = [...topTen].sort((a, b) => (b.price as number) - (a.price as number));
    const visitor = await t.client.get("/api/v1/rank/goods?window=24h&country=VN&sort=price&order=desc&size=20");
    expect(visitor.data.limited).toBe(true);
    expect(visitor.data.list.map((r: Row) => r.id)).toEqual(byPrice.map((r) => r.id));
    // The whole list sorted by price starts elsewhere: the visitor's view revealed nothing more.
    const everyRowByPrice = await allRows("window=24h&country=VN&sort=price&order=desc");
    expect(everyRowByPrice.slice(0, 10).map((r) => r.id)).not.toEqual(byPrice.map((r) => r.id));
    // The same list unsorted (its cached body) is the rank order, not the sorted one.
    const plain = await t.client.get("/api/v1/rank/goods?window=24h&country=VN&size=20");
    expect(plain.data.list.map((r: Row) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("answers 400s naming the valid values", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["goods", "sort=nickname", /sort 'nickname' is not a figure of goods; use one of rank, .*price/],
      ["goods", "sort=price&order=up", /order/],
      ["goods", "min_price=abc", /min_price/],
      ["goods", "min_price=10&max_price=5", /min_price must not be above max_price/],
      ["music", "min_price=1", /music lists have no price filter; use min_growth, max_growth/],
      ["influencers", "max_price=1", /influencers lists have no price filter; use min_sales/],
    ];
    for (const [entity, query, message] of cases) {
      const answer = await t.client.get(`/api/v1/rank/${entity}?${query}`, pro);
      expect(answer.status, query).toBe(400);
      expect(answer.msg).toMatch(message);
    }
  });
});
