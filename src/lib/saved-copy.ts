// Which API answers were served from the service worker's data caches rather than the
// network. The worker (sw/data-cache.ts) marks them with `x-sw-cache: hit` and the time they
// were stored (`x-sw-cached-at`); the API client records that per answer object, and data
// screens ask savedCopyOf(answer) to say they show a saved copy. The header names are
// contract/http-headers.ts's.

import { SW_CACHE_HEADER, SW_CACHED_AT_HEADER } from "../../contract/http-headers";

export interface SavedCopy {
  /** When the copy was stored (ms since the epoch), or null when the worker did not say. */
  savedAt: number | null;
}

const savedCopies = new WeakMap<object, SavedCopy>();

/** Called by the API client with each successful answer and its response headers. */
export function recordSavedCopy(data: unknown, headers: Pick<Headers, "get">): void {
  if (typeof data !== "object" || data === null || headers.get(SW_CACHE_HEADER) !== "hit") return;
  const savedAt = Number(headers.get(SW_CACHED_AT_HEADER));
  const copy: SavedCopy = { savedAt: Number.isFinite(savedAt) && savedAt > 0 ? savedAt : null };
  savedCopies.set(data, copy);
  // Screens that show one part of an answer (a home section) ask about that part.
  for (const part of Object.values(data) as unknown[]) {
    if (typeof part === "object" && part !== null) savedCopies.set(part, copy);
  }
}

/** The saved-copy note of an answer, or undefined when it came from the network. */
export function savedCopyOf(data: unknown): SavedCopy | undefined {
  return typeof data === "object" && data !== null ? savedCopies.get(data) : undefined;
}
