// The influencer detail page: profile (bio, commission rate, price and the counts of
// the entity), basic analysis over the last 30 days, product list, video list (all, with products,
// without products) and the calendar of a month (posts and sales per day).
import { addDays, daysBetween, type BusinessDate } from "../../engine";
import { apiFigures, goodsCard, influencerCard, money, videoCard } from "../present";
import type { DataSnapshot } from "../snapshot";
import { rowOf, topRows } from "./lookup";

export const VIDEO_FILTERS = ["all", "with_products", "without_products"] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];

const ANALYSIS_DAYS = 30;
const PRODUCTS = 20;

export function influencerDetail(snapshot: DataSnapshot, id: string) {
  const row = rowOf(snapshot, "influencers", id);
  const { dataset, rank } = snapshot;
  const influencer = dataset.influencers[row];
  const t = dataset.series.influencers;
  const to = t.days - 1;
  const from = to - ANALYSIS_DAYS + 1;
  const videos = rank.influencerVideos[row];
  const recent = videos.filter((v) => rank.videoPostDay[v] >= from && rank.videoPostDay[v] <= to);
  const views = t.sum("views", row, from, to);
  const engaged = recent.reduce(
    (n, v) => n + dataset.videos[v].stats.likes + dataset.videos[v].stats.comments + dataset.videos[v].stats.shares,
    0,
  );
  const recentViews = recent.reduce((n, v) => n + dataset.videos[v].stats.views, 0);
  const products = topRows(snapshot.influencerGoods[row], (g) => dataset.goods[g].stats.totalSales, PRODUCTS);
  return {
    profile: {
      ...influencerCard(influencer),
      bio: influencer.bio,
      price: money(influencer.price),
      ...apiFigures(influencer.stats),
    },
    basic_analysis: {
      days: ANALYSIS_DAYS,
      followers_gained: t.sum("followersGained", row, from, to),
      views,
      sales_volume: t.sum("salesVolume", row, from, to),
      revenue: money(t.sum("revenue", row, from, to)),
      videos_posted: recent.length,
      average_views: recent.length ? Math.round(recentViews / recent.length) : 0,
      engagement_rate: recentViews ? engaged / recentViews : null,
    },
    products: products.map((g) => goodsCard(snapshot, dataset.goods[g])),
  };
}

/** The influencer's videos, newest first, optionally only those with (or without) a product. */
export function influencerVideos(snapshot: DataSnapshot, id: string, filter: VideoFilter, page: number, size: number) {
  const row = rowOf(snapshot, "influencers", id);
  const { dataset, rank } = snapshot;
  const keep = (v: number) => filter === "all" || (filter === "with_products") === rank.videoGoodsRow[v] >= 0;
  const rows = rank.influencerVideos[row]
    .filter(keep)
    .sort((a, b) => (dataset.videos[b].postedAt < dataset.videos[a].postedAt ? -1 : 1));
  return {
    list: rows.slice((page - 1) * size, page * size).map((v) => videoCard(snapshot, dataset.videos[v])),
    total: rows.length,
    page,
    size,
    filter,
  };
}

/** Posts and sales per day of a month (`YYYY-MM`, default the month of the last data day). */
export function influencerCalendar(snapshot: DataSnapshot, id: string, month: string | undefined) {
  const row = rowOf(snapshot, "influencers", id);
  const { dataset, rank } = snapshot;
  const t = dataset.series.influencers;
  const first: BusinessDate = `${month ?? dataset.calendar.endDate.slice(0, 7)}-01`;
  const posts = new Map<number, number>();
  for (const v of rank.influencerVideos[row])
    posts.set(rank.videoPostDay[v], (posts.get(rank.videoPostDay[v]) ?? 0) + 1);
  const days = [];
  for (let date = first; date.slice(0, 7) === first.slice(0, 7); date = addDays(date, 1)) {
    const day = daysBetween(t.startDate, date);
    days.push({
      date,
      posts: posts.get(day) ?? 0,
      sales_volume: t.sum("salesVolume", row, day, day),
      revenue: money(t.sum("revenue", row, day, day)),
    });
  }
  return { month: first.slice(0, 7), days };
}
