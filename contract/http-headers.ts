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
