// The discover search history in IndexedDB: one list under the key
// `discover-records`, newest first, at most 10 records, a repeated search moving to the front.
// The idb-keyval store is created on first use, so tests can install fake-indexeddb first; a
// browser without IndexedDB (some private modes) keeps the history for the visit only.
import { createStore, del, get, set, type UseStore } from "idb-keyval";

export const SEARCH_HISTORY_KEY = "discover-records";
export const SEARCH_HISTORY_MAX = 10;
import { SEARCH_HISTORY_DB_NAME as DB_NAME, SEARCH_HISTORY_STORE_NAME } from "../../contract/indexed-db";

export const SEARCH_TYPES = ["videos", "influencers", "goods"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchRecord {
  id: string;
  keyword: string;
  type: SearchType;
  /** When it was searched (ms since epoch). */
  at: number;
}

let store: UseStore | undefined;

function historyStore(): UseStore {
  store ??= createStore(DB_NAME, SEARCH_HISTORY_STORE_NAME);
  return store;
}

/** Forgets the store so the next call opens a new one (tests swap IndexedDB between runs). */
export function resetSearchHistoryStore(): void {
  store = undefined;
}

const sameSearch = (a: Pick<SearchRecord, "keyword" | "type">, b: Pick<SearchRecord, "keyword" | "type">) =>
  a.type === b.type && a.keyword.trim().toLowerCase() === b.keyword.trim().toLowerCase();

/** The list after searching `keyword`: newest first, no duplicate, at most 10. */
export function withSearch(list: readonly SearchRecord[], record: SearchRecord): SearchRecord[] {
  return [record, ...list.filter((item) => !sameSearch(item, record))].slice(0, SEARCH_HISTORY_MAX);
}

function isRecord(value: unknown): value is SearchRecord {
  const record = value as SearchRecord;
  return (
    typeof record?.id === "string" &&
    typeof record.keyword === "string" &&
    (SEARCH_TYPES as readonly unknown[]).includes(record.type)
  );
}

export async function readSearchHistory(): Promise<SearchRecord[]> {
  try {
    const saved = await get<unknown>(SEARCH_HISTORY_KEY, historyStore());
    return Array.isArray(saved) ? saved.filter(isRecord).slice(0, SEARCH_HISTORY_MAX) : [];
  } catch {
    return [];
  }
}

/** Saves a plain list (never a store proxy: IndexedDB cannot clone proxies). */
export async function writeSearchHistory(list: readonly SearchRecord[]): Promise<void> {
  try {
    if (list.length === 0) await del(SEARCH_HISTORY_KEY, historyStore());
    else
      await set(
        SEARCH_HISTORY_KEY,
        list.map((record) => ({ ...record })),
        historyStore(),
      );
  } catch {
    // No IndexedDB: the history lives in the store for this visit.
  }
}
