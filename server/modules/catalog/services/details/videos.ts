// The video detail page: views, likes, comments, shares, duration, post time, engagement rate,
// the author (with followers), the linked product and its sales through this video, read from
// the database: the video with its stats, then the author's and the product's cards (prepared
// statements, store/prepared.ts). Undefined for an id not stored.
import type { Calendar } from "../../engine";
import { readCard } from "../../store/cards-sql";
import { readEntity } from "../../store/entity-stats-sql";
import type { Queryable } from "../../store/meta";
import { apiFigures, videoCardOf } from "../present";

export async function videoDetail(db: Queryable, calendar: Calendar, id: string) {
  const video = await readEntity(db, calendar, "videos", id);
  if (!video) return undefined;
  const [author, goods] = await Promise.all([
    readCard(db, calendar, "influencers", video.influencerId),
    video.goodsId === null ? undefined : readCard(db, calendar, "goods", video.goodsId),
  ]);
  return {
    metrics: { ...videoCardOf(video, author), ...apiFigures(video.stats), followers: author?.followers ?? null },
    author: author ?? null,
    product: goods ?? null,
    sales: {
      sales_volume: video.stats.salesVolume,
      revenue: video.stats.revenue / 100,
      sales_growth_rate: video.stats.salesGrowthRate,
    },
  };
}
