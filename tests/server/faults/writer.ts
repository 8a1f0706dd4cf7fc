// A favourites writer against a real server, shared by the kill -9 test and bench/faults.ts:
// a signed-in demo account adds goods, influencers and videos to its favourites, several requests in flight, and keeps
// the items whose answers were acknowledged (code 0), until stopped or the server goes away.
import { apiCall, API_HEADERS, passwordLoginToken } from "../../e2e/api";

/** The Pro demo account: every list row visible, favourites allowed. */
export const WRITER_ACCOUNT = "pro@shopradar.demo";

/** A favourite: its type (the like route's) and id. */
export interface Item {
  type: "goods" | "influencer" | "video";
  id: string;
}

/** The rank lists items are read from: each holds only part of its entity, so all of them. */
const LISTS: Array<{ entity: string; type: Item["type"]; rankTypes: string[] }> = [
  { entity: "goods", type: "goods", rankTypes: ["top-sale", "breakout", "new", "hot-promoted"] },
  { entity: "influencers", type: "influencer", rankTypes: ["breakout", "sales", "follower-growth", "commission"] },
  { entity: "videos", type: "video", rankTypes: ["hot", "sales"] },
];
const WINDOWS = ["30d", "7d", "3d", "24h"];

export const itemKey = (item: Item): string => `${item.type}:${item.id}`;

/** Up to `count` distinct goods, influencers and videos from the rank lists. */
export async function favouriteItems(base: string, token: string, count: number): Promise<Item[]> {
  const items = new Map<string, Item>();
  for (const { entity, type, rankTypes } of LISTS) {
    for (const rankType of rankTypes) {
      for (const window of WINDOWS) {
        for (let page = 1; items.size < count; page++) {
          const data = await apiCall<{ list: Array<{ id: string }> }>(
            base,
            `/api/v1/rank/${entity}?rank_type=${rankType}&window=${window}&page=${page}&size=100`,
            { token },
          );
          for (const row of data.list) items.set(itemKey({ type, id: row.id }), { type, id: row.id });
          if (data.list.length < 100) break;
        }
      }
    }
  }
  return [...items.values()].slice(0, count);
}

export interface Writer {
  /** Keys (itemKey) of the items whose PUT answered code 0. */
  acknowledged: Set<string>;
  /** Requests that failed (connection refused or reset once the server is gone). */
  failed: () => number;
  /** Resolves when every id was tried or the writer was stopped. */
  done: Promise<void>;
  stop: () => void;
}

export async function signInWriter(base: string): Promise<string> {
  return passwordLoginToken(base, WRITER_ACCOUNT);
}

/** Adds `items` as favourites with `concurrency` requests in flight. */
export function startWriter(base: string, token: string, items: readonly Item[], concurrency: number): Writer {
  const acknowledged = new Set<string>();
  let next = 0;
  let failed = 0;
  let stopped = false;
  const worker = async () => {
    while (!stopped && next < items.length) {
      const item = items[next++];
      try {
        const response = await fetch(`${base}/api/v1/tikmeta/portal/like`, {
          method: "PUT",
          headers: { ...API_HEADERS, authorization: token },
          body: JSON.stringify(item),
        });
        const body = (await response.json()) as { code: number };
        if (body.code === 0) acknowledged.add(itemKey(item));
        else failed++;
      } catch {
        failed++;
      }
    }
  };
  const done = Promise.all(Array.from({ length: concurrency }, worker)).then(() => {});
  return { acknowledged, failed: () => failed, done, stop: () => (stopped = true) };
}

/** Keys of every favourite of the account, read back through the API. */
export async function storedFavourites(base: string, token: string): Promise<Set<string>> {
  const stored = new Set<string>();
  for (let page = 1; ; page++) {
    const data = await apiCall<{ list: Item[]; total: number }>(
      base,
      `/api/v1/tikmeta/portal/like?page=${page}&size=100`,
      { token },
    );
    for (const row of data.list) stored.add(itemKey(row));
    if (data.list.length === 0 || stored.size >= data.total) return stored;
  }
}
