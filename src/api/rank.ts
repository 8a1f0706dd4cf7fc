// Rank API group (data service): the home sections, the rank lists of each entity, snapshot
// versions and the product categories for the list filter.
import { api } from "./client";
import type { EntityKind, GoodsCard, InfluencerCard, ListPage, Market, RankRow, VideoCard } from "./entities";

export const RANK_WINDOWS = ["24h", "3d", "7d", "30d"] as const;
export type RankWindow = (typeof RANK_WINDOWS)[number];

/**
 * The rank types of each entity, the default first (spec §2: influencers default to breakout):
 * the server's list (server/data/engine/rank/types.ts, docs/api.md), which the app cannot import.
 */
export const RANK_TYPES = {
  goods: ["top-sale", "breakout", "new", "hot-promoted"],
  influencers: ["breakout", "sales", "follower-growth", "commission"],
  videos: ["hot", "sales"],
  music: ["hot", "rising"],
  hashtags: ["hot", "rising"],
} as const satisfies Record<EntityKind, readonly string[]>;
export type RankType = (typeof RANK_TYPES)[EntityKind][number];

/** Entities whose lists take a category filter. */
export const CATEGORY_ENTITIES: readonly EntityKind[] = ["goods", "influencers", "videos"];

export interface RankQuery {
  rankType: string;
  window: RankWindow;
  country: Market;
  categoryId?: number | null;
  page: number;
  size: number;
}

export const rankList = <K extends EntityKind>(entity: K, { categoryId, ...query }: RankQuery): Promise<ListPage<RankRow<K>>> =>
  api<ListPage<RankRow<K>>>(`/api/v1/rank/${entity}`, { query: { ...query, categoryId: categoryId ?? undefined } });

export interface HomeSection<Row> {
  entity: EntityKind;
  rankType: string;
  window: RankWindow;
  cadence: string;
  list: Row[];
  total: number;
  updatedAt: string;
  nextUpdateAt: string;
  limited: boolean;
}

export interface HomeData {
  country: string;
  productRanking: HomeSection<RankRow<"goods"> & GoodsCard>;
  topSale: HomeSection<RankRow<"videos"> & VideoCard>;
  weeklyTrend: HomeSection<RankRow<"goods"> & GoodsCard>;
  followerGrowth: HomeSection<RankRow<"influencers"> & InfluencerCard>;
}

export type HomeSectionKey = Exclude<keyof HomeData, "country">;

export const homeData = (country: Market, size: number): Promise<HomeData> => api<HomeData>("/api/v1/home", { query: { country, size } });

export interface Category {
  id: number;
  parentId: number | null;
  name: string;
  children?: Category[];
}

/** The category tree, named in the request's language. */
export const productCategories = (): Promise<Category[]> => api<Category[]>("/api/v1/product/categories");
