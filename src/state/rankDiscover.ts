// Rank/discover store: the discover search history (newest first, at most 10, spec §4). Only
// the shape exists yet; the discovery issue adds the actions and IndexedDB persistence.
import { proxy } from "valtio";

export interface SearchRecord {
  id: string;
  keyword: string;
}

export const rankDiscoverState = proxy({
  searchHistory: [] as SearchRecord[],
});
