// Search API group (data service): videos by caption, influencers by name or handle and goods
// by title or shop name, in one market, paged. Visitors get 401 (login prompt); a free user's used-up daily searches are 802.
import { api } from "./client";
import type { GoodsCard, InfluencerCard, Market, VideoCard } from "./entities";

export interface SearchResults<T> {
  list: (T & { score: number })[];
  total: number;
  page: number;
  size: number;
  keyword: string;
}

export interface SearchQuery {
  keyword: string;
  country: Market;
  page: number;
  size: number;
}

export const searchVideos = (query: SearchQuery): Promise<SearchResults<VideoCard>> =>
  api("/api/v1/search/videos", { query: { ...query } });
export const searchInfluencers = (query: SearchQuery): Promise<SearchResults<InfluencerCard>> =>
  api("/api/v1/search/influencers", { query: { ...query } });
export const searchGoods = (query: SearchQuery): Promise<SearchResults<GoodsCard>> =>
  api("/api/v1/search/goods", { query: { ...query } });

/** Spec (server): keywords are 1-100 characters. */
export const MAX_KEYWORD_LENGTH = 100;
