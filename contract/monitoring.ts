// Monitoring facts shared by the server (which stores monitored items, evaluates them after each
// rank refresh and pushes alerts) and the app (the Monitor screen, its threshold form and the
// Alerts tab): the kinds of item that can be monitored, the kinds of alert, and the default
// thresholds with their bounds. The plan limit itself is the plan matrix's monitorAccounts.
import type { EntityKind, RankWindow } from "./rank";

/** What can be monitored: products and influencers (the detail pages with a Monitor button). */
export const MONITOR_KINDS = ["goods", "influencers"] as const satisfies readonly EntityKind[];
export type MonitorKind = (typeof MONITOR_KINDS)[number];

export function isMonitorKind(value: unknown): value is MonitorKind {
  return typeof value === "string" && (MONITOR_KINDS as readonly string[]).includes(value);
}

/**
 * The changes an evaluation reports: the item's rank moved by at least rankPlaces; its sales over
 * the window rose or fell by at least salesPercent; a monitored influencer posted a video; the item
 * entered a top list (the first TOP_LIST_SIZE rows of its kind's default list).
 */
export const MONITOR_ALERT_TYPES = ["rank", "sales", "video", "top-list"] as const;
export type MonitorAlertType = (typeof MONITOR_ALERT_TYPES)[number];

/** The rows of a list that count as "the top list" for the top-list alert. */
export const TOP_LIST_SIZE = 50;

/** The thresholds a user sets per monitored item. */
export interface MonitorThresholds {
  /** Alert when the rank moves by at least this many places. */
  rankPlaces: number;
  /** Alert when the window's sales move by at least this percentage. */
  salesPercent: number;
  /** Alert when a monitored influencer posts a video. */
  newVideos: boolean;
  /** Alert when the item enters the top list. */
  topList: boolean;
}

export const DEFAULT_MONITOR_THRESHOLDS: Readonly<MonitorThresholds> = {
  rankPlaces: 10,
  salesPercent: 20,
  newVideos: true,
  topList: true,
};

/** Inclusive bounds of the numeric thresholds. */
export const MONITOR_THRESHOLD_BOUNDS = {
  rankPlaces: { min: 1, max: 1000 },
  salesPercent: { min: 1, max: 1000 },
} as const;

/**
 * The window an evaluation measures over: an item's rank is its place in its kind's default list
 * (DEFAULT_RANK_TYPE) of its market over this window, and its sales are the units sold in it.
 */
export const MONITOR_WINDOW = "7d" as const satisfies RankWindow;

/** The app path of a monitored item's detail page (alert links and pushes open it). */
export function monitorDetailPath(kind: MonitorKind, id: string): string {
  return `/${kind}Detail?id=${encodeURIComponent(id)}`;
}

/** Where a push about several alerts (or a digest) opens: the Monitor screen's Alerts tab. */
export const MONITOR_ALERTS_PATH = "/monitor?tab=alerts";
