// Cookie names the app writes and the service worker (Cookie Store API) or the server reads.
// A deployment may share them with the desktop site (COOKIE_DOMAIN, a parent domain), so these
// names are fixed.

/** The session token (opaque, sent back as the token header of API requests). */
export const TOKEN_COOKIE = "token";
/** The UI language the user chose (one of contract/locales.ts LOCALES), kept one year. */
export const LOCALE_COOKIE = "responsive-locale";
/** The tracking device id, kept one year. */
export const DEVICE_ID_COOKIE = "device-id";
