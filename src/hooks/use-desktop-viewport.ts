// The viewport facts some components draw from: whether popups take their desktop size
// (at 500 px or more in both width and height), as a hook that follows resizes.
import { useSyncExternalStore } from "react";

export const DESKTOP_MIN_SIZE = 500;

export const isDesktopViewport = (width: number, height: number): boolean =>
  width >= DESKTOP_MIN_SIZE && height >= DESKTOP_MIN_SIZE;

function subscribe(onChange: () => void): () => void {
  window.addEventListener("resize", onChange);
  return () => window.removeEventListener("resize", onChange);
}

export function useDesktopViewport(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isDesktopViewport(window.innerWidth, window.innerHeight),
    () => false,
  );
}
