// Rendered-list snapshots, the app's side (repeat visits): once a list has rendered its first
// screen from data, the page's markup as React produced it — trimmed to the rows on the first
// screen, interactive elements inert, the data-age label left as a mark — goes to the service
// worker (SAVE_LIST_SNAPSHOT, contract/sw-messages.ts), which paints it into index.html on the
// next visit to the same URL by the same viewer in the same language (sw/list-snapshot.ts,
// sw/snapshot-cache.ts), before any JavaScript runs. The data-age label goes with it, rendered by
// DataFreshness for every age the snapshot can be shown at (freshness-labels.tsx): the worker
// only picks the one of the visit's age. React's first commit replaces the snapshot; until the
// list's data has loaded, the list page shows the snapshot's rows, read from #root during its
// first render (readBootSnapshot), so nothing blinks to skeletons.
import { FRESHNESS_MARK, SNAPSHOT_MAX_HTML, type ListSnapshot } from "../../../contract/list-snapshots";
import {
  SAVE_LIST_SNAPSHOT,
  type SaveListSnapshotMessage,
  type SaveListSnapshotReply,
} from "../../../contract/sw-messages";
import { ANONYMOUS_VIEWER, viewerFromDigest } from "../../../contract/viewers";
import type { Locale } from "../../i18n/locales";
import { freshnessLabels } from "./freshness-labels";

export interface SnapshotContext {
  /** Path and query of the page. */
  url: string;
  locale: Locale;
  systemId: number;
  /** The session token the data was asked with ("" for a visitor). */
  token: string;
  updatedAt?: string;
  nextUpdateAt?: string;
}

/** The viewer key of a session token (contract/viewers.ts; the worker derives the same). */
export async function viewerOf(token: string): Promise<string> {
  if (!token) return ANONYMOUS_VIEWER;
  return viewerFromDigest(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
}

/** translateY of a virtual-list row (its index times the row height). */
const rowOffset = (row: HTMLElement): number =>
  Number(/translateY\((-?[\d.]+)px\)/.exec(row.style.transform)?.[1] ?? NaN);

/**
 * The page element's first screen as markup: rows of virtual lists that start below the first
 * screen or still wait for their content are dropped, the data-age label becomes
 * FRESHNESS_MARK, data-state "ready" becomes "snapshot", forms become divs, and the page is inert (a click before React has taken over does nothing rather
 * than something half-wired).
 */
export function snapshotHtml(page: HTMLElement, viewportHeight: number): string {
  const clone = page.cloneNode(true) as HTMLElement;
  const pageTop = page.getBoundingClientRect().top;
  const lists = page.querySelectorAll<HTMLElement>(".virtual-list");
  clone.querySelectorAll<HTMLElement>(".virtual-list").forEach((list, index) => {
    const listTop = (lists[index]?.getBoundingClientRect().top ?? 0) - pageTop;
    let kept = 0;
    for (const row of Array.from(list.querySelectorAll<HTMLElement>(":scope > .virtual-list__row"))) {
      const offset = rowOffset(row);
      const waiting = row.classList.contains("virtual-list__row--waiting");
      if (!waiting && Number.isFinite(offset) && listTop + offset < viewportHeight) kept++;
      else row.remove();
    }
    list.setAttribute("data-rendered", String(kept));
  });
  // A select's choice is a property React set, not markup: write it as the selected attribute.
  const selects = page.querySelectorAll("select");
  clone.querySelectorAll("select").forEach((select, index) => {
    const chosen = selects[index]?.selectedIndex ?? -1;
    Array.from(select.options).forEach((option, at) => option.toggleAttribute("selected", at === chosen));
  });
  clone
    .querySelectorAll('[data-testid="data-freshness"]')
    .forEach((label) => label.replaceWith(document.createComment(FRESHNESS_MARK.slice(4, -3))));
  // Thumbnails load after the snapshot's first frame (the worker's loader sets their src back).
  clone.querySelectorAll("img[src]").forEach((image) => {
    image.setAttribute("data-snapshot-src", image.getAttribute("src")!);
    image.removeAttribute("src");
  });
  // A form could submit from a snapshot; the worker keeps none, so its fields go out in a div.
  clone.querySelectorAll("form").forEach((form) => {
    const box = document.createElement("div");
    for (const { name, value } of Array.from(form.attributes)) if (name === "class") box.setAttribute(name, value);
    box.append(...Array.from(form.childNodes));
    form.replaceWith(box);
  });
  // Not "ready": whoever waits for the list's data (tests, the bench) waits for React's list.
  clone.querySelectorAll('[data-state="ready"]').forEach((element) => element.setAttribute("data-state", "snapshot"));
  clone.setAttribute("inert", "");
  clone.setAttribute("data-snapshot-page", "");
  return clone.outerHTML;
}

/** The same-origin stylesheets the page loaded with its chunks (as paths), and the entry script. */
function buildAssets(): { stylesheets: string[]; entry: string | null } {
  const paths = Array.from(
    document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
    (link) => new URL(link.href, location.href),
  )
    .filter((url) => url.origin === location.origin && /^\/assets\/[\w.-]+\.css$/.test(url.pathname))
    .map((url) => url.pathname);
  const stylesheets = [...new Set(paths)];
  const entry = document.querySelector('script[type="module"][src^="/assets/"]')?.getAttribute("src") ?? null;
  return { stylesheets, entry };
}

/**
 * Sends the page's first screen to the worker controlling this page. Resolves to whether it was
 * kept (false without a worker, in a dev build without an entry chunk, or when too large).
 */
export async function saveListSnapshot(page: HTMLElement, context: SnapshotContext): Promise<boolean> {
  const worker = typeof navigator !== "undefined" ? navigator.serviceWorker?.controller : null;
  if (!worker) return false;
  const { stylesheets, entry } = buildAssets();
  if (!entry) return false;
  const html = snapshotHtml(page, window.innerHeight);
  if (html.length > SNAPSHOT_MAX_HTML) return false;
  const savedAt = Date.now();
  const snapshot: ListSnapshot = {
    viewer: await viewerOf(context.token),
    locale: context.locale,
    systemId: context.systemId,
    url: context.url,
    html,
    stylesheets,
    entry,
    savedAt,
    updatedAt: context.updatedAt,
    nextUpdateAt: context.nextUpdateAt,
    freshness: freshnessLabels(context.updatedAt, savedAt),
  };
  const channel = new MessageChannel();
  const answer = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 3000);
    channel.port1.onmessage = (event: MessageEvent<Partial<SaveListSnapshotReply> | null>) => {
      clearTimeout(timer);
      resolve(event.data?.saved === true);
    };
  });
  const message: SaveListSnapshotMessage = { type: SAVE_LIST_SNAPSHOT, snapshot };
  worker.postMessage(message, [channel.port2]);
  return answer;
}

export interface BootSnapshot {
  /** The markup inside the snapshot's rank list (its virtual list and first rows). */
  listHtml: string;
  savedAt: number;
  updatedAt?: string;
}

/**
 * The snapshot the worker painted this page with, when it is of `url` and has a list. Read
 * during the first render: React's first commit replaces #root's children, after which there is
 * none (later visits inside the app load as usual).
 */
export function readBootSnapshot(url: string): BootSnapshot | null {
  if (typeof document === "undefined") return null;
  const root = document.getElementById("root");
  if (!root || root.dataset.snapshotUrl !== url) return null;
  const list = root.querySelector('[data-snapshot-page] [data-testid="rank-list"]');
  if (!list) return null;
  return {
    listHtml: list.innerHTML,
    savedAt: Number(root.dataset.snapshot),
    updatedAt: root.dataset.updatedAt || undefined,
  };
}
