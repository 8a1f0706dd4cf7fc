// Shapes of the data service's entities as the app receives them (after the client's
// camelCase conversion): the display cards shared by lists, details, search and favourites,
// the rank fields and the list envelope. Money is in major units of the market's currency,
// rates are fractions, images are local paths (see server/http/data-schemas.ts).

export const ENTITY_KINDS = ["goods", "influencers", "videos", "music", "hashtags"] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** The entities with a detail page. */
export type DetailEntity = Extract<EntityKind, "goods" | "influencers" | "videos">;

export const MARKETS = ["VN", "ID", "TH", "MY", "PH", "SG"] as const;
export type Market = (typeof MARKETS)[number];
/** Default country VN. */
export const DEFAULT_MARKET: Market = "VN";

export const isMarket = (value: unknown): value is Market =>
  typeof value === "string" && (MARKETS as readonly string[]).includes(value);

interface ContentImages {
  coverLarge: string;
  coverLargePrivatization: string;
  originCover: string;
  originCoverPrivatization: string;
}

export interface GoodsCard extends ContentImages {
  id: string;
  title: string;
  market: string;
  currency: string;
  price: number;
  commissionRate: number;
  categoryId: number;
  shopId: string;
  shopName: string;
  totalSales: number;
}

export interface InfluencerCard {
  id: string;
  nickname: string;
  handle: string;
  market: string;
  categoryId: number;
  followers: number;
  avatarLarger: string;
  avatarLargerPrivatization: string;
}

export interface VideoCard extends ContentImages {
  id: string;
  title: string;
  market: string;
  postedAt: string;
  durationSeconds: number;
  influencerId: string;
  authorNickname: string;
  authorHandle: string;
  goodsId: string | null;
  views: number;
  authorAvatarLargerPrivatization: string;
}

export interface MusicCard extends ContentImages {
  id: string;
  title: string;
  author: string;
  market: string;
  durationSeconds: number;
  original: boolean;
}

export interface HashtagCard {
  id: string;
  name: string;
  market: string;
}

export interface CardOf {
  goods: GoodsCard;
  influencers: InfluencerCard;
  videos: VideoCard;
  music: MusicCard;
  hashtags: HashtagCard;
}

/** Rank position and change against the previous window (positive = up; null = new). */
export interface RankFields {
  rank: number;
  rankChange: number | null;
}

/** A row of a rank list: the card, the rank and the metrics of its rank type. */
export type RankRow<K extends EntityKind = EntityKind> = CardOf[K] & RankFields & { [metric: string]: unknown };

/** What every list answers. */
export interface ListPage<T> {
  list: T[];
  total: number;
  page: number;
  size: number;
  updatedAt: string;
  nextUpdateAt: string;
  /** True when the caller's plan hides rows of the list. */
  limited: boolean;
}
