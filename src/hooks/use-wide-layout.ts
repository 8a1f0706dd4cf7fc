// Whether the desktop layout is on (viewport at least 1024 px wide, the breakpoint of
// app/desktop.css), as a hook that follows resizes through matchMedia.
import { useSyncExternalStore } from "react";

export const WIDE_LAYOUT_QUERY = "(min-width: 1024px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_LAYOUT_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

export function useWideLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_LAYOUT_QUERY).matches,
    () => false,
  );
}
