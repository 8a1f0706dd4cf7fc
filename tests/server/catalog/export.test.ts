// Catalog CSV exports (issue 15): a Premium user's rank export holds, with a BOM and a header
// row, exactly the rows the rank route shows for the same sorted and filtered query (cut to the
// plan); favourites and trend exports; visitors 401 and free users 803 as JSON envelopes; a bad
// query is a 400 before anything is spent.
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dataset } from "../../../server/modules/catalog/engine";
import { API_HEADERS } from "../helpers/app";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";

const PREMIUM_ROWS = 25;
let t: DataTestApp;
let premium: string;
let basic: string;
let dataset: Dataset;

beforeAll(async () => {
  // Premium shows 25 rows of a list here, so the cut to the plan is visible at the test scale.
  t = await openDataApp({ PLAN_MATRIX: JSON.stringify({ premium: { listRows: PREMIUM_ROWS } }) });
  premium = (await signIn(t.database, "premium")).token;
  basic = (await signIn(t.database, "basic")).token;
  dataset = (await oracleSnapshot(t.database)).dataset;
});
afterAll(() => t?.close());

async function download(url: string, token?: string) {
  const response = await t.app.inject({
    method: "GET",
    url,
    headers: { ...API_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return response;
}

function table(body: string): { header: string[]; rows: string[][] } {
  expect(body.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows]: string[][] = parse(body.slice(1));
  return { header, rows };
}

async function shownRows(query: string, token: string) {
  const rows: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const { data } = await t.client.get(`/api/v1/rank/goods?${query}&size=100&page=${page}`, token);
    rows.push(...data.list);
    if (data.list.length < 100) return rows;
  }
}

describe("rank list export", () => {
  it("downloads the rows the list shows, sorted and filtered, with a header row", async () => {
    const query = "window=7d&country=VN&rank_type=top-sale&sort=price&order=asc&min_sales=1";
    const response = await download(`/api/v1/export/rank/goods?${query}`, premium);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="shopradar-goods-top-sale-VN-7d.csv"');
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const { header, rows } = table(response.body);
    expect(header.slice(0, 3)).toEqual(["rank", "rank_change", "id"]);
    expect(header).toEqual(expect.arrayContaining(["title", "market", "currency", "price", "sales_volume", "revenue"]));
    expect(header.some((name) => name.includes("cover"))).toBe(false);
    const shown = await shownRows(query, premium);
    expect(rows.length).toBe(shown.length);
    const column = (name: string) => header.indexOf(name);
    expect(rows.map((row) => row[column("id")])).toEqual(shown.map((row) => row.id));
    expect(rows.map((row) => Number(row[column("price")]))).toEqual(shown.map((row) => row.price));
    expect(rows.every((row) => row[column("currency")] === "VND")).toBe(true);
    expect(rows.map((row) => row[column("title")])).toEqual(shown.map((row) => row.title));
  });

  it("cuts the file to the plan's rows; Basic has no export (803)", async () => {
    const { rows } = table((await download("/api/v1/export/rank/videos?window=7d&country=VN", premium)).body);
    const { data } = await t.client.get("/api/v1/rank/videos?window=7d&country=VN&size=1", premium);
    expect(data.total).toBeGreaterThan(PREMIUM_ROWS);
    expect(rows.length).toBe(PREMIUM_ROWS);
    const refused = await download("/api/v1/export/rank/goods?window=7d&country=VN", basic);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 803 });
  });

  it("refuses visitors (401) and free users (803) with JSON, and bad queries with a 400", async () => {
    const visitor = await download("/api/v1/export/rank/goods?window=7d");
    expect(visitor.json()).toMatchObject({ code: 401 });
    const { token } = await signIn(t.database, "free");
    const free = await download("/api/v1/export/rank/goods?window=7d", token);
    expect(free.json()).toMatchObject({ code: 803 });
    for (const url of [
      "/api/v1/export/favourites?type=goods",
      `/api/v1/export/trend/goods/${dataset.goods[0].id}?days=7`,
    ]) {
      expect((await download(url, token)).json(), url).toMatchObject({ code: 803 });
      expect((await download(url)).json(), url).toMatchObject({ code: 401 });
    }
    const bad = await download("/api/v1/export/rank/goods?sort=nope", premium);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/sort 'nope' is not a figure of goods/);
    expect((await download("/api/v1/export/favourites?type=shops", premium)).statusCode).toBe(400);
  });
});

describe("favourites and trend exports", () => {
  it("exports the user's favourites of one type, newest first, with their cards", async () => {
    const { token } = await signIn(t.database, "premium");
    const [first, second] = dataset.goods;
    for (const goods of [first, second]) {
      expect(
        (await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token, body: { type: "goods", id: goods.id } }))
          .code,
      ).toBe(0);
    }
    await t.client.call("PUT", "/api/v1/tikmeta/portal/like", {
      token,
      body: { type: "influencer", id: dataset.influencers[0].id },
    });
    const response = await download("/api/v1/export/favourites?type=goods", token);
    expect(response.headers["content-disposition"]).toBe('attachment; filename="shopradar-favourites-goods.csv"');
    const { header, rows } = table(response.body);
    expect(header.slice(0, 4)).toEqual(["id", "favourited_at", "available", "title"]);
    expect(rows.map((row) => row[0]).sort()).toEqual([first.id, second.id].sort());
    expect(rows[0][header.indexOf("title")]).toBe([first, second].find((g) => g.id === rows[0][0])!.title);
    expect(rows.every((row) => /^\d{4}-\d{2}-\d{2}T/.test(row[1]) && row[2] === "true")).toBe(true);
    // Another user's file holds none of them.
    expect(table((await download("/api/v1/export/favourites?type=goods", premium)).body).rows).toEqual([]);
  });

  it("exports music and hashtag favourites with their cards", async () => {
    const { token } = await signIn(t.database, "premium");
    const { music, hashtags } = dataset;
    await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token, body: { type: "music", id: music[0].id } });
    await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token, body: { type: "hashtag", id: hashtags[0].id } });
    const songs = table((await download("/api/v1/export/favourites?type=music", token)).body);
    expect(songs.header).toEqual(expect.arrayContaining(["id", "title", "author", "market", "currency"]));
    expect(songs.rows.map((row) => [row[0], row[songs.header.indexOf("title")]])).toEqual([
      [music[0].id, music[0].title],
    ]);
    const tags = table((await download("/api/v1/export/favourites?type=hashtags", token)).body);
    expect(tags.rows.map((row) => [row[0], row[tags.header.indexOf("name")]])).toEqual([
      [hashtags[0].id, hashtags[0].name],
    ]);
  });

  it("exports a trend with the trend route's figures and range rules", async () => {
    const goods = dataset.goods[3];
    const response = await download(`/api/v1/export/trend/goods/${goods.id}?days=15`, premium);
    expect(response.statusCode).toBe(200);
    const { header, rows } = table(response.body);
    const { data } = await t.client.get(`/api/v1/goods/${goods.id}/trend?days=15`, premium);
    expect(header.slice(0, 2)).toEqual(["date", "currency"]);
    expect(rows.map((row) => row[0])).toEqual(data.points.map((p: { date: string }) => p.date));
    expect(rows.length).toBe(15);
    for (const figure of header.slice(2)) {
      expect(
        rows.map((row) => Number(row[header.indexOf(figure)])),
        figure,
      ).toEqual(data.points.map((p: Record<string, number>) => p[figure]));
    }
    expect((await download(`/api/v1/export/trend/goods/${goods.id}?days=8`, premium)).statusCode).toBe(400);
    expect((await download(`/api/v1/export/trend/goods/NOPE?days=7`, premium)).statusCode).toBe(404);
  });
});
