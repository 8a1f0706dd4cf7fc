// Cache names of the service worker: every name carries the app prefix and a version so a
// new worker can drop what an older one left behind.
export const CACHE_PREFIX = "shopradar";
export const CACHE_VERSION = "v1";

export const cacheName = (purpose: string): string => `${CACHE_PREFIX}-${purpose}-${CACHE_VERSION}`;

export const LOCALE_CACHE = cacheName("locales");

// Data caches (data-cache.ts) and rendered-list snapshots (snapshot-cache.ts). Rankings and
// details depend on who asks (visitors see shorter lists, plans differ), so each viewer has its
// own: "anon" or a hash of the session token.
export type ViewerCachePurpose = "rank" | "detail" | "snapshot";
const VIEWER_PURPOSES: readonly ViewerCachePurpose[] = ["rank", "detail", "snapshot"];
export const viewerCacheName = (purpose: ViewerCachePurpose, viewer: string): string =>
  cacheName(`${purpose}-${viewer}`);
const isViewerCache = (name: string): boolean =>
  VIEWER_PURPOSES.some((purpose) => name.startsWith(`${CACHE_PREFIX}-${purpose}-`));
/** A signed-in viewer's data or snapshot cache (not the visitors' one): dropped on sign-out. */
export const isSignedInDataCache = (name: string): boolean => isViewerCache(name) && !/-anon-[^-]+$/.test(name);
/** A cache of this worker's prefix left by another cache version. */
export const isOutdatedCache = (name: string): boolean =>
  name.startsWith(`${CACHE_PREFIX}-`) && !name.endsWith(`-${CACHE_VERSION}`);
export const IMAGE_CACHE = cacheName("images");
export const ASSET_CACHE = cacheName("assets");
/** Any viewer's data or snapshot cache, or the thumbnails: what the debug panel's "Clear caches"
 *  empties (the app's own files, precached or not, and the catalogs stay). */
export const isDataCache = (name: string): boolean => isViewerCache(name) || name === IMAGE_CACHE;
