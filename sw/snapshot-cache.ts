// Rendered-list snapshots, the worker's side (list-snapshot.ts has the decisions): stores what
// the app posts (SAVE_LIST_SNAPSHOT, contract/sw-messages.ts) in its viewer's cache, and answers a navigation with the
// precached index.html plus the snapshot of that viewer, language and URL when there is one.
// Whose snapshot: the viewer comes from the session cookie (Cookie Store API, Chromium), hashed
// like the data caches' Authorization header, both when saving (a snapshot posted by a page that
// rendered for a session which has since ended is refused) and when answering, so one viewer
// never sees another's. Sign-out drops the signed-in caches with the data caches
// (cache-names.ts isSignedInDataCache). Without the Cookie Store API there are no snapshots.
import { matchPrecache } from "workbox-precaching";
import { LOCALE_COOKIE, TOKEN_COOKIE } from "../contract/cookies";
import { detectLocale } from "../contract/locales";
import { messageType, SAVE_LIST_SNAPSHOT, type SaveListSnapshotReply } from "../contract/sw-messages";
import { viewerCacheName } from "./cache-names";
import { viewerKey } from "./data-freshness";
import {
  acceptSnapshot,
  insertSnapshot,
  isShowable,
  parseSnapshot,
  snapshotKey,
  type ListSnapshot,
} from "./list-snapshot";

declare const self: ServiceWorkerGlobalScope;

/** Snapshots kept per viewer: the lists one looks at, a few languages. */
const MAX_SNAPSHOTS = 40;

interface CookieReader {
  get: (name: string) => Promise<{ value: string } | null>;
}

const cookieStore = (): CookieReader | undefined => (self as unknown as { cookieStore?: CookieReader }).cookieStore;

async function cookie(store: CookieReader, name: string): Promise<string | null> {
  const found = await store.get(name);
  return found ? decodeURIComponent(found.value) : null;
}

/** The viewer and UI language a page opened now runs as, or null without the Cookie Store API. */
async function currentViewer(): Promise<{ viewer: string; locale: string } | null> {
  const store = cookieStore();
  if (!store) return null;
  const [token, saved] = await Promise.all([cookie(store, TOKEN_COOKIE), cookie(store, LOCALE_COOKIE)]);
  return { viewer: await viewerKey(token), locale: detectLocale(saved, self.navigator.language) };
}

async function saveSnapshot(snapshot: ListSnapshot): Promise<boolean> {
  const current = await currentViewer();
  if (!current || current.viewer !== snapshot.viewer) return false;
  const cache = await caches.open(viewerCacheName("snapshot", snapshot.viewer));
  const key = snapshotKey(self.location.origin, snapshot.locale, snapshot.url);
  // The same screen again (every visit saves): kept as it is, with its first save time.
  const stored = parseSnapshot(await (await cache.match(key))?.json().catch(() => null));
  if (
    stored &&
    stored.html === snapshot.html &&
    stored.updatedAt === snapshot.updatedAt &&
    stored.entry === snapshot.entry &&
    isShowable(stored, Date.now())
  )
    return true;
  // Overwritten in place (never deleted first: a navigation at that moment would find nothing).
  await cache.put(key, new Response(JSON.stringify(snapshot), { headers: { "content-type": "application/json" } }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_SNAPSHOTS)))
    if (old.url !== key) await cache.delete(old);
  return true;
}

/** The snapshot to paint for a navigation to `url`, if one may be shown now. */
export async function snapshotFor(url: URL): Promise<ListSnapshot | null> {
  const current = await currentViewer();
  if (!current) return null;
  const cacheName = viewerCacheName("snapshot", current.viewer);
  const key = snapshotKey(self.location.origin, current.locale, url.pathname + url.search);
  const stored = await caches.match(key, { cacheName });
  if (!stored) return null;
  const snapshot = parseSnapshot(await stored.json().catch(() => null));
  if (!snapshot || snapshot.viewer !== current.viewer) return null;
  if (!isShowable(snapshot, Date.now())) {
    await (await caches.open(cacheName)).delete(key);
    return null;
  }
  return snapshot;
}

/** Stylesheet texts by href, read from the precache once per worker (their names are content-hashed). */
const cssTexts = new Map<string, string>();

/** The texts of the snapshot's stylesheets; one missing (another build's) leaves it out. */
async function stylesheetsOf(snapshot: ListSnapshot): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const href of snapshot.stylesheets) {
    let text = cssTexts.get(href);
    if (text === undefined) {
      const response = await matchPrecache(href);
      if (!response) continue;
      text = await response.text();
      cssTexts.set(href, text);
    }
    found.set(href, text);
  }
  return found;
}

/** The shell answer of a navigation with the snapshot painted in, or the shell as it is. */
export async function withSnapshot(url: URL, shell: Response): Promise<Response> {
  if (!shell.ok) return shell;
  try {
    const snapshot = await snapshotFor(url);
    if (!snapshot) return shell;
    const html = insertSnapshot(await shell.clone().text(), snapshot, Date.now(), await stylesheetsOf(snapshot));
    if (html === null) return shell;
    const headers = new Headers(shell.headers);
    headers.delete("content-length");
    headers.set("content-type", "text/html; charset=utf-8");
    return new Response(html, { status: shell.status, statusText: shell.statusText, headers });
  } catch {
    return shell;
  }
}

export function installListSnapshots(): void {
  self.addEventListener("message", (event) => {
    if (messageType(event.data) !== SAVE_LIST_SNAPSHOT) return;
    // Checked and sanitised before it is stored (and again before it is painted).
    const snapshot = acceptSnapshot((event.data as { snapshot?: unknown }).snapshot);
    const port = event.ports[0];
    const reply = (saved: boolean) =>
      port?.postMessage({ type: SAVE_LIST_SNAPSHOT, saved } satisfies SaveListSnapshotReply);
    if (!snapshot) {
      reply(false);
      return;
    }
    event.waitUntil(saveSnapshot(snapshot).then(reply, () => reply(false)));
  });
}
