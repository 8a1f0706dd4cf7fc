// Runtime caches of the data service, so the app opens with the last lists it saw on a flaky
// or absent network:
// - rankings (GET /api/v1/home, /api/v1/rank/{entity}): answered from the cache without the
//   network while the stored copy is inside its data window (until the body's next_update_at);
//   once past it, network first with a short time-out and the stored copy as the fallback. We
//   chose this over plain stale-while-revalidate because the first navigation after a refresh
//   slot then shows the new list (SWR would show the old one once more), while an offline or
//   stalled network still gets the saved copy within NETWORK_TIMEOUT_MS. A late network answer
//   still lands in the cache. Hard expiry 7 days: an offline user gets the last copy all week.
// - details, trends, the category tree and the Monitor screen's items and alerts: network first
//   (short time-out), cache as fallback.
// - thumbnails (/api/v1/images/): drawn from the id alone, so cache-first.
// - JavaScript chunks that are not precached (heavy pages, charts): cache-first on first use.
// Rankings and details depend on who asks, so their caches are per viewer (data-freshness.ts)
// and sign-out drops the signed-in ones (CLEAR_USER_DATA_CACHES). Only 200 answers with code 0
// are kept; every answer read from a cache carries `x-sw-cache: hit` and `x-sw-cached-at`.
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, Strategy, type StrategyHandler } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import type { WorkboxPlugin } from "workbox-core/types";
import {
  ASSET_CACHE,
  IMAGE_CACHE,
  isOutdatedCache,
  isSignedInDataCache,
  viewerCacheName,
  type ViewerCachePurpose,
} from "./cache-names";
import {
  LANGUAGE_HEADER,
  SW_CACHE_HEADER,
  SW_CACHED_AT_HEADER,
  SYSTEM_ID_HEADER,
  TOKEN_HEADER,
} from "../contract/http-headers";
import { CLEAR_USER_DATA_CACHES, messageType, type ClearUserDataCachesReply } from "../contract/sw-messages";
import {
  dataCacheKey,
  freshnessOf,
  isDetailDataPath,
  isFresh,
  isSuccessEnvelope,
  RANKING_PATH,
  revalidateAfter,
  SW_REVALIDATE_AFTER_HEADER,
  viewerKey,
} from "./data-freshness";

declare const self: ServiceWorkerGlobalScope;

const IMAGE_PATH = /^\/api\/v1\/images\//;
const ASSET_PATH = /^\/assets\/[^/]+\.(js|css)$/;

/** How long a stale ranking or a detail waits for the network before the saved copy answers. */
const NETWORK_TIMEOUT_MS = 3000;
const DAY_SECONDS = 24 * 3600;

const sameOrigin = (url: URL) => url.origin === self.location.origin;

function withHeaders(response: Response, headers: Headers): Response {
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Keys by URL + language + edition (data-freshness.ts), never by the raw request. */
const keyPlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) =>
    dataCacheKey(request.url, request.headers.get(LANGUAGE_HEADER), request.headers.get(SYSTEM_ID_HEADER)),
};

/** Keeps only 200 answers with code 0, stamped with when they were stored (and, for rankings, until when they are current). */
const stampPlugin = (ranking: boolean): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const text = await response.clone().text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return null;
    }
    if (!isSuccessEnvelope(body)) return null;
    const cachedAt = Date.now();
    const headers = new Headers(response.headers);
    // The body below is already decoded: the stored copy must not claim an encoding.
    headers.delete("content-encoding");
    headers.delete("content-length");
    headers.set(SW_CACHED_AT_HEADER, String(cachedAt));
    if (ranking) headers.set(SW_REVALIDATE_AFTER_HEADER, String(revalidateAfter(body, cachedAt)));
    return new Response(text, { status: 200, statusText: response.statusText, headers });
  },
});

/** Marks what a cache answers, so the page can say it shows a saved copy. */
const hitPlugin: WorkboxPlugin = {
  cachedResponseWillBeUsed: async ({ cachedResponse }) => {
    if (!cachedResponse) return null;
    const headers = new Headers(cachedResponse.headers);
    headers.set(SW_CACHE_HEADER, "hit");
    return withHeaders(cachedResponse, headers);
  },
};

const timeout = (ms: number) => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms));

/** Rankings: cache inside the data window, else network first with the saved copy as fallback. */
class RankingStrategy extends Strategy {
  protected async _handle(request: Request, handler: StrategyHandler): Promise<Response> {
    const cached = await handler.cacheMatch(request);
    if (cached) {
      const { cachedAt, until } = freshnessOf(cached.headers);
      if (isFresh(cachedAt, until, Date.now())) return cached;
    }
    const network = handler.fetchAndCachePut(request);
    if (!cached) return network;
    // Past the window: let a late answer still refresh the cache after the saved copy answered.
    void handler.waitUntil(network.catch(() => undefined));
    try {
      const response = await Promise.race([network, timeout(NETWORK_TIMEOUT_MS)]);
      return response && response.status < 500 ? response : cached;
    } catch {
      return cached;
    }
  }
}

// ---- per-viewer strategies --------------------------------------------------------------------

interface ViewerStrategy {
  strategy: Strategy;
  expiration: ExpirationPlugin;
}

const viewerStrategies = new Map<string, ViewerStrategy>();

function createStrategy(purpose: ViewerCachePurpose, cacheName: string, expiration: ExpirationPlugin): Strategy {
  // Expiration first: an entry past its hard age is a miss before it is marked as a hit.
  const plugins = [keyPlugin, expiration, stampPlugin(purpose === "rank"), hitPlugin];
  if (purpose === "rank") return new RankingStrategy({ cacheName, plugins });
  return new NetworkFirst({ cacheName, plugins, networkTimeoutSeconds: NETWORK_TIMEOUT_MS / 1000 });
}

async function strategyFor(purpose: ViewerCachePurpose, request: Request): Promise<Strategy> {
  const cacheName = viewerCacheName(purpose, await viewerKey(request.headers.get(TOKEN_HEADER)));
  let entry = viewerStrategies.get(cacheName);
  if (!entry) {
    const expiration =
      purpose === "rank"
        ? // Hard expiry 7 days (the data window itself is the next_update_at of each body).
          new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * DAY_SECONDS, purgeOnQuotaError: true })
        : // Details: the last 80 pages opened, for 3 days.
          new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 3 * DAY_SECONDS, purgeOnQuotaError: true });
    entry = { strategy: createStrategy(purpose, cacheName, expiration), expiration };
    viewerStrategies.set(cacheName, entry);
  }
  return entry.strategy;
}

/** Files that never change under their URL: cache-first, 200 answers only, bounded, 30 days. */
function cacheFirst(path: RegExp, cacheName: string, maxEntries: number): void {
  registerRoute(
    ({ url }) => sameOrigin(url) && path.test(url.pathname),
    new CacheFirst({
      cacheName,
      plugins: [
        { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
        new ExpirationPlugin({ maxEntries, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );
}

/** Drops the caches `which` picks, with the expiration records of the viewers' data caches. */
export async function clearDataCaches(which: (name: string) => boolean): Promise<string[]> {
  const dropped: string[] = [];
  for (const [name, entry] of viewerStrategies) {
    if (!which(name)) continue;
    await entry.expiration.deleteCacheAndMetadata();
    viewerStrategies.delete(name);
    dropped.push(name);
  }
  for (const name of await caches.keys()) {
    if (which(name) && (await caches.delete(name))) dropped.push(name);
  }
  return dropped;
}

/** Drops every signed-in viewer's data caches (and their expiration records); visitors' stay. */
export const clearSignedInDataCaches = (): Promise<string[]> => clearDataCaches(isSignedInDataCache);

export function installDataCaches(): void {
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === "GET" && RANKING_PATH.test(url.pathname),
    async ({ request, event }) => (await strategyFor("rank", request)).handle({ request, event }),
  );
  registerRoute(
    ({ url, request }) => sameOrigin(url) && request.method === "GET" && isDetailDataPath(url.pathname),
    async ({ request, event }) => (await strategyFor("detail", request)).handle({ request, event }),
  );
  // Thumbnails: a few KB each; 400 for 30 days (they never change: drawn from the id).
  cacheFirst(IMAGE_PATH, IMAGE_CACHE, 400);
  // Registered after the precache and locale routes, so it only sees chunks neither serves:
  // content-hashed names never go stale; 60 chunks for 30 days covers a few builds.
  cacheFirst(ASSET_PATH, ASSET_CACHE, 60);

  self.addEventListener("message", (event) => {
    if (messageType(event.data) !== CLEAR_USER_DATA_CACHES) return;
    const port = event.ports[0];
    const reply = (dropped: number) =>
      port?.postMessage({ type: CLEAR_USER_DATA_CACHES, dropped } satisfies ClearUserDataCachesReply);
    event.waitUntil(
      clearSignedInDataCaches().then(
        (dropped) => reply(dropped.length),
        () => reply(0),
      ),
    );
  });

  self.addEventListener("activate", (event) => {
    event.waitUntil(
      caches.keys().then((names) => Promise.all(names.filter(isOutdatedCache).map((name) => caches.delete(name)))),
    );
  });
}
