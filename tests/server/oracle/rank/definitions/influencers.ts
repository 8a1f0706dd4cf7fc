// The tests' oracle (not production code; production computes lists in store/rank-sql.ts).
// Influencer lists: breakout (followers gained in the window relative to followers at its
// start; the default list), sales (units sold through their videos), follower-growth (absolute
// followers gained) and commission (commission rate of the goods they promoted, weighted by
// the revenue each goods made through their videos in the window; ranked by the rate to 12
// decimal places, then by that revenue).
import type { RankDefinition } from "../types";
import { BREAKOUT_MIN_BASE, rateOrderKey } from "./shared";

export const influencerBreakout: RankDefinition<"influencers"> = {
  entity: "influencers",
  rankType: "breakout",
  windowSums: { followersGained: "followersGained" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.influencers;
    const followersAtStart = dataset.influencers[row].initialFollowers + t.sum("followersGained", row, 0, w.from - 1);
    const followersGained = t.sum("followersGained", row, w.from, w.to);
    if (followersAtStart < BREAKOUT_MIN_BASE.influencerFollowers || followersGained <= 0) return null;
    const followerGrowthRate = followersGained / followersAtStart;
    return {
      order: [followerGrowthRate, followersGained],
      metrics: { followerGrowthRate, followersGained, followersAtStart, followers: followersAtStart + followersGained },
    };
  },
};

export const influencerSales: RankDefinition<"influencers"> = {
  entity: "influencers",
  rankType: "sales",
  windowSums: { salesVolume: "salesVolume", revenue: "revenue", views: "views" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.influencers;
    const salesVolume = t.sum("salesVolume", row, w.from, w.to);
    if (salesVolume <= 0) return null;
    const revenue = t.sum("revenue", row, w.from, w.to);
    return {
      order: [salesVolume, revenue],
      metrics: { salesVolume, revenue, views: t.sum("views", row, w.from, w.to) },
    };
  },
};

export const influencerFollowerGrowth: RankDefinition<"influencers"> = {
  entity: "influencers",
  rankType: "follower-growth",
  windowSums: { followersGained: "followersGained" },
  evaluate({ dataset }, row, w) {
    const t = dataset.series.influencers;
    const followersGained = t.sum("followersGained", row, w.from, w.to);
    if (followersGained <= 0) return null;
    const followers = dataset.influencers[row].initialFollowers + t.sum("followersGained", row, 0, w.to);
    return { order: [followersGained, followers], metrics: { followersGained, followers } };
  },
};

export const influencerCommission: RankDefinition<"influencers"> = {
  entity: "influencers",
  rankType: "commission",
  windowSums: {},
  evaluate(index, row, w) {
    const videos = index.dataset.series.videos;
    let promotedRevenue = 0;
    let commission = 0;
    const goodsRows = new Set<number>();
    for (const video of index.influencerVideos[row]) {
      const g = index.videoGoodsRow[video];
      if (g < 0) continue;
      const revenue = videos.sum("revenue", video, w.from, w.to);
      if (revenue <= 0) continue;
      promotedRevenue += revenue;
      commission += revenue * index.dataset.goods[g].commissionRate;
      goodsRows.add(g);
    }
    if (promotedRevenue <= 0) return null;
    const weightedCommissionRate = commission / promotedRevenue;
    return {
      order: [rateOrderKey(weightedCommissionRate), promotedRevenue],
      metrics: { weightedCommissionRate, promotedRevenue, promotedGoods: goodsRows.size },
    };
  },
};
