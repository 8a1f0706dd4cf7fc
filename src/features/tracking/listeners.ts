// What the app tracks on its own: a page view when the app opens and on every history
// change (the router's pushState/replaceState — wouter dispatches an event of that name for each
// — and back/forward's popstate) to a new URL; a click on a link, a button or any element with
// a `data-track` attribute (its value names the target; else the test id or the tag); and
// scrolling of the page or a list, with the depth reached. Clicks and scrolls pass at most once per 3000 ms each.
import "wouter/use-browser-location"; // installs the pushState/replaceState events
import { createThrottle } from "./throttle";
import { track, trackPageView } from "./tracker";

const CLICK_TARGETS = "[data-track], a[href], button";
const HISTORY_EVENTS = ["popstate", "pushState", "replaceState"] as const;

const currentUrl = () => location.pathname + location.search;

function targetName(element: Element): string {
  const html = element as HTMLElement;
  return html.dataset.track || html.dataset.testid || element.tagName.toLowerCase();
}

/** How far down the scrolled element (a list or the page) is, in percent. */
function scrollDepth(target: EventTarget | null): number {
  const element = target instanceof Element ? target : document.documentElement;
  const range = element.scrollHeight - element.clientHeight;
  return range > 0 ? Math.min(100, Math.round((element.scrollTop / range) * 100)) : 100;
}

/** Starts the automatic events; returns a function that stops them. */
export function installTrackingListeners(): () => void {
  let lastUrl = currentUrl();
  void trackPageView();
  const onHistory = () => {
    if (currentUrl() === lastUrl) return;
    lastUrl = currentUrl();
    void trackPageView();
  };

  const clicks = createThrottle();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest(CLICK_TARGETS) : null;
    if (target && clicks.pass(Date.now())) void track("click", { target: targetName(target) });
  };

  const scrolls = createThrottle();
  const onScroll = (event: Event) => {
    if (scrolls.pass(Date.now())) void track("scroll", { depth: scrollDepth(event.target) });
  };

  for (const type of HISTORY_EVENTS) addEventListener(type, onHistory);
  document.addEventListener("click", onClick, { capture: true, passive: true });
  // Capture: lists scroll inside their own elements, and scroll events do not bubble.
  document.addEventListener("scroll", onScroll, { capture: true, passive: true });
  return () => {
    for (const type of HISTORY_EVENTS) removeEventListener(type, onHistory);
    document.removeEventListener("click", onClick, { capture: true });
    document.removeEventListener("scroll", onScroll, { capture: true });
  };
}
