// The entity records as plain typed data. Each entity has a *profile* (what a
// data source states: title, price, links) and derived *stats* (totals computed from its
// daily series and links by dataset/derive-stats.ts), plus image paths derived from its id.
// Import lines and the generator both produce profiles, so totals never disagree with the
// series they come from.
//
// Units: money is integer cents (hundredths) of the market currency (`Cents`); rates and
// growth are fractions (0.125 = 12.5 %); counts are integers; instants are ISO-8601 UTC.
import type { Category } from "./categories";
import type { MarketCode } from "./markets";
import type { AvatarImages, ContentImages, VideoImages } from "./images";
import type { BusinessDate } from "../time";

export type Id = string;
/** Integer hundredths of the market currency (VND 149,000 is 14,900,000). */
export type Cents = number;

/** Entity kinds with daily series and rank lists, named as in `/api/v1/rank/{entity}`. */
export { ENTITY_KINDS, type EntityKind } from "../../../../../contract/rank";

export interface ShopProfile {
  id: Id;
  market: MarketCode;
  name: string;
  categoryId: number;
}
export interface ShopStats {
  goodsCount: number;
  totalSales: number;
  totalRevenue: Cents;
}
export interface Shop extends ShopProfile {
  images: AvatarImages;
  stats: ShopStats;
}

export interface Variant {
  sku: string;
  name: string;
  price: Cents;
}

export interface GoodsProfile {
  id: Id;
  market: MarketCode;
  shopId: Id;
  /** A leaf category. */
  categoryId: number;
  title: string;
  price: Cents;
  /** Share of the price paid to the promoting creator. */
  commissionRate: number;
  variants: Variant[];
}
export interface GoodsStats {
  /** Commission per unit sold: price x commission rate. */
  commission: Cents;
  /** Units sold over the whole series. */
  totalSales: number;
  totalRevenue: Cents;
  /** Estimated units and amount over the last 30 days of the series. */
  estimatedSalesVolume: number;
  estimatedSalesAmount: Cents;
  views: number;
  likes: number;
  comments: number;
  /** Last 7 days of sales against the 7 before; null when the earlier week sold nothing. */
  salesGrowth: number | null;
  /** Units sold per view over the whole series; null without views. */
  conversionRate: number | null;
  /** First day with any activity; null when the series is empty. */
  firstSeenDate: BusinessDate | null;
  relatedVideos: number;
  relatedInfluencers: number;
}
export interface Goods extends GoodsProfile {
  images: ContentImages;
  stats: GoodsStats;
}

export interface InfluencerProfile {
  id: Id;
  market: MarketCode;
  /** The @handle, ASCII. */
  handle: string;
  nickname: string;
  bio: string;
  categoryId: number;
  /** Followers before the first day of the series; followers = this + followers gained. */
  initialFollowers: number;
  /** Asking price for one promotional video. */
  price: Cents;
}
export interface InfluencerStats {
  followers: number;
  followersGained: number;
  /** Mean commission rate of the goods promoted; null when none. */
  commissionRate: number | null;
  /** Distinct goods promoted (videos and showcase). */
  productCount: number;
  /** Videos carrying a product. */
  postedCount: number;
  videoCount: number;
  /** Views of all their videos over the series. */
  playCount: number;
  totalSales: number;
  totalRevenue: Cents;
}
export interface Influencer extends InfluencerProfile {
  images: AvatarImages;
  stats: InfluencerStats;
}

export interface VideoProfile {
  id: Id;
  market: MarketCode;
  influencerId: Id;
  goodsId: Id | null;
  musicId: Id | null;
  hashtagIds: Id[];
  /** The caption, hashtags included. */
  title: string;
  /** ISO-8601 UTC instant. */
  postedAt: string;
  durationSeconds: number;
}
export interface VideoStats {
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** Engagement rate: (likes + comments + shares) / views; null without views. */
  engagementRate: number | null;
  salesVolume: number;
  revenue: Cents;
  /** Of the linked goods; null without one. */
  commissionRate: number | null;
  /** Price of the linked goods; null without one. */
  estimatedPrice: Cents | null;
  /** Last 7 days of units sold against the 7 before; null when the earlier week sold none. */
  salesGrowthRate: number | null;
}
export interface Video extends VideoProfile {
  images: VideoImages;
  stats: VideoStats;
}

export interface MusicProfile {
  id: Id;
  market: MarketCode;
  title: string;
  author: string;
  durationSeconds: number;
  /** An "original sound" recorded by a creator rather than a released track. */
  original: boolean;
}
export interface HashtagProfile {
  id: Id;
  market: MarketCode;
  /** Without the leading '#'. */
  name: string;
}
/** Stats shared by music and hashtags. */
export interface UsageStats {
  uses: number;
  views: number;
  /** Uses in the last 7 days against the 7 before; null when the earlier week had none. */
  growth: number | null;
  /** Videos in the dataset using it. */
  relatedVideos: number;
}
export interface Music extends MusicProfile {
  images: ContentImages;
  stats: UsageStats;
}
export interface Hashtag extends HashtagProfile {
  stats: UsageStats;
}

/** An influencer showing goods in their showcase (besides goods their videos link). */
export interface ShowcaseLink {
  influencerId: Id;
  goodsId: Id;
}

export type { Category };
