// Registers the service worker (sw.js, scope /) with the browser's own API once the page has
// loaded, and reports its life cycle to the update prompt: `offlineReady` when the first worker
// is installed, `needRefresh` when a new version waits while an older one controls the page.
// `activate()` sends the waiting worker SKIP_WAITING (sw/lifecycle.ts) and reloads the page
// when it has taken control, so no page runs on two versions. (This replaces workbox-window,
// 2 KB gzip on every first visit, for the few events the prompt uses.)
import { SKIP_WAITING, type SkipWaitingMessage } from "../../../contract/sw-messages";

export const WORKER_URL = "/sw.js";

export interface WorkerEvents {
  offlineReady: () => void;
  needRefresh: () => void;
  registered: (registration: ServiceWorkerRegistration) => void;
}

/** Starts the registration; the returned function activates the waiting version. */
export function registerWorker(events: WorkerEvents, win: Window = window): () => void {
  const container = win.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return () => undefined;
  let registration: ServiceWorkerRegistration | undefined;
  let activating = false;
  const installed = () => (container.controller ? events.needRefresh() : events.offlineReady());
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener("statechange", () => {
      if (worker.state === "installed") installed();
    });
  const register = async () => {
    registration = await container.register(WORKER_URL, { scope: "/" });
    if (registration.waiting && container.controller) events.needRefresh();
    follow(registration.installing);
    registration.addEventListener("updatefound", () => follow(registration?.installing ?? null));
    events.registered(registration);
  };
  container.addEventListener("controllerchange", () => {
    if (activating) win.location.reload();
  });
  const start = () => void register().catch(() => undefined);
  if (win.document.readyState === "complete") start();
  else win.addEventListener("load", start, { once: true });
  return () => {
    const waiting = registration?.waiting;
    if (!waiting) return;
    activating = true;
    const message: SkipWaitingMessage = { type: SKIP_WAITING };
    waiting.postMessage(message);
  };
}
