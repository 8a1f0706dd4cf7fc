// Rank/discover store: the market the lists are shown for (kept in localStorage, default VN)
// and the discover search history (newest first, at most 10, delete one, clear all), loaded
// from and saved to IndexedDB through src/storage/search-history.ts.
import { proxy, snapshot, useSnapshot } from "valtio";
import { DEFAULT_MARKET, isMarket, type Market } from "../api/entities";
import {
  readSearchHistory,
  withSearch,
  writeSearchHistory,
  type SearchRecord,
  type SearchType,
} from "../storage/search-history";

export type { SearchRecord, SearchType } from "../storage/search-history";

export const MARKET_STORAGE_KEY = "market";

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
  historyLoaded: false,
});

export function setMarket(market: Market): void {
  rankDiscoverState.market = market;
  try {
    localStorage.setItem(MARKET_STORAGE_KEY, market);
  } catch {
    // Private mode without storage: the choice lasts for this visit.
  }
}

const persistHistory = () => writeSearchHistory(snapshot(rankDiscoverState).searchHistory);

/** Reads the saved history once per visit. */
export async function loadSearchHistory(): Promise<void> {
  if (rankDiscoverState.historyLoaded) return;
  const saved = await readSearchHistory();
  if (rankDiscoverState.historyLoaded) return;
  rankDiscoverState.searchHistory = saved;
  rankDiscoverState.historyLoaded = true;
}

let nextId = 0;
const newRecordId = () => `${Date.now().toString(36)}-${(nextId++).toString(36)}`;

export async function recordSearch(keyword: string, type: SearchType): Promise<void> {
  await loadSearchHistory();
  rankDiscoverState.searchHistory = withSearch(snapshot(rankDiscoverState).searchHistory, {
    id: newRecordId(),
    keyword: keyword.trim(),
    type,
    at: Date.now(),
  });
  await persistHistory();
}

export async function deleteSearchRecord(id: string): Promise<void> {
  rankDiscoverState.searchHistory = rankDiscoverState.searchHistory.filter((record) => record.id !== id);
  await persistHistory();
}

export async function clearSearchHistory(): Promise<void> {
  rankDiscoverState.searchHistory = [];
  await persistHistory();
}

/** Forgets the loaded history (tests; a fresh IndexedDB). */
export function resetSearchHistoryState(): void {
  rankDiscoverState.searchHistory = [];
  rankDiscoverState.historyLoaded = false;
}

export const useMarket = (): Market => useSnapshot(rankDiscoverState).market;
export const useSearchHistory = (): readonly SearchRecord[] => useSnapshot(rankDiscoverState).searchHistory;
