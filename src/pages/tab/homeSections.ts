// The four sections of the home page and their data-freshness copy (spec §1): the home
// ranking refreshes every 6 hours, the weekly trend every 12 hours at 12 o'clock, fresh lists
// every 4 hours. The service worker caches them with the same windows.
import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";

export interface HomeSection {
  id: string;
  title: MessageDescriptor;
  refreshHours: number;
  /** The hour of day the refresh happens at, when fixed. */
  refreshClock?: number;
}

export const HOME_SECTIONS: readonly HomeSection[] = [
  { id: "product-ranking", title: msg`24h product ranking`, refreshHours: 6 },
  { id: "top-sale", title: msg`Top-sale list`, refreshHours: 4 },
  { id: "weekly-trend", title: msg`Weekly trend`, refreshHours: 12, refreshClock: 12 },
  { id: "follower-growth", title: msg`Follower growth`, refreshHours: 4 },
];

export function refreshCopy(hours: number, clock?: number): string {
  return clock === undefined
    ? plural(hours, { one: "Updated every hour", other: "Updated every # hours" })
    : plural(hours, { one: `Updated every hour, at ${clock} o'clock`, other: `Updated every # hours, at ${clock} o'clock` });
}
