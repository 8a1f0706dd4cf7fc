// Lazy page loading with fixed timings: nothing for the first 200 ms, then a
// loading placeholder; a rejected import is a ChunkLoadError and a page still missing after
// 60 s times out — both end in an error view with Retry, never a blank screen.
import { loadWholeCatalog } from "../i18n/catalog";
import { resolvePath } from "./resolve";
import type { PageLoader } from "./route-types";
import { routeByName } from "./routes";

export const PLACEHOLDER_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;

export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
}

export class PageTimeoutError extends Error {
  override readonly name = "PageTimeoutError";
}

type PageModule = Awaited<ReturnType<PageLoader>>;

export type PageLoadState =
  | { status: "waiting" }
  | { status: "slow" }
  | { status: "ready"; module: PageModule }
  | { status: "failed"; error: ChunkLoadError | PageTimeoutError };

export interface PageLoadTimings {
  delayMs?: number;
  timeoutMs?: number;
}

const loadedModules = new WeakMap<PageLoader, PageModule>();

/** A page's chunk; for every page but the home, with the rest of the catalog merged first. */
function loadPage(load: PageLoader): Promise<PageModule> {
  if (load === routeByName("index").load) return load();
  return Promise.all([load(), loadWholeCatalog()]).then(([module]) => module);
}

/** The state to render first: ready at once when the page was loaded before. */
export function initialPageLoadState(load: PageLoader): PageLoadState {
  const module = loadedModules.get(load);
  return module ? { status: "ready", module } : { status: "waiting" };
}

/**
 * Loads a page's chunk ahead of its first render (boot does this for the page being opened, in
 * parallel with the catalog), so the first render shows the page instead of waiting for it.
 * Failures are left to the normal load, which shows the error view.
 */
export function preloadPage(load: PageLoader): Promise<void> {
  return loadPage(load).then(
    (module) => void loadedModules.set(load, module),
    () => undefined,
  );
}

/** Preloads the page a pathname opens (nothing for a redirect: the router goes on from there). */
export function preloadPageAt(pathname: string): Promise<void> {
  const opened = resolvePath(pathname);
  return opened.kind === "page" ? preloadPage(routeByName(opened.name).load) : Promise.resolve();
}

/** Starts loading and reports each state change; returns a cancel function. */
export function trackPageLoad(
  load: PageLoader,
  onState: (state: PageLoadState) => void,
  { delayMs = PLACEHOLDER_DELAY_MS, timeoutMs = PAGE_TIMEOUT_MS }: PageLoadTimings = {},
): () => void {
  let settled = false;
  const settle = (state: PageLoadState) => {
    if (settled) return;
    settled = true;
    clearTimeout(placeholderTimer);
    clearTimeout(timeoutTimer);
    onState(state);
  };
  const placeholderTimer = setTimeout(() => onState({ status: "slow" }), delayMs);
  const timeoutTimer = setTimeout(
    () => settle({ status: "failed", error: new PageTimeoutError(`Page not loaded after ${timeoutMs} ms`) }),
    timeoutMs,
  );

  loadPage(load).then(
    (module) => {
      loadedModules.set(load, module); // even when late: a Retry then shows it at once
      settle({ status: "ready", module });
    },
    (cause: unknown) =>
      settle({
        status: "failed",
        error: new ChunkLoadError(cause instanceof Error ? cause.message : String(cause), { cause }),
      }),
  );

  return () => {
    settled = true;
    clearTimeout(placeholderTimer);
    clearTimeout(timeoutTimer);
  };
}
