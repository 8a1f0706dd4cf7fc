// Client error reports as the app sends them and the server stores them: a tracking event named
// CLIENT_ERROR_EVENT (so it travels through the tracking outbox and survives offline) whose
// json_str carries a ClientErrorReport. Kinds are few, so /metrics labels stay bounded.

/** The tracking event name of an error report. */
export const CLIENT_ERROR_EVENT = "client_error";

/** Where the error came from. */
export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection", "boundary"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

/** Longest message and stack the app sends (and the server keeps). */
export const CLIENT_ERROR_MESSAGE_MAX = 500;
export const CLIENT_ERROR_STACK_MAX = 2000;

/** What an error event's json_str holds (besides the tracking fields business_side and app_lang). */
export interface ClientErrorReport {
  kind: ClientErrorKind;
  /** The app version (src/lib/version.ts). */
  release: string;
  /** The route's name (e.g. "goods-detail"), never the URL with its ids and query. */
  route: string;
  name: string;
  message: string;
  stack: string;
}
