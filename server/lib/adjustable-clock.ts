// A clock that demo mode lets a developer (or an end-to-end test) move forward, so renewals,
// dunning and expiry can be tried in minutes: the server's time is the base clock plus an
// offset that only moves forward (POST /__dev/clock, loopback only, demo mode only). The
// host's clock is never touched. Outside demo mode app.ts uses the base clock as it is.
import type { Clock } from "./clock";

export interface AdjustableClock {
  /** The clock services see: base time plus the offset. */
  now: Clock;
  offsetMs: () => number;
  /** Moves the clock forward by `ms` (> 0) and tells the listeners. */
  advance: (ms: number) => void;
  /** Called after every move (the renewal job runs at once); answers the unsubscribe function. */
  onMove: (listener: () => void) => () => void;
}

export function createAdjustableClock(base: Clock): AdjustableClock {
  let offset = 0;
  const listeners = new Set<() => void>();
  return {
    now: () => new Date(base().getTime() + offset),
    offsetMs: () => offset,
    advance(ms) {
      if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError("the clock moves forward by a positive whole ms");
      offset += ms;
      for (const listener of listeners) listener();
    },
    onMove(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
