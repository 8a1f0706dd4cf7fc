// Rank API group (data service): the home sections, the rank lists of each entity, snapshot
// versions and the product categories for the list filter. The rank types and windows are the
// server's own (contract/rank.ts).
import { api } from "./client";
import type { RankWindow } from "../../contract/rank";
import type { EntityKind, GoodsCard, InfluencerCard, ListPage, Market, RankRow, VideoCard } from "./entities";

export { CATEGORY_ENTITIES, RANK_TYPES, RANK_WINDOWS, type RankType, type RankWindow } from "../../contract/rank";

export interface RankQuery {
  rankType: string;
  window: RankWindow;
  country: Market;
  categoryId?: number | null;
  page: number;
  size: number;
  /** Sort and range filters (issue 15): a snake_case figure key, desc|asc, min/max bounds. */
  sort?: string;
  order?: string;
  minPrice?: number;
  maxPrice?: number;
  minSales?: number;
  maxSales?: number;
  minGrowth?: number;
  maxGrowth?: number;
}

export const rankList = <K extends EntityKind>(
  entity: K,
  { categoryId, ...query }: RankQuery,
): Promise<ListPage<RankRow<K>>> =>
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

export const homeData = (country: Market, size: number): Promise<HomeData> =>
  api<HomeData>("/api/v1/home", { query: { country, size } });

export interface Category {
  id: number;
  parentId: number | null;
  name: string;
  children?: Category[];
}

/** The category tree, named in the request's language. */
export const productCategories = (): Promise<Category[]> => api<Category[]>("/api/v1/product/categories");
