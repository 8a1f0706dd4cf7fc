// Which API paths the worker's data caches serve (sw/data-freshness.ts): rankings by their data
// window, and network first with the saved copy as fallback for details and the signed-in
// user's monitor lists (the Monitor screen offline, issue 15), but never the monitor writes'
// neighbours (settings, alerts/read) or the holding checks.
import { describe, expect, it } from "vitest";
import { isDetailDataPath, RANKING_PATH } from "../../../sw/data-freshness";

describe("data cache routes", () => {
  it("serves details, trends and the category tree network first", () => {
    for (const path of [
      "/api/v1/goods/G1",
      "/api/v1/influencers/I1/trend",
      "/api/v1/influencers/I1/videos",
      "/api/v1/influencers/I1/calendar",
      "/api/v1/videos/V1",
      "/api/v1/music/M1",
      "/api/v1/music/M1/trend",
      "/api/v1/hashtags/H1",
      "/api/v1/hashtags/H1/trend",
      "/api/v1/product/categories",
    ]) {
      expect(isDetailDataPath(path), path).toBe(true);
    }
  });

  it("serves the monitored items and the alerts network first, and nothing else of monitoring", () => {
    expect(isDetailDataPath("/api/v1/monitor/items")).toBe(true);
    expect(isDetailDataPath("/api/v1/monitor/alerts")).toBe(true);
    for (const path of [
      "/api/v1/monitor/alerts/read",
      "/api/v1/monitor/settings",
      "/api/v1/monitor/items/extra",
      "/api/v1/subscribe/check",
      "/api/v1/subscribe/limit/size",
      "/api/v1/export/monitor",
    ]) {
      expect(isDetailDataPath(path), path).toBe(false);
    }
  });

  it("keeps rankings apart from details", () => {
    expect(RANKING_PATH.test("/api/v1/rank/goods")).toBe(true);
    expect(RANKING_PATH.test("/api/v1/home")).toBe(true);
    expect(RANKING_PATH.test("/api/v1/rank/versions")).toBe(false);
    expect(isDetailDataPath("/api/v1/rank/goods")).toBe(false);
  });
});
