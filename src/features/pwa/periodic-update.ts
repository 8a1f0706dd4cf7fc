// Long-lived installed sessions look for a new version: registration.update() when the window
// gets focus or becomes visible again, and every few hours. The update prompt (UpdatePrompt)
// then offers the waiting version as usual.

export const UPDATE_INTERVAL_MS = 3 * 60 * 60 * 1000;
/** Focus and visibility come in pairs; one check per minute is plenty. */
const MIN_GAP_MS = 60 * 1000;

/** Starts the checks; returns a function that stops them. */
export function keepServiceWorkerUpdated(registration: ServiceWorkerRegistration, win: Window = window): () => void {
  let last = Date.now();
  const check = (force = false) => {
    if (!force && Date.now() - last < MIN_GAP_MS) return;
    if (win.navigator.onLine === false) return;
    last = Date.now();
    void registration.update().catch(() => undefined);
  };
  const onVisible = () => {
    if (win.document.visibilityState === "visible") check();
  };
  const onFocus = () => check();
  win.addEventListener("focus", onFocus);
  win.document.addEventListener("visibilitychange", onVisible);
  const timer = win.setInterval(() => check(true), UPDATE_INTERVAL_MS);
  return () => {
    win.removeEventListener("focus", onFocus);
    win.document.removeEventListener("visibilitychange", onVisible);
    win.clearInterval(timer);
  };
}
