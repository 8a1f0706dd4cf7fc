// The evaluation rules, pure: given an item's figures at the last evaluation (its baseline), its
// figures now and its thresholds, which alerts it raises. Rank: the place moved by at least
// rankPlaces (both evaluations in the list). Sales: the window's units moved by at least
// salesPercent of a non-zero baseline. Video: an influencer's video count grew (newVideos on).
// Top list: the item is in the first TOP_LIST_SIZE rows now and was not before (topList on).
import type { MonitorAlertType, MonitorThresholds } from "../../../../contract/monitoring";

/** An item's figures in one snapshot. */
export interface Figures {
  /** Place in its kind's default list of its market over MONITOR_WINDOW; null when not listed. */
  rank: number | null;
  /** Units sold over MONITOR_WINDOW. */
  sales: number;
  /** An influencer's video count (absent for goods). */
  videos?: number;
  inTopList: boolean;
}

export interface RaisedAlert {
  type: MonitorAlertType;
  detail: Record<string, number | string | null>;
}

/** Places moved up (positive) or down (negative); null unless listed both times. */
export function rankChange(before: Figures, after: Figures): number | null {
  return before.rank === null || after.rank === null ? null : before.rank - after.rank;
}

/** Percentage change of the window's sales, rounded to an integer; null from a zero base. */
export function salesPercent(before: Figures, after: Figures): number | null {
  return before.sales > 0 ? Math.round(((after.sales - before.sales) / before.sales) * 100) : null;
}

export function raisedAlerts(before: Figures, after: Figures, thresholds: MonitorThresholds): RaisedAlert[] {
  const alerts: RaisedAlert[] = [];
  const places = rankChange(before, after);
  if (places !== null && Math.abs(places) >= thresholds.rankPlaces)
    alerts.push({ type: "rank", detail: { before: before.rank, after: after.rank, places } });
  const percent = salesPercent(before, after);
  if (percent !== null && Math.abs(percent) >= thresholds.salesPercent)
    alerts.push({ type: "sales", detail: { before: before.sales, after: after.sales, percent } });
  if (thresholds.newVideos && before.videos !== undefined && after.videos !== undefined && after.videos > before.videos)
    alerts.push({
      type: "video",
      detail: { before: before.videos, after: after.videos, count: after.videos - before.videos },
    });
  if (thresholds.topList && after.inTopList && !before.inTopList)
    alerts.push({ type: "top-list", detail: { rank: after.rank } });
  return alerts;
}
