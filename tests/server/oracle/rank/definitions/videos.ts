// The tests' oracle (not production code; production computes lists in store/rank-sql.ts).
// Video lists: hot (views in the window) and sales (units sold through the video, with the
// growth against the previous window and the linked goods' price and commission rate).
import { growthRate, ratio } from "../../../../../server/modules/catalog/engine/model/rates";
import type { RankDefinition } from "../types";
import { previousWindow } from "./shared";

export const videoHot: RankDefinition<"videos"> = {
  entity: "videos",
  rankType: "hot",
  windowSums: { views: "views", likes: "likes", comments: "comments", shares: "shares" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.videos;
    const views = t.sum("views", row, w.from, w.to);
    if (views <= 0) return null;
    const likes = t.sum("likes", row, w.from, w.to);
    const comments = t.sum("comments", row, w.from, w.to);
    const shares = t.sum("shares", row, w.from, w.to);
    return {
      order: [views, likes],
      metrics: { views, likes, comments, shares, engagementRate: ratio(likes + comments + shares, views) },
    };
  },
};

export const videoSales: RankDefinition<"videos"> = {
  entity: "videos",
  rankType: "sales",
  windowSums: { soldCount: "salesVolume", revenue: "revenue" },
  previousWindowSums: { previousSoldCount: "salesVolume" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.videos;
    const soldCount = t.sum("salesVolume", row, w.from, w.to);
    if (soldCount <= 0) return null;
    const revenue = t.sum("revenue", row, w.from, w.to);
    const before = previousWindow(w);
    const previousSoldCount = t.sum("salesVolume", row, before.from, before.to);
    const stats = dataset.videos[row].stats;
    return {
      order: [soldCount, revenue],
      metrics: {
        soldCount,
        revenue,
        previousSoldCount,
        salesGrowthRate: growthRate(soldCount, previousSoldCount),
        estimatedPrice: stats.estimatedPrice,
        commissionRate: stats.commissionRate,
      },
    };
  },
};
