// Rendered-list snapshots, the pure part (no Workbox, no worker globals, so vitest runs it):
// a repeat visit to a list paints the rows it showed last time straight from the HTML the
// worker answers, before any JavaScript runs. The app saves the first screen of a list it
// rendered from data (src/features/list-snapshots/); the worker puts it into #root of the
// precached index.html. React's first commit replaces #root's children, so the app takes over
// with no hydration (the list page reads the snapshot's rows from #root during its first
// render, before that commit). What decides whether a snapshot may be shown lives here: its key
// (viewer, UI language, URL), its 7-day hard expiry, the build it belongs to (its entry script
// must be the one of the HTML served), and the insertion itself. The data-age label is the
// app's markup too: the snapshot carries it for every age it can be shown at, and the worker
// only picks the entry of the current age.
import { isLocale } from "../contract/locales";
import {
  FRESHNESS_MARK,
  SNAPSHOT_MAX_AGE_MS,
  SNAPSHOT_MAX_HTML,
  SNAPSHOT_MAX_LABEL_HTML,
  SNAPSHOT_MAX_LABELS,
  SNAPSHOT_PATHS,
  type FreshnessLabel,
  type ListSnapshot,
} from "../contract/list-snapshots";
import { startsModule } from "../contract/module-loader";
import { VIEWER_KEY } from "../contract/viewers";
import { sanitizeSnapshotHtml } from "./snapshot-sanitizer";

export type { ListSnapshot };

const isString = (value: unknown): value is string => typeof value === "string";

/** Whether the app may snapshot this page (path and query of a list or the home page). */
export function isSnapshotUrl(url: string): boolean {
  if (!url.startsWith("/") || url.startsWith("//")) return false;
  return SNAPSHOT_PATHS.includes(new URL(url, "http://x").pathname);
}

const STYLESHEET = /^\/assets\/[\w.-]+\.css$/;

/** The labels by data age: ascending, bounded in number and size. */
function isFreshnessTable(value: unknown): value is FreshnessLabel[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > SNAPSHOT_MAX_LABELS) return false;
  let previous = -Infinity;
  for (const entry of value as unknown[]) {
    const { after, html } = (entry ?? {}) as Partial<FreshnessLabel>;
    if (typeof after !== "number" || !Number.isFinite(after) || after <= previous) return false;
    if (!isString(html) || html.length > SNAPSHOT_MAX_LABEL_HTML) return false;
    previous = after;
  }
  return true;
}

/** Checks a message's snapshot field by field: the worker stores nothing it would not insert. */
export function parseSnapshot(value: unknown): ListSnapshot | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    !isString(v.viewer) ||
    !VIEWER_KEY.test(v.viewer) ||
    !isString(v.locale) ||
    !isLocale(v.locale) ||
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
    !isFreshnessTable(v.freshness)
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
    updatedAt: v.updatedAt,
    nextUpdateAt: v.nextUpdateAt,
    freshness: v.freshness.map(({ after, html }) => ({ after, html })),
  };
}

/** The snapshot with its markup and data-age labels cut down to the allowed tags and attributes. */
export function sanitizeSnapshot(snapshot: ListSnapshot): ListSnapshot {
  return {
    ...snapshot,
    html: sanitizeSnapshotHtml(snapshot.html),
    freshness: snapshot.freshness.map(({ after, html }) => ({ after, html: sanitizeSnapshotHtml(html) })),
  };
}

/** What the worker stores of a posted snapshot: checked field by field, its markup sanitised. */
export function acceptSnapshot(value: unknown): ListSnapshot | null {
  const snapshot = parseSnapshot(value);
  return snapshot && sanitizeSnapshot(snapshot);
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

/** A snapshot is shown only inside its hard expiry, and never with a clock before its save. */
export function isShowable(snapshot: Pick<ListSnapshot, "savedAt">, now: number): boolean {
  return snapshot.savedAt <= now && now - snapshot.savedAt < SNAPSHOT_MAX_AGE_MS;
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * The app's data-age label for the data's age at `now`: the entry whose age range holds it
 * (before the first, the first; past the last, the last). Without the data's time, the first.
 */
export function freshnessLabel(snapshot: Pick<ListSnapshot, "updatedAt" | "freshness">, now: number): string {
  const labels = snapshot.freshness;
  const updated = snapshot.updatedAt ? Date.parse(snapshot.updatedAt) : NaN;
  if (Number.isNaN(updated)) return labels[0]?.html ?? "";
  const age = now - updated;
  let chosen = labels[0];
  for (const label of labels) if (label.after <= age) chosen = label;
  return chosen?.html ?? "";
}

const ROOT = '<div id="root"></div>';
/**
 * index.html with the snapshot painted into #root (marked `data-snapshot` with its save time,
 * URL and data time, which the list page reads while its data loads) and its stylesheets' text
 * inline in the head. The CSS goes inline because a linked stylesheet would wait behind the
 * module requests the page starts first, and would hold back the first paint and the inline
 * scripts after #root until then (the chunks link the same files again later: same rules).
 * `css` holds each stylesheet's text by href. The app's modules and the thumbnails start after
 * the snapshot's first frame: index.html's own loader does that (contract/module-loader.ts).
 * Null when this HTML is of another build (the modules it starts are not the snapshot's
 * entry), has no empty root, or a stylesheet's text is missing.
 */
export function insertSnapshot(
  indexHtml: string,
  snapshot: ListSnapshot,
  now: number,
  css: ReadonlyMap<string, string>,
): string | null {
  if (!indexHtml.includes(ROOT) || !startsModule(indexHtml, snapshot.entry)) return null;
  if (!snapshot.stylesheets.every((href) => css.has(href))) return null;
  // Sanitised again as it goes out: what is in the cache may predate the sanitiser.
  const label = sanitizeSnapshotHtml(freshnessLabel(snapshot, now)).split(FRESHNESS_MARK).join("");
  const body = sanitizeSnapshotHtml(snapshot.html).split(FRESHNESS_MARK).join(label);
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
  return html;
}
