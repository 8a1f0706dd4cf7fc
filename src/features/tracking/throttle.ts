// Leading-edge throttle of tracked interactions (click and scroll events at most
// one per 3000 ms each): the first event of a window passes, the rest of that window is dropped.

export const TRACKING_THROTTLE_MS = 3000;

/** Returns a gate: `pass(now)` is true for at most one call per `windowMs`. */
export function createThrottle(windowMs = TRACKING_THROTTLE_MS): { pass: (now: number) => boolean } {
  let last = -Infinity;
  return {
    pass(now) {
      if (now - last < windowMs) return false;
      last = now;
      return true;
    },
  };
}
