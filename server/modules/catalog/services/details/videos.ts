// The video detail page: views, likes, comments, shares, duration, post time,
// engagement rate, the author (with followers), the linked product and its sales through
// this video.
import { apiFigures, goodsCard, influencerCard, videoCard } from "../present";
import type { DataSnapshot } from "../snapshot";
import { rowOf } from "./lookup";

export function videoDetail(snapshot: DataSnapshot, id: string) {
  const row = rowOf(snapshot, "videos", id);
  const { dataset, rank } = snapshot;
  const video = dataset.videos[row];
  const author = rank.videoInfluencerRow[row] >= 0 ? dataset.influencers[rank.videoInfluencerRow[row]] : null;
  const goods = rank.videoGoodsRow[row] >= 0 ? dataset.goods[rank.videoGoodsRow[row]] : null;
  return {
    metrics: { ...videoCard(snapshot, video), ...apiFigures(video.stats), followers: author?.stats.followers ?? null },
    author: author ? influencerCard(author) : null,
    product: goods ? goodsCard(snapshot, goods) : null,
    sales: {
      sales_volume: video.stats.salesVolume,
      revenue: video.stats.revenue / 100,
      sales_growth_rate: video.stats.salesGrowthRate,
    },
  };
}
