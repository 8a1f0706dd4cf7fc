// The four sections of the home page: which part of GET /api/v1/home each shows,
// the full list it opens, and its data-freshness copy: the home ranking refreshes every 6 hours,
// the weekly trend every 12 hours at 12 o'clock, fresh lists every 4 hours. The service worker
// caches them with the same windows.
import type { MessageDescriptor } from "@lingui/core";
import { msg, t } from "@lingui/core/macro";
import type { DetailEntity } from "../../api/entities";
import type { HomeSectionKey, RankWindow } from "../../api/rank";

export interface HomeSection {
  id: string;
  key: HomeSectionKey;
  title: MessageDescriptor;
  /** The list behind the section (its "More" link). */
  entity: DetailEntity;
  rankType: string;
  window: RankWindow;
  refreshHours: number;
  /** The hour of day the refresh happens at, when fixed. */
  refreshClock?: number;
}

export const HOME_SECTIONS: readonly HomeSection[] = [
  {
    id: "product-ranking",
    key: "productRanking",
    title: msg`24h product ranking`,
    entity: "goods",
    rankType: "top-sale",
    window: "24h",
    refreshHours: 6,
  },
  {
    id: "top-sale",
    key: "topSale",
    title: msg`Top-sale list`,
    entity: "videos",
    rankType: "sales",
    window: "24h",
    refreshHours: 4,
  },
  {
    id: "weekly-trend",
    key: "weeklyTrend",
    title: msg`Weekly trend`,
    entity: "goods",
    rankType: "breakout",
    window: "7d",
    refreshHours: 12,
    refreshClock: 12,
  },
  {
    id: "follower-growth",
    key: "followerGrowth",
    title: msg`Follower growth`,
    entity: "influencers",
    rankType: "follower-growth",
    window: "24h",
    refreshHours: 4,
  },
];

/** Rows shown per section. */
export const HOME_ROWS = 5;

/**
 * The freshness copy, for 1 hour or several. Its two forms are chosen here rather than by a
 * Lingui plural: a plural would make the home's first render create Intl.PluralRules and
 * Intl.NumberFormat (a long task on a slow phone, see lib/format.ts); the number is an integer
 * of hours, written as is in every UI locale.
 */
export function refreshCopy(hours: number, clock?: number): string {
  if (hours === 1) return clock === undefined ? t`Updated every hour` : t`Updated every hour, at ${clock} o'clock`;
  return clock === undefined ? t`Updated every ${hours} hours` : t`Updated every ${hours} hours, at ${clock} o'clock`;
}
