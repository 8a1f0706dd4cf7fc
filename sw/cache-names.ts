// Cache names of the service worker: every name carries the app prefix and a version so a
// new worker can drop what an older one left behind.
export const CACHE_PREFIX = "shopradar";
export const CACHE_VERSION = "v1";

export const cacheName = (purpose: string): string => `${CACHE_PREFIX}-${purpose}-${CACHE_VERSION}`;

export const LOCALE_CACHE = cacheName("locales");
