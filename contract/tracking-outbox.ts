// The tracking outbox as both of its readers see it: the app writes events and its request
// headers into the IndexedDB store of contract/indexed-db.ts and sends them in batches; when it
// cannot, it registers the Background Sync tag below and the service worker sends the same
// store with the headers the page saved. Both take the Web Lock of the same name.

/** The Background Sync tag (and Web Lock name) of the replay. */
export const TRACKING_SYNC_TAG = "shopradar-tracking";
/** The key the page keeps its request headers under, in the outbox store. */
export const SENDER_KEY = "sender:headers";
/** Where batches go (POST). */
export const STATISTICS_PATH = "/api/v1/portal/statistics/common-user/action";
/** Most events per batch. */
export const TRACKING_BATCH_SIZE = 100;

/** What the page saves under SENDER_KEY: how to reach and address the API. */
export interface TrackingSender {
  /** The API's base URL as the page configured it (absolute). */
  baseURL: string;
  /** The session token ("" for a visitor). */
  token: string;
  /** The x-language header's value. */
  language: string;
  clientVer: string;
}

/** An event waiting in the outbox (what the worker needs of it; the page stores the whole event). */
export interface OutboxEntry {
  action: { id: string; channel_id: number; at: number };
  /** The edition the event happened in: the batch's system_id and system-id header. */
  systemId: 13 | 14;
}
