// Detail API group (data service): goods, influencer, video, music and hashtag details, an influencer's videos
// (all / with products / without products) and calendar, and the daily trends behind the
// charts (7, 15 or 30 days, or a custom range; longer ranges are plan features: 803). Every
// call counts as viewing the detail (801 when a free user's daily views are used up).
import { api } from "./client";
import type { EntityKind, GoodsCard, HashtagCard, InfluencerCard, MusicCard, VideoCard } from "./entities";

export interface GoodsDetail {
  overview: GoodsCard & {
    commission: number;
    totalRevenue: number;
    estimatedSalesVolume: number;
    estimatedSalesAmount: number;
    views: number;
    likes: number;
    comments: number;
    relatedVideos: number;
    relatedInfluencers: number;
    salesGrowth: number | null;
    conversionRate: number | null;
    firstSeenDate: string | null;
  };
  shop: {
    id: string;
    name: string;
    market: string;
    goodsCount: number;
    totalSales: number;
    totalRevenue: number;
    avatarLarger: string;
  } | null;
  specifications: {
    variants: { sku: string; name: string; price: number }[];
    categoryPath: { id: number; name: string }[];
  };
  relatedVideos: VideoCard[];
  relatedInfluencers: InfluencerCard[];
}

export interface InfluencerDetail {
  profile: InfluencerCard & {
    bio: string;
    price: number;
    followersGained: number;
    productCount: number;
    postedCount: number;
    videoCount: number;
    playCount: number;
    totalSales: number;
    totalRevenue: number;
    commissionRate: number | null;
  };
  basicAnalysis: {
    days: number;
    followersGained: number;
    views: number;
    salesVolume: number;
    revenue: number;
    videosPosted: number;
    averageViews: number;
    engagementRate: number | null;
  };
  products: GoodsCard[];
}

export interface VideoDetail {
  metrics: VideoCard & {
    likes: number;
    comments: number;
    shares: number;
    salesVolume: number;
    revenue: number;
    engagementRate: number | null;
    commissionRate: number | null;
    estimatedPrice: number | null;
    salesGrowthRate: number | null;
    followers: number | null;
  };
  author: InfluencerCard | null;
  product: GoodsCard | null;
  sales: { salesVolume: number; revenue: number; salesGrowthRate: number | null };
}

/** Music and hashtag pages: usage figures, the videos using it, their goods and authors, the daily hot-list rank. */
export interface UsageDetail<C> {
  overview: C & { uses: number; views: number; relatedVideos: number; growth: number | null };
  topVideos: VideoCard[];
  relatedGoods: GoodsCard[];
  relatedInfluencers: InfluencerCard[];
  /** One entry per day, oldest first; rank null when not in the list that day. */
  rankHistory: { date: string; rank: number | null }[];
}
export type MusicDetail = UsageDetail<MusicCard>;
export type HashtagDetail = UsageDetail<HashtagCard>;

const path = (entity: EntityKind, id: string, rest = "") => `/api/v1/${entity}/${encodeURIComponent(id)}${rest}`;

export const goodsDetail = (id: string): Promise<GoodsDetail> => api<GoodsDetail>(path("goods", id));
export const influencerDetail = (id: string): Promise<InfluencerDetail> =>
  api<InfluencerDetail>(path("influencers", id));
export const videoDetail = (id: string): Promise<VideoDetail> => api<VideoDetail>(path("videos", id));
export const musicDetail = (id: string): Promise<MusicDetail> => api<MusicDetail>(path("music", id));
export const hashtagDetail = (id: string): Promise<HashtagDetail> => api<HashtagDetail>(path("hashtags", id));

export const VIDEO_FILTERS = ["all", "with_products", "without_products"] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];

export interface InfluencerVideos {
  list: VideoCard[];
  total: number;
  page: number;
  size: number;
  filter: string;
}

export const influencerVideos = (
  id: string,
  filter: VideoFilter,
  page: number,
  size: number,
): Promise<InfluencerVideos> =>
  api<InfluencerVideos>(path("influencers", id, "/videos"), { query: { filter, page, size } });

export interface CalendarDay {
  date: string;
  posts: number;
  salesVolume: number;
  revenue: number;
}

/** One month (YYYY-MM; the data's latest month when omitted) of posts and sales per day. */
export const influencerCalendar = (id: string, month?: string): Promise<{ month: string; days: CalendarDay[] }> =>
  api(path("influencers", id, "/calendar"), { query: { month } });

/** 7, 15 or 30 days ending the data's yesterday, or a custom start..end (YYYY-MM-DD). */
export type TrendRange = { days: 7 | 15 | 30 } | { start: string; end: string };

export interface Trend {
  range: { start: string; end: string; days: number };
  /** Daily values: camelCase metric names of the kind, plus `date`. */
  points: ({ date: string } & Record<string, number>)[];
  totals: Record<string, number>;
}

export const trend = (entity: EntityKind, id: string, range: TrendRange): Promise<Trend> =>
  api<Trend>(path(entity, id, "/trend"), { query: range });
