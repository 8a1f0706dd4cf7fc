// Monitoring API group (issue 15): whether an item is monitored, with the holding and the plan's
// limit (GET /api/v1/subscribe/check), the monitored items with their latest figures and the
// holding (GET/PUT/PATCH/DELETE /api/v1/monitor/items), the alerts (/monitor/alerts,
// /monitor/alerts/read) and the daily-digest setting (PUT /monitor/settings; the items' answer
// carries its value).
// Signed-in users only: visitors get 401 (the login prompt), plans without monitoring 803 and
// a full holding 60003 (both through the error catalogue).
import type { MonitorAlertType, MonitorKind, MonitorThresholds } from "../../contract/monitoring";
import { api } from "./client";
import type { GoodsCard, InfluencerCard } from "./entities";

export interface MonitorHolding {
  /** Items monitored now. */
  total: number;
  /** Most items the plan may monitor at once. */
  limit: number;
}

export interface MonitorState extends MonitorHolding {
  type: MonitorKind;
  id: string;
  monitored: boolean;
}

export interface MonitorLatest {
  rank: number | null;
  sales: number;
  /** Influencers only: videos posted. */
  videos?: number;
  inTopList: boolean;
}

export interface MonitorChange {
  /** Places moved up since the last evaluation (negative = down); null when unranked. */
  rank: number | null;
  salesPercent: number | null;
}

export interface MonitorItem {
  type: MonitorKind;
  id: string;
  createdAt: string;
  /** False when the item left the dataset. */
  available: boolean;
  thresholds: MonitorThresholds;
  card?: GoodsCard | InfluencerCard;
  latest?: MonitorLatest;
  change?: MonitorChange;
  evaluatedAt: string | null;
}

export interface MonitorItems extends MonitorHolding {
  list: MonitorItem[];
  dailyDigest: boolean;
  /** The data time of the snapshot the figures come from. */
  updatedAt: string;
}

export interface MonitorAlert {
  id: number;
  type: MonitorAlertType;
  itemType: MonitorKind;
  itemId: string;
  name: string;
  /** The alert in the request's language, the same words as the push. */
  text: string;
  /** The app path of the item's detail. */
  url: string;
  createdAt: string;
  read: boolean;
}

export interface MonitorAlertPage {
  list: MonitorAlert[];
  total: number;
  unread: number;
}

export interface MonitorSettings {
  dailyDigest: boolean;
}

const ITEMS = "/api/v1/monitor/items";

/** Silent: the button just stays "Monitor" when the state cannot be read (visitors, offline). */
export const monitorCheck = (type: MonitorKind, id: string): Promise<MonitorState> =>
  api("/api/v1/subscribe/check", { query: { type, id }, silent: true });

export const monitorItems = (): Promise<MonitorItems> => api(ITEMS);

export const startMonitoring = (type: MonitorKind, id: string): Promise<MonitorState> =>
  api(ITEMS, { method: "PUT", body: { type, id } });

export const stopMonitoring = (type: MonitorKind, id: string): Promise<MonitorState> =>
  api(ITEMS, { method: "DELETE", body: { type, id } });

export const saveThresholds = (type: MonitorKind, id: string, thresholds: MonitorThresholds): Promise<MonitorItem> =>
  api(ITEMS, { method: "PATCH", body: { type, id, thresholds } });

export const monitorAlerts = (page: number, size: number): Promise<MonitorAlertPage> =>
  api("/api/v1/monitor/alerts", { query: { page, size } });

/** Marks the given alerts (all when none are given) as read; answers the unread count left. */
export const markAlertsRead = (ids?: number[]): Promise<{ unread: number }> =>
  api("/api/v1/monitor/alerts/read", { method: "POST", body: ids ? { ids } : {} });

export const saveMonitorSettings = (settings: MonitorSettings): Promise<MonitorSettings> =>
  api("/api/v1/monitor/settings", { method: "PUT", body: settings });
