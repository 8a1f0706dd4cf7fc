// Blocks page zoom: pinch, double tap within 300 ms, Safari's
// gesture events and double click. iOS ignores user-scalable=no, hence the listeners; they
// must be non-passive or preventDefault() is ignored.

export const DOUBLE_TAP_MS = 300;

/** Installs the listeners on `target` and returns a function that removes them. */
export function installZoomBlocking(target: Document | HTMLElement = document): () => void {
  let lastTouchEnd = Number.NEGATIVE_INFINITY;

  const onTouchStart = (event: Event) => {
    if ((event as TouchEvent).touches?.length > 1) event.preventDefault();
  };
  const onTouchEnd = (event: Event) => {
    const now = Date.now();
    if (now - lastTouchEnd <= DOUBLE_TAP_MS) event.preventDefault();
    lastTouchEnd = now;
  };
  const prevent = (event: Event) => event.preventDefault();

  const listeners: [string, (event: Event) => void][] = [
    ["touchstart", onTouchStart],
    ["touchend", onTouchEnd],
    ["gesturestart", prevent],
    ["dblclick", prevent],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener, { passive: false });
  return () => {
    for (const [type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
