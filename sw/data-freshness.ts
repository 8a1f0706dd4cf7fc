// The pure decisions behind the worker's data caches (no Workbox, no worker globals, so vitest
// runs them): which responses may be kept, how long a ranking is current, whose cache a
// request belongs to and under which key, and which paths each data cache serves. The ranking
// windows come from the data itself: every list body carries `next_update_at`, the next refresh
// slot of its cadence (home ranking every 6 h, weekly trend every 12 h at 12:00, fresh lists
// every 4 h; server/data/engine/time.ts).
import { SW_CACHED_AT_HEADER } from "../contract/http-headers";
import { ANONYMOUS_VIEWER, viewerFromDigest } from "../contract/viewers";

/** Rankings: answered from the cache inside their data window (data-cache.ts). */
export const RANKING_PATH = /^\/api\/v1\/(home|rank\/(?!versions$)[\w-]+)$/;
const DETAIL_PATH =
  /^\/api\/v1\/((goods|influencers|videos|music|hashtags)\/[^/]+(\/(trend|videos|calendar))?|product\/categories)$/;
/** The signed-in user's monitored items and alerts (the Monitor screen offline). */
const MONITOR_PATH = /^\/api\/v1\/monitor\/(items|alerts)$/;

/** Per-viewer data answered network first with the saved copy as fallback: details and the monitor lists. */
export const isDetailDataPath = (pathname: string): boolean =>
  DETAIL_PATH.test(pathname) || MONITOR_PATH.test(pathname);

/** Until when (ms since the epoch) a stored ranking is the current one. */
export const SW_REVALIDATE_AFTER_HEADER = "x-sw-revalidate-after";

const HOUR_MS = 3_600_000;
/** The longest window of any cadence: a body claiming more is not trusted beyond it. */
export const MAX_WINDOW_MS = 12 * HOUR_MS;
/** Lists without a next_update_at (none today) are revalidated after this. */
export const DEFAULT_WINDOW_MS = HOUR_MS;

interface Envelope {
  code: number;
  data?: unknown;
}

/** Only successful envelopes are kept: error answers (code != 0) would be served as data. */
export function isSuccessEnvelope(body: unknown): body is Envelope {
  return typeof body === "object" && body !== null && (body as Envelope).code === 0 && "data" in body;
}

const instantOf = (value: unknown): number | null => {
  if (typeof value !== "string") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};

/**
 * The earliest `next_update_at` of a ranking body: a rank list has one, the home body one per
 * section (the page is current until its first section refreshes). Null when there is none.
 */
export function nextUpdateOf(body: Envelope): number | null {
  const data = body.data;
  if (typeof data !== "object" || data === null) return null;
  const own = instantOf((data as Record<string, unknown>).next_update_at);
  if (own !== null) return own;
  let earliest: number | null = null;
  for (const value of Object.values(data)) {
    if (typeof value !== "object" || value === null) continue;
    const section = instantOf((value as Record<string, unknown>).next_update_at);
    if (section !== null && (earliest === null || section < earliest)) earliest = section;
  }
  return earliest;
}

/** Until when a ranking stored at `cachedAt` is current: its next refresh, within sane bounds. */
export function revalidateAfter(body: Envelope, cachedAt: number): number {
  const next = nextUpdateOf(body);
  if (next === null) return cachedAt + DEFAULT_WINDOW_MS;
  return Math.min(Math.max(next, cachedAt), cachedAt + MAX_WINDOW_MS);
}

/**
 * A stored ranking is answered without the network while `now` is inside its window. A clock
 * that went backwards (now < cachedAt) makes the copy stale, so a wrong device clock never
 * pins an old list.
 */
export function isFresh(cachedAt: number, until: number, now: number): boolean {
  return Number.isFinite(cachedAt) && Number.isFinite(until) && cachedAt <= now && now < until;
}

/** Reads the freshness stamps of a stored response's headers. */
export function freshnessOf(headers: Headers): { cachedAt: number; until: number } {
  return { cachedAt: Number(headers.get(SW_CACHED_AT_HEADER)), until: Number(headers.get(SW_REVALIDATE_AFTER_HEADER)) };
}

/**
 * Whose cache a request belongs to: "anon" without a session, else the first 16 hex digits of
 * the token's SHA-256 (the token itself never becomes a cache name).
 */
export async function viewerKey(token: string | null | undefined): Promise<string> {
  if (!token) return ANONYMOUS_VIEWER;
  return viewerFromDigest(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

/**
 * The key a data response is stored under: its URL plus the language and edition it was asked
 * in (names and titles follow them), so a switch of language never shows the other's copy.
 */
export function dataCacheKey(url: string, language: string | null, systemId: string | null): string {
  const key = new URL(url);
  key.searchParams.set("sw-lang", language ?? "");
  key.searchParams.set("sw-sys", systemId ?? "");
  return key.toString();
}
