// Calls `onReach` when the page is scrolled to within `distance` px of its bottom (the
// mini-program "reach bottom" event; discovery uses a distance of 30), and once at
// start when the content is shorter than the screen. Scroll handling is throttled to frames.
import { useEffect } from "react";
import { useLatest } from "./use-latest";

export function distanceToBottom(): number {
  const root = document.documentElement;
  return root.scrollHeight - (window.scrollY + window.innerHeight);
}

export function useBottomReach(onReach: () => void, distance: number, enabled = true): void {
  const callback = useLatest(onReach);

  useEffect(() => {
    if (!enabled) return;
    let frame = 0;
    const check = () => {
      frame = 0;
      if (distanceToBottom() <= distance) callback.current();
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [callback, distance, enabled]);
}
