// The app shell: precached at install from the manifest vite-plugin-pwa injects, and stale
// precaches of older builds removed at activation.
import { cleanupOutdatedCaches, precacheAndRoute } from "workbox-precaching";
import { setCacheNameDetails } from "workbox-core";
import { CACHE_PREFIX, CACHE_VERSION } from "./cache-names";

declare const self: ServiceWorkerGlobalScope;

export function installPrecache(): void {
  setCacheNameDetails({ prefix: CACHE_PREFIX, suffix: CACHE_VERSION });
  // vite-plugin-pwa replaces this literal with the list of shell files and their revisions.
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
}
