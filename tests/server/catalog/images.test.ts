// Thumbnails: drawn locally and deterministically from the id, WebP at width 360 (content) or
// 64 (avatars) by default, long-cached, fetched without the system-id header like an <img>;
// unknown kinds and ids answer a JSON 404.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawImage } from "../../../server/modules/catalog/images/draw";
import { openDataApp, type DataTestApp } from "../helpers/data";

let t: DataTestApp;
beforeAll(async () => {
  t = await openDataApp();
});
afterAll(() => t?.close());

const fetchImage = (url: string) => t.app.inject({ method: "GET", url });

describe("images", () => {
  it("serves every image field of a goods, video and influencer as WebP of the right width", async () => {
    const { dataset } = t.app.data.snapshot;
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
    const id = t.app.data.snapshot.dataset.goods[1].id;
    const first = await fetchImage(`/api/v1/images/goods/${id}.webp`);
    const second = await fetchImage(`/api/v1/images/goods/${id}.webp`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it("answers JSON 404 for unknown kinds and ids and 400 for other widths", async () => {
    const id = t.app.data.snapshot.dataset.goods[0].id;
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
});
