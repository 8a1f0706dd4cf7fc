// Catalogs of the non-default locales are left out of the precache (smaller install) and kept
// here once a user has switched to them. Their file names are content-hashed, so a cached copy
// never goes stale: cache-first with a bounded number of entries.
import { registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { ExpirationPlugin } from "workbox-expiration";
import { DEFAULT_LOCALE, LOCALES } from "../contract/locales";
import { LOCALE_CACHE } from "./cache-names";

/** The catalog chunks of every locale but the default (vite.config.ts names them messages-<locale>-<hash>.js). */
const LOCALE_CHUNK = new RegExp(
  `/assets/messages-(${LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).join("|")})-[\\w-]+\\.js$`,
);

export function installLocaleCache(): void {
  registerRoute(
    ({ url }) => url.origin === self.location.origin && LOCALE_CHUNK.test(url.pathname),
    new CacheFirst({
      cacheName: LOCALE_CACHE,
      // 4 locales x a few builds; 30 days so catalogs of abandoned builds go away.
      plugins: [new ExpirationPlugin({ maxEntries: 12, maxAgeSeconds: 30 * 24 * 3600 })],
    }),
  );
}
