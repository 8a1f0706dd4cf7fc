// Search (typo-tolerant, by relevance then popularity, per market; bad keywords are clear 400s)
// and favourites (idempotent PUT/DELETE, 404 for unknown ids, newest first, per user; music and
// hashtags too, with their cards).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Dataset } from "../../../server/modules/catalog/engine";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";

let t: DataTestApp;
let pro: string;
let dataset: Dataset;

beforeAll(async () => {
  t = await openDataApp();
  pro = (await signIn(t.database, "pro")).token;
  dataset = (await oracleSnapshot(t.database)).dataset;
});
afterAll(() => t?.close());

describe("search", () => {
  it("finds an influencer by handle, with a typo, and restricts to a market", async () => {
    const influencer = [...dataset.influencers].sort((a, b) => b.stats.followers - a.stats.followers)[0];
    const exact = await t.client.get(
      `/api/v1/search/influencers?keyword=${encodeURIComponent(influencer.handle)}`,
      pro,
    );
    expect(exact.data.list[0]).toMatchObject({ id: influencer.id, handle: influencer.handle });
    expect(exact.data.list[0].score).toBeGreaterThan(0);
    const word = influencer.nickname.split(" ").sort((a, b) => b.length - a.length)[0];
    if (word.length >= 6) {
      const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
      const fuzzy = await t.client.get(`/api/v1/search/influencers?keyword=${encodeURIComponent(typo)}&size=100`, pro);
      expect(fuzzy.data.list.map((r: { id: string }) => r.id)).toContain(influencer.id);
    }
    const other = influencer.market === "VN" ? "TH" : "VN";
    const elsewhere = await t.client.get(
      `/api/v1/search/influencers?keyword=${encodeURIComponent(influencer.handle)}&country=${other}`,
      pro,
    );
    expect(elsewhere.data.list.every((r: { market: string }) => r.market === other)).toBe(true);
  });

  it("finds videos by caption words in the market's language, paged", async () => {
    const video = dataset.videos.find((v) => v.market === "VN")!;
    const word = video.title.split(" ").find((w) => w.length >= 4 && !w.startsWith("#"))!;
    const { data } = await t.client.get(
      `/api/v1/search/videos?keyword=${encodeURIComponent(word)}&country=VN&size=5`,
      pro,
    );
    expect(data.total).toBeGreaterThan(0);
    expect(data.list.length).toBeLessThanOrEqual(5);
    expect(data.list[0]).toHaveProperty("cover_large");
    const scores = data.list.map((r: { score: number }) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it("answers clear 400s for empty, 5,000-character and bad inputs", async () => {
    const cases: Array<[string, RegExp]> = [
      ["keyword=", /Enter a keyword/],
      ["keyword=%20%20", /Enter a keyword/],
      [`keyword=${"a".repeat(5000)}`, /at most 100 characters/],
      ["", /keyword/],
      ["keyword=a&country=US", /country/],
      ["keyword=a&size=101", /size must be <= 100/],
      ["keyword=a&page=0", /page must be >= 1/],
    ];
    for (const [query, message] of cases) {
      for (const kind of ["videos", "influencers"]) {
        const answer = await t.client.get(`/api/v1/search/${kind}?${query}`, pro);
        expect(answer.status, `${kind} ${query}`).toBe(400);
        expect(answer.msg).toMatch(message);
      }
    }
  });
});

describe("favourites", () => {
  it("adds and removes idempotently, lists newest first with cards, and keeps users apart", async () => {
    const { token } = await signIn(t.database, "free");
    const items = [
      { type: "goods", id: dataset.goods[0].id },
      { type: "influencer", id: dataset.influencers[0].id },
      { type: "video", id: dataset.videos[0].id },
    ];
    for (const body of items) {
      for (let i = 0; i < 2; i++)
        expect((await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token, body })).data).toEqual({
          ...body,
          liked: true,
        });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const listed = (await t.client.get("/api/v1/tikmeta/portal/like", token)).data;
    expect(listed.total).toBe(3);
    expect(listed.list.map((f: { id: string }) => f.id)).toEqual(items.map((i) => i.id).reverse());
    expect(listed.list[0].video.id).toBe(items[2].id);
    expect(listed.list[2].goods.title).toBe(dataset.goods[0].title);
    expect((await t.client.get("/api/v1/tikmeta/portal/like?type=goods", token)).data.total).toBe(1);
    expect((await t.client.get("/api/v1/tikmeta/portal/like", pro)).data.total).toBe(0);

    for (let i = 0; i < 2; i++)
      expect((await t.client.call("DELETE", "/api/v1/tikmeta/portal/like", { token, body: items[0] })).data.liked).toBe(
        false,
      );
    expect((await t.client.get("/api/v1/tikmeta/portal/like", token)).data.total).toBe(2);
  });

  it("keeps music and hashtags with their cards; unknown ids are 404s; another user cannot remove them", async () => {
    const { token } = await signIn(t.database, "basic");
    const music = { type: "music", id: dataset.music[0].id };
    const hashtag = { type: "hashtag", id: dataset.hashtags[0].id };
    for (const body of [music, hashtag]) {
      expect((await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token, body })).data).toEqual({
        ...body,
        liked: true,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const listed = (await t.client.get("/api/v1/tikmeta/portal/like", token)).data;
    expect(listed.total).toBe(2);
    expect(listed.list[0]).toMatchObject({ ...hashtag, available: true, hashtag: { name: dataset.hashtags[0].name } });
    expect(listed.list[1]).toMatchObject({ ...music, available: true, music: { title: dataset.music[0].title } });
    expect(listed.list[1].music.cover_large_privatization).toMatch(/^\/api\/v1\/images\//);
    expect((await t.client.get("/api/v1/tikmeta/portal/like?type=music", token)).data.list).toHaveLength(1);

    for (const [type, name] of [
      ["music", "Music"],
      ["hashtag", "Hashtag"],
    ]) {
      const unknown = await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token, body: { type, id: "nope" } });
      expect(unknown).toMatchObject({ status: 404, code: 404, msg: `${name} 'nope' not found`, data: null });
    }

    // Another user's DELETE touches only their own (empty) list.
    expect((await t.client.call("DELETE", "/api/v1/tikmeta/portal/like", { token: pro, body: music })).status).toBe(
      200,
    );
    expect((await t.client.get("/api/v1/tikmeta/portal/like?type=music", token)).data.total).toBe(1);
    expect((await t.client.call("DELETE", "/api/v1/tikmeta/portal/like", { token, body: music })).data.liked).toBe(
      false,
    );
    expect(
      (await t.client.get("/api/v1/tikmeta/portal/like", token)).data.list.map((f: { id: string }) => f.id),
    ).toEqual([hashtag.id]);
  });

  it("answers 404 for unknown ids and 400 for unknown types", async () => {
    const unknown = await t.client.call("PUT", "/api/v1/tikmeta/portal/like", {
      token: pro,
      body: { type: "goods", id: "nope" },
    });
    expect(unknown).toMatchObject({ status: 404, code: 404, msg: "Goods 'nope' not found", data: null });
    expect(
      (
        await t.client.call("DELETE", "/api/v1/tikmeta/portal/like", {
          token: pro,
          body: { type: "video", id: "nope" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { token: pro, body: { type: "shop", id: "x" } }))
        .status,
    ).toBe(400);
    expect(
      (await t.client.call("PUT", "/api/v1/tikmeta/portal/like", { body: { type: "goods", id: "x" } })).status,
    ).toBe(401);
  });
});
