// Music and hashtag details through the API: the page's blocks derived from the videos using the
// sound or tag (top videos, their goods and authors), the hot-list rank history, the usage trend
// agreeing with the 7d rank list (and its CSV export), the free daily detail quota (801) and a
// JSON 404 for unknown ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, type Dataset } from "../../../server/modules/catalog/engine";
import { API_HEADERS } from "../helpers/app";
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

describe.each([
  ["music", (v: { musicId: string | null }, id: string) => v.musicId === id],
  ["hashtags", (v: { hashtagIds: string[] }, id: string) => v.hashtagIds.includes(id)],
] as const)("%s detail", (kind, uses) => {
  it("lists the most viewed videos using it, their goods and authors, and its rank history", async () => {
    const top = (await get(`/api/v1/rank/${kind}?window=24h&size=1`)).data.list[0];
    const { status, data } = await get(`/api/v1/${kind}/${top.id}`);
    expect(status).toBe(200);
    expect(data.overview).toMatchObject({ id: top.id, market: top.market });
    expect(data.overview).toHaveProperty("uses");
    expect(data.overview).toHaveProperty("growth");

    const videos = dataset.videos;
    const using = videos.filter((v) => (uses as (v: unknown, id: string) => boolean)(v, top.id));
    expect(data.overview.related_videos).toBe(using.length);
    const expected = [...using].sort((a, b) => b.stats.views - a.stats.views).slice(0, 10);
    expect(data.top_videos.map((v: { views: number }) => v.views)).toEqual(expected.map((v) => v.stats.views));
    const ids = new Set(using.map((v) => v.id));
    expect(data.top_videos.every((v: { id: string }) => ids.has(v.id))).toBe(true);
    const goods = new Set(using.map((v) => v.goodsId));
    expect(data.related_goods.every((g: { id: string }) => goods.has(g.id))).toBe(true);
    const authors = new Set(using.map((v) => v.influencerId));
    expect(data.related_influencers.length).toBeGreaterThan(0);
    expect(data.related_influencers.every((i: { id: string }) => authors.has(i.id))).toBe(true);

    expect(data.rank_history).toHaveLength(30);
    expect(data.rank_history.at(-1)).toEqual({ date: end, rank: 1 });
  });

  it("has a usage trend that sums to the 7d list", async () => {
    const row = (await get(`/api/v1/rank/${kind}?window=7d&size=1`)).data.list[0];
    const { data } = await get(`/api/v1/${kind}/${row.id}/trend?days=7`);
    expect(data.range).toEqual({ start: addDays(end, -6), end, days: 7 });
    expect(data.totals.uses).toBe(row.uses);
    expect(data.points.reduce((n: number, p: { uses: number }) => n + p.uses, 0)).toBe(row.uses);
    expect((await get(`/api/v1/${kind}/${row.id}/trend?days=30`)).data.points).toHaveLength(30);
  });

  it("exports the usage trend as CSV", async () => {
    const id = dataset[kind][0].id;
    const response = await t.app.inject({
      method: "GET",
      url: `/api/v1/export/trend/${kind}/${id}?days=7`,
      headers: { ...API_HEADERS, authorization: `Bearer ${pro}` },
    });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.slice(1).trim().split(/\r?\n/);
    expect(header).toBe("date,currency,uses,views");
    expect(rows).toHaveLength(7);
  });

  it("answers a JSON 404 for an unknown id", async () => {
    for (const url of [`/api/v1/${kind}/nope`, `/api/v1/${kind}/nope/trend?days=7`]) {
      const answer = await get(url);
      expect(answer, url).toMatchObject({ status: 404, data: null });
      expect(answer.msg).toMatch(/not found/);
    }
  });
});

describe("quota", () => {
  it("counts music and hashtag pages as detail views of a free user (801 after 5; the same id again is free)", async () => {
    const { token } = await signIn(t.database, "free");
    const music = dataset.music.map((m) => m.id);
    const tags = dataset.hashtags.map((h) => h.id);
    for (const id of music.slice(0, 3)) expect((await t.client.get(`/api/v1/music/${id}`, token)).code).toBe(0);
    for (const id of tags.slice(0, 2)) expect((await t.client.get(`/api/v1/hashtags/${id}`, token)).code).toBe(0);
    expect(await t.client.get(`/api/v1/hashtags/${tags[2]}`, token)).toMatchObject({ status: 403, code: 801 });
    expect(await t.client.get(`/api/v1/music/${music[3]}/trend?days=7`, token)).toMatchObject({ code: 801 });
    expect((await t.client.get(`/api/v1/music/${music[0]}`, token)).code).toBe(0);
    expect((await t.client.get(`/api/v1/music/${music[0]}/trend?days=30`, token)).code).toBe(803);
    expect((await t.client.get(`/api/v1/music/${music[0]}`)).code).toBe(401);
  });
});
