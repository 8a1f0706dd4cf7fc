// Rendered-list snapshots, the pure part (no Workbox, no worker globals, so vitest runs it):
// a repeat visit to a list paints the rows it showed last time straight from the HTML the
// worker answers, before any JavaScript runs (issue 6: "a light UI that renders from cache
// first"). The app saves the first screen of a list it rendered from data (src/lib/
// listSnapshot.ts); the worker puts it into #root of the precached index.html. React's first
// commit replaces #root's children, so the app takes over with no hydration (the list page
// reads the snapshot's rows from #root during its first render, before that commit).
// What decides whether a snapshot may be shown lives here: its key (viewer, UI language, URL),
// its 7-day hard expiry, the build it belongs to (its entry script must be the one of the HTML
// served), and the insertion itself, which also renders the data's age as of now
// (DataFreshness's markup and thresholds, with the labels the app translated when it saved).

/** A snapshot older than this is never shown (the data caches' hard expiry). */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 3_600_000;
/** Larger snapshots are refused: the first screen of a list is a few KB. */
export const SNAPSHOT_MAX_HTML = 64 * 1024;
/** The marker the app leaves where the data-age label goes (filled in at insertion). */
export const FRESHNESS_MARK = "<!--snapshot-freshness-->";
/** The message the app posts to save a snapshot (src/lib/listSnapshot.ts repeats the name). */
export const SAVE_LIST_SNAPSHOT = "SAVE_LIST_SNAPSHOT";
/** Locales of the app (src/i18n/locales.ts) and the fallback; repeated because sw/ imports nothing from src/. */
export const SNAPSHOT_LOCALES = ["zh", "en", "vi", "id", "th"] as const;
export const SNAPSHOT_SOURCE_LOCALE = "en";
/** The cookies the app keeps the session token and the chosen language in. */
export const TOKEN_COOKIE = "token";
export const LOCALE_COOKIE = "responsive-locale";
/** Paths whose pages save snapshots: the lists and the home page. */
const SNAPSHOT_PATHS = new Set(["/rank", "/pages/tab/rank/rank", "/", "/pages/tab/index/index"]);

export interface ListSnapshot {
  /** The viewer whose data it shows: "anon" or the token's hash (data-freshness.ts viewerKey). */
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
  /** The data-age labels in the snapshot's language: "Updated {age}" with {age} as is, "Saved copy", "Just now". */
  labels: { updated: string; saved: string; justNow: string };
}

const isString = (value: unknown): value is string => typeof value === "string";

/** Whether the app may snapshot this page (path and query of a list or the home page). */
export function isSnapshotUrl(url: string): boolean {
  if (!url.startsWith("/") || url.startsWith("//")) return false;
  return SNAPSHOT_PATHS.has(new URL(url, "http://x").pathname);
}

const STYLESHEET = /^\/assets\/[\w.-]+\.css$/;

/** Checks a message's snapshot field by field: the worker stores nothing it would not insert. */
export function parseSnapshot(value: unknown): ListSnapshot | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const labels = v.labels as Record<string, unknown> | undefined;
  if (
    !isString(v.viewer) ||
    !/^(anon|[0-9a-f]{16})$/.test(v.viewer) ||
    !isString(v.locale) ||
    !(SNAPSHOT_LOCALES as readonly string[]).includes(v.locale) ||
    typeof v.systemId !== "number" ||
    !isString(v.url) ||
    !isSnapshotUrl(v.url) ||
    !isString(v.html) ||
    v.html.length === 0 ||
    v.html.length > SNAPSHOT_MAX_HTML ||
    !Array.isArray(v.stylesheets) ||
    !v.stylesheets.every((href) => isString(href) && STYLESHEET.test(href)) ||
    !isString(v.entry) ||
    !/^\/assets\/[\w.-]+\.js$/.test(v.entry) ||
    typeof v.savedAt !== "number" ||
    !Number.isFinite(v.savedAt) ||
    (v.updatedAt !== undefined && !isString(v.updatedAt)) ||
    (v.nextUpdateAt !== undefined && !isString(v.nextUpdateAt)) ||
    !labels ||
    !isString(labels.updated) ||
    !isString(labels.saved) ||
    !isString(labels.justNow)
  )
    return null;
  return {
    viewer: v.viewer,
    locale: v.locale,
    systemId: v.systemId,
    url: v.url,
    html: v.html,
    stylesheets: v.stylesheets as string[],
    entry: v.entry,
    savedAt: v.savedAt,
    updatedAt: v.updatedAt as string | undefined,
    nextUpdateAt: v.nextUpdateAt as string | undefined,
    labels: { updated: labels.updated, saved: labels.saved, justNow: labels.justNow },
  };
}

/**
 * The key a snapshot is stored under, inside its viewer's cache (cache-names.ts): the UI
 * language and the page's path and query. The edition follows the language, so it needs no
 * part of its own.
 */
export function snapshotKey(origin: string, locale: string, url: string): string {
  const key = new URL("/__list-snapshot", origin);
  key.searchParams.set("lang", locale);
  key.searchParams.set("url", url);
  return key.toString();
}

/** The UI language a navigation will start in: src/i18n/detect.ts's rule (cookie, browser language prefix, English). */
export function snapshotLocale(saved: string | null | undefined, browserLanguage: string | null | undefined): string {
  const known = (value: string | null | undefined): value is string => (SNAPSHOT_LOCALES as readonly string[]).includes(value ?? "");
  if (known(saved)) return saved;
  const prefix = browserLanguage?.toLowerCase().split(/[-_]/)[0];
  return known(prefix) ? prefix : SNAPSHOT_SOURCE_LOCALE;
}

/** A snapshot is shown only inside its hard expiry, and never with a clock before its save. */
export function isShowable(snapshot: Pick<ListSnapshot, "savedAt">, now: number): boolean {
  return snapshot.savedAt <= now && now - snapshot.savedAt < SNAPSHOT_MAX_AGE_MS;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** src/lib/format.ts formatRelativeTime, with its "Just now" passed in (a unit test keeps both equal). */
export function relativeAge(instant: string | number, now: number, locale: string, justNow: string): string {
  const elapsed = now - new Date(instant).getTime();
  if (Number.isNaN(elapsed)) return "";
  if (elapsed < 5 * MINUTE) return justNow;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), "hour");
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return format.format(-days, "day");
  const months = Math.floor(days / 30);
  if (months < 12) return format.format(-months, "month");
  return format.format(-Math.max(1, Math.floor(days / 365)), "year");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** DataFreshness's markup for a saved copy: the data's age and "Saved copy". */
export function freshnessHtml(snapshot: ListSnapshot, now: number): string {
  const age = snapshot.updatedAt ? relativeAge(snapshot.updatedAt, now, snapshot.locale, snapshot.labels.justNow) : "";
  const updated = age ? `<span data-testid="data-age">${escapeHtml(snapshot.labels.updated.replace("{age}", age))}</span>` : "";
  return `<span class="data-freshness" data-testid="data-freshness" data-saved="true">${updated}<span class="data-freshness__saved" data-testid="data-saved">${escapeHtml(snapshot.labels.saved)}</span></span>`;
}

const ROOT = '<div id="root"></div>';
const MODULE_TAG = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>|<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/**
 * The app's module script and its preloads, and the snapshot's thumbnails, started only after
 * the snapshot's first frame. Discovered in the head, some twenty module requests (and the
 * thumbnails') answered at once by the worker would each cost the main thread a task before
 * the parser reaches #root (half a second on a slow phone), so the saved rows would paint after
 * the app's code had loaded rather than before. A module script added by script runs as soon as
 * it is ready, like the deferred one it replaces (the app waits for no DOMContentLoaded). The
 * thumbnails wait in data-snapshot-src (src/lib/listSnapshot.ts); their boxes keep their size.
 */
export function deferModules(html: string): string {
  const modules: string[] = [];
  const preloads: string[] = [];
  const rest = html.replace(MODULE_TAG, (_tag, script?: string, preload?: string) => {
    if (script) modules.push(script);
    if (preload) preloads.push(preload);
    return "";
  });
  const loader = `<script>(function (m, p) {
  function add(tag, attrs) { var el = document.createElement(tag); el.crossOrigin = ""; for (var k in attrs) el.setAttribute(k, attrs[k]); document.head.appendChild(el); }
  function start() {
    var images = document.querySelectorAll("img[data-snapshot-src]");
    for (var i = 0; i < images.length; i++) { images[i].setAttribute("src", images[i].getAttribute("data-snapshot-src")); images[i].removeAttribute("data-snapshot-src"); }
    m.forEach(function (src) { add("script", { type: "module", src: src }); });
    p.forEach(function (href) { add("link", { rel: "modulepreload", href: href }); });
  }
  requestAnimationFrame(function () { setTimeout(start, 0); });
})(${JSON.stringify(modules)}, ${JSON.stringify(preloads)});</script>`;
  return rest.replace("</body>", () => `${loader}</body>`);
}

/**
 * index.html with the snapshot painted into #root (marked `data-snapshot` with its save time,
 * URL and data time, which the list page reads while its data loads) and its stylesheets' text
 * inline in the head. The CSS goes inline because a linked stylesheet would wait behind the
 * module requests the page starts first, and would hold back the first paint and the inline
 * scripts after #root until then (the chunks link the same files again later: same rules).
 * `css` holds each stylesheet's text by href. Null when this HTML is of another build (its entry
 * script is not the snapshot's), has no empty root, or a stylesheet's text is missing.
 */
export function insertSnapshot(indexHtml: string, snapshot: ListSnapshot, now: number, css: ReadonlyMap<string, string>): string | null {
  if (!indexHtml.includes(ROOT) || !indexHtml.includes(`src="${snapshot.entry}"`)) return null;
  if (!snapshot.stylesheets.every((href) => css.has(href))) return null;
  const body = snapshot.html.split(FRESHNESS_MARK).join(freshnessHtml(snapshot, now));
  // Stylesheets the shell already has inline (the entry's) are not repeated.
  const links = snapshot.stylesheets
    .map((href) => [href, css.get(href)!.replace(/<\/style/gi, "<\\/style")] as const)
    .filter(([, text]) => !indexHtml.includes(text.trim()))
    .map(([href, text]) => `<style data-snapshot-css="${escapeHtml(href)}">${text}</style>`)
    .join("");
  const updated = snapshot.updatedAt ? ` data-updated-at="${escapeHtml(snapshot.updatedAt)}"` : "";
  const marks = `data-snapshot="${snapshot.savedAt}" data-snapshot-url="${escapeHtml(snapshot.url)}"${updated}`;
  let html = indexHtml.replace(ROOT, () => `<div id="root" ${marks}>${body}</div>`);
  if (links) html = html.replace("</head>", () => `${links}</head>`);
  html = html.replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(snapshot.locale)}">`);
  return deferModules(html);
}
