// A rendered-list snapshot as the app posts it to the service worker (SAVE_LIST_SNAPSHOT) and
// the worker stores and paints into index.html on a repeat visit. The app writes all of its
// markup, including the data-age label for every age the snapshot can be shown at: the worker
// only picks the label of the current age from that table.

/** A snapshot older than this is never shown (the data caches' hard expiry, 7 days). */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Larger snapshots are refused: the first screen of a list is a few KB. */
export const SNAPSHOT_MAX_HTML = 64 * 1024;
/** The mark the app leaves in `html` where the data-age label goes. */
export const FRESHNESS_MARK = "<!--snapshot-freshness-->";
/** At most this many labels, none longer than SNAPSHOT_MAX_LABEL_HTML. */
export const SNAPSHOT_MAX_LABELS = 200;
export const SNAPSHOT_MAX_LABEL_HTML = 2048;
/** Paths whose pages may be snapshot: the lists and the home page. */
export const SNAPSHOT_PATHS: readonly string[] = ["/rank", "/pages/tab/rank/rank", "/", "/pages/tab/index/index"];

/** The data-age label (markup) to show from `after` ms of data age until the next entry's. */
export interface FreshnessLabel {
  after: number;
  html: string;
}

export interface ListSnapshot {
  /** The viewer whose data it shows: "anon" or the first 16 hex digits of the token's SHA-256. */
  viewer: string;
  locale: string;
  /** Edition (system id) of the data; it follows the locale, kept for the record. */
  systemId: number;
  /** Path and query of the page, e.g. /rank?type=goods&rankType=top-sale&window=24h. */
  url: string;
  /** The page's first screen as React rendered it, interactive elements inert. */
  html: string;
  /** Same-origin stylesheets the page had loaded (its chunks' CSS), as their link hrefs. */
  stylesheets: string[];
  /** The entry script of the build that rendered it (its src in index.html). */
  entry: string;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  /** The data's updated_at and next_update_at (ISO instants), when the list had them. */
  updatedAt?: string;
  nextUpdateAt?: string;
  /**
   * The data-age label for FRESHNESS_MARK, by age of the data (now - updatedAt; without
   * updatedAt, the first entry), ascending by `after`, covering every age up to the expiry.
   */
  freshness: FreshnessLabel[];
}
