// HTTP header names between the app, its service worker and the server.

/** The edition of a request: 13 (Chinese) or 14 (overseas); the server refuses anything else. */
export const SYSTEM_ID_HEADER = "system-id";
/** The UI language of a request (contract/locales.ts apiLanguage). */
export const LANGUAGE_HEADER = "x-language";
/** The session token (the value of the token cookie, as it is). */
export const TOKEN_HEADER = "authorization";
/** The app's version. */
export const CLIENT_VERSION_HEADER = "client-ver";

/** Set by the service worker on every answer read from a data cache ("hit"); the app reads it. */
export const SW_CACHE_HEADER = "x-sw-cache";
/** When the worker stored that answer (ms since the epoch); the app shows its age. */
export const SW_CACHED_AT_HEADER = "x-sw-cached-at";

/**
 * Pages whose address carries a secret (/auth: Google's code and state, or a QR login ticket;
 * src/routing/paths.ts's "auth" route): the server and the worker answer them with
 * Referrer-Policy: no-referrer, so the address never leaves in a Referer header.
 */
export const NO_REFERRER_PATHS: readonly string[] = ["/auth", "/login/pages/auth/auth"];
export const NO_REFERRER = "no-referrer";

/** Whether the page at `pathname` must send no Referer (a trailing slash ignored, as the server does). */
export function isNoReferrerPath(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return NO_REFERRER_PATHS.includes(path);
}
