// The evaluation rules as pure functions, with hand-worked cases: rank moves at and below the
// threshold, up and down, items entering or leaving the list; sales percentages from a zero and a
// non-zero base; new videos; entering the top list once.
import { describe, expect, it } from "vitest";
import { DEFAULT_MONITOR_THRESHOLDS } from "../../../contract/monitoring";
import {
  raisedAlerts,
  rankChange,
  salesPercent,
  type Figures,
} from "../../../server/modules/monitoring/services/rules";

const at = (figures: Partial<Figures>): Figures => ({ rank: 100, sales: 1000, inTopList: false, ...figures });
const thresholds = { ...DEFAULT_MONITOR_THRESHOLDS, rankPlaces: 10, salesPercent: 20 };

describe("rank change", () => {
  it("is places moved up (positive) or down (negative), null unless listed both times", () => {
    expect(rankChange(at({ rank: 30 }), at({ rank: 18 }))).toBe(12);
    expect(rankChange(at({ rank: 18 }), at({ rank: 30 }))).toBe(-12);
    expect(rankChange(at({ rank: null }), at({ rank: 5 }))).toBeNull();
    expect(rankChange(at({ rank: 5 }), at({ rank: null }))).toBeNull();
  });

  it("raises an alert from exactly the threshold, in both directions", () => {
    expect(raisedAlerts(at({ rank: 30 }), at({ rank: 20 }), thresholds)).toEqual([
      { type: "rank", detail: { before: 30, after: 20, places: 10 } },
    ]);
    expect(raisedAlerts(at({ rank: 30 }), at({ rank: 21 }), thresholds)).toEqual([]);
    expect(raisedAlerts(at({ rank: 60 }), at({ rank: 75 }), thresholds)).toEqual([
      { type: "rank", detail: { before: 60, after: 75, places: -15 } },
    ]);
    expect(raisedAlerts(at({ rank: null }), at({ rank: 300 }), thresholds)).toEqual([]);
  });
});

describe("sales change", () => {
  it("is a rounded percentage of a non-zero base", () => {
    expect(salesPercent(at({ sales: 200 }), at({ sales: 250 }))).toBe(25);
    expect(salesPercent(at({ sales: 300 }), at({ sales: 200 }))).toBe(-33);
    expect(salesPercent(at({ sales: 0 }), at({ sales: 500 }))).toBeNull();
  });

  it("raises an alert at the threshold either way, never from a zero base", () => {
    expect(raisedAlerts(at({ sales: 1000 }), at({ sales: 1200 }), thresholds)).toEqual([
      { type: "sales", detail: { before: 1000, after: 1200, percent: 20 } },
    ]);
    expect(raisedAlerts(at({ sales: 1000 }), at({ sales: 1190 }), thresholds)).toEqual([]);
    expect(raisedAlerts(at({ sales: 1000 }), at({ sales: 500 }), thresholds)).toEqual([
      { type: "sales", detail: { before: 1000, after: 500, percent: -50 } },
    ]);
    expect(raisedAlerts(at({ sales: 0 }), at({ sales: 900 }), thresholds)).toEqual([]);
  });
});

describe("videos and the top list", () => {
  it("reports new videos of an influencer when asked to", () => {
    expect(raisedAlerts(at({ videos: 4 }), at({ videos: 7 }), thresholds)).toEqual([
      { type: "video", detail: { before: 4, after: 7, count: 3 } },
    ]);
    expect(raisedAlerts(at({ videos: 4 }), at({ videos: 7 }), { ...thresholds, newVideos: false })).toEqual([]);
    expect(raisedAlerts(at({ videos: 7 }), at({ videos: 7 }), thresholds)).toEqual([]);
    expect(raisedAlerts(at({}), at({}), thresholds)).toEqual([]);
  });

  it("reports entering the top list, not staying in it or leaving it", () => {
    const entered = raisedAlerts(at({ rank: 55 }), at({ rank: 48, inTopList: true }), thresholds);
    expect(entered).toEqual([{ type: "top-list", detail: { rank: 48 } }]);
    expect(raisedAlerts(at({ rank: 40, inTopList: true }), at({ rank: 38, inTopList: true }), thresholds)).toEqual([]);
    expect(raisedAlerts(at({ rank: 45, inTopList: true }), at({ rank: 52 }), thresholds)).toEqual([]);
    expect(
      raisedAlerts(at({ rank: 55 }), at({ rank: 48, inTopList: true }), { ...thresholds, topList: false }),
    ).toEqual([]);
  });

  it("raises several alerts from one comparison in a fixed order", () => {
    const alerts = raisedAlerts(
      at({ rank: 80, sales: 100, videos: 1 }),
      at({ rank: 30, sales: 400, videos: 2, inTopList: true }),
      thresholds,
    );
    expect(alerts.map((a) => a.type)).toEqual(["rank", "sales", "video", "top-list"]);
  });
});
