// Rank/discover store: the market the lists are shown for (kept in localStorage, default VN,
// spec §9) and the discover search history (newest first, at most 10, spec §4; kept in
// IndexedDB by src/storage/searchHistory.ts).
import { proxy, useSnapshot } from "valtio";
import { DEFAULT_MARKET, isMarket, type Market } from "../api/entities";

export const MARKET_STORAGE_KEY = "market";

export interface SearchRecord {
  id: string;
  keyword: string;
}

function savedMarket(): Market {
  try {
    const saved = localStorage.getItem(MARKET_STORAGE_KEY);
    return isMarket(saved) ? saved : DEFAULT_MARKET;
  } catch {
    return DEFAULT_MARKET;
  }
}

export const rankDiscoverState = proxy({
  market: savedMarket(),
  searchHistory: [] as SearchRecord[],
});

export function setMarket(market: Market): void {
  rankDiscoverState.market = market;
  try {
    localStorage.setItem(MARKET_STORAGE_KEY, market);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
}

export const useMarket = (): Market => useSnapshot(rankDiscoverState).market;
