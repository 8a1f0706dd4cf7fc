// Thumbnails: drawn locally and deterministically from the id, WebP at width 360 (content) or
// 64 (avatars) by default, long-cached, fetched without the system-id header like an <img>;
// unknown kinds and ids answer a JSON 404; whether an id is stored is read by key and kept until
// the data changes.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shops } from "../../../server/db/schema";
import { drawImage } from "../../../server/modules/catalog/images/draw";
import { calendarOf, readMeta, writeMeta, type MetaFields } from "../../../server/modules/catalog/store/meta";
import { openDataApp, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";

let t: DataTestApp;
beforeAll(async () => {
  t = await openDataApp();
});
afterAll(() => t?.close());

const fetchImage = (url: string) => t.app.inject({ method: "GET", url });

describe("images", () => {
  it("serves every image field of a goods, video and influencer as WebP of the right width", async () => {
    const { dataset } = await oracleSnapshot(t.database);
    const cases: Array<[string, number, number]> = [
      [dataset.goods[0].images.coverLarge, 360, 360],
      [dataset.videos[0].images.coverLarge, 360, 480],
      [dataset.videos[0].images.originCover, 360, 480],
      [dataset.videos[0].images.authorAvatarLargerPrivatization, 64, 64],
      [dataset.influencers[0].images.avatarLarger, 64, 64],
      [dataset.shops[0].images.avatarLarger, 64, 64],
      [dataset.music[0].images.coverLarge, 360, 360],
      [`${dataset.goods[0].images.coverLarge}?w=64`, 64, 64],
    ];
    for (const [url, width, height] of cases) {
      const response = await fetchImage(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toMatch(/max-age=\d{7,}/);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: "webp", width, height });
    }
  });

  it("draws the same bytes for the same id and different ones for another", async () => {
    const a = await drawImage("goods", "g1", 360);
    expect((await drawImage("goods", "g1", 360)).equals(a)).toBe(true);
    expect((await drawImage("goods", "g2", 360)).equals(a)).toBe(false);
    const id = (await oracleSnapshot(t.database)).dataset.goods[1].id;
    const first = await fetchImage(`/api/v1/images/goods/${id}.webp`);
    const second = await fetchImage(`/api/v1/images/goods/${id}.webp`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("answers JSON 404 for unknown kinds and ids and 400 for other widths", async () => {
    const id = (await oracleSnapshot(t.database)).dataset.goods[0].id;
    for (const url of [
      "/api/v1/images/planet/x.webp",
      "/api/v1/images/goods/nope.webp",
      `/api/v1/images/goods/${id}.png`,
      `/api/v1/images/influencer/${id}.webp`,
    ]) {
      const response = await fetchImage(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: null });
    }
    expect((await fetchImage(`/api/v1/images/goods/${id}.webp?w=100`)).statusCode).toBe(400);
  });

  it("reads whether an id is stored by key, keeping the answer until the data changes", async () => {
    const { db } = t.database;
    const shop = (await oracleSnapshot(t.database)).dataset.shops[0];
    const url = "/api/v1/images/shop/shop-added-later.webp";
    expect((await fetchImage(url)).statusCode).toBe(404);
    await db
      .insert(shops)
      .values({ id: "shop-added-later", market: shop.market, name: "Added later", categoryId: shop.categoryId });
    // The same data version: the answer read before holds.
    expect((await fetchImage(url)).statusCode).toBe(404);
    const meta = (await readMeta(db))!;
    const fields = { ...meta, source: meta.source as MetaFields["source"], calendar: calendarOf(meta) };
    await writeMeta(db, fields, "import");
    expect(await t.app.data.reloadIfNewer()).toBe(true);
    expect((await fetchImage(url)).statusCode).toBe(200);
  });
});
