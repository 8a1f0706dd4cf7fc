// Shared links and text: a TikTok or app link with an id the app knows opens that detail,
// anything else opens Discovery with the words searched.
import { describe, expect, test } from "vitest";
import { shareDestination } from "../../../../src/features/pwa/share-target";

describe("shareDestination", () => {
  test.each([
    [{ url: "https://www.tiktok.com/@seller/video/v000012?lang=en" }, "/videoDetail?id=v000012"],
    [{ url: "https://shop.tiktok.com/view/product/g000034?region=VN" }, "/goodsDetail?id=g000034"],
    [{ url: "https://www.tiktok.com/shop/store/seller/i000005" }, "/influencersDetail?id=i000005"],
    [{ text: "Look at this https://shopradar.example/goodsDetail?id=g000001 wow" }, "/goodsDetail?id=g000001"],
  ])("%o opens %s", (shared, href) => {
    expect(shareDestination(shared)).toBe(href);
  });

  test("a link without a known id searches the shared words, else the handle", () => {
    expect(shareDestination({ text: "pink lip tint https://vt.tiktok.com/ZS123/", url: "" })).toBe(
      "/discovery?type=videos&keyword=pink+lip+tint",
    );
    expect(shareDestination({ url: "https://www.tiktok.com/@glowshop" })).toBe(
      "/discovery?type=influencers&keyword=glowshop",
    );
    expect(shareDestination({ url: "https://www.tiktok.com/view/product/1729384756", title: "Serum" })).toBe(
      "/discovery?type=goods&keyword=Serum",
    );
    expect(shareDestination({})).toBe("/discovery?type=videos");
  });
});
