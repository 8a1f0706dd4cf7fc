// Business time: London wall clock + 1 hour across DST switches, date arithmetic, rank
// windows, detail trend ranges with their errors, and refresh cadences.
import { describe, expect, it } from "vitest";
import {
  addDays,
  businessDate,
  businessDayEnd,
  businessDayStart,
  businessYesterday,
  cadenceForWindow,
  CADENCES,
  daysBetween,
  isBusinessDate,
  nextUpdateAt,
  previousRange,
  rankWindowRange,
  TimeRangeError,
  trendRange,
  updatedAt,
  weekdayOf,
  type Cadence,
} from "../../../../server/modules/catalog/engine/time";

const at = (iso: string) => new Date(iso);

describe("business day (London + 1 h)", () => {
  it("starts at 23:00 UTC in winter and 22:00 UTC in summer", () => {
    expect(businessDate(at("2025-01-10T22:59:59Z"))).toBe("2025-01-10");
    expect(businessDate(at("2025-01-10T23:00:00Z"))).toBe("2025-01-11");
    expect(businessDate(at("2025-07-10T21:59:59Z"))).toBe("2025-07-10");
    expect(businessDate(at("2025-07-10T22:00:00Z"))).toBe("2025-07-11");
    expect(businessDayStart("2025-01-11").toISOString()).toBe("2025-01-10T23:00:00.000Z");
    expect(businessDayStart("2025-07-11").toISOString()).toBe("2025-07-10T22:00:00.000Z");
  });

  it("has 23 hours on the spring-forward day and 25 on the fall-back day", () => {
    // BST starts Sunday 2025-03-30 01:00 UTC and ends Sunday 2025-10-26 01:00 UTC.
    const hours = (date: string) => (businessDayEnd(date).getTime() - businessDayStart(date).getTime()) / 3_600_000;
    expect(hours("2025-03-30")).toBe(23);
    expect(hours("2025-10-26")).toBe(25);
    expect(hours("2025-03-29")).toBe(24);
    expect(hours("2025-10-27")).toBe(24);
    expect(businessDayStart("2025-03-30").toISOString()).toBe("2025-03-29T23:00:00.000Z");
    expect(businessDayStart("2025-03-31").toISOString()).toBe("2025-03-30T22:00:00.000Z");
    expect(businessDayStart("2025-10-27").toISOString()).toBe("2025-10-26T23:00:00.000Z");
  });

  it("maps every instant into the day whose bounds contain it, across both DST switches", () => {
    for (const [from, to] of [
      ["2025-03-28T00:00:00Z", "2025-04-01T00:00:00Z"],
      ["2025-10-24T00:00:00Z", "2025-10-28T00:00:00Z"],
    ]) {
      for (let t = Date.parse(from); t < Date.parse(to); t += 7 * 60_000) {
        const date = businessDate(new Date(t));
        expect(businessDayStart(date).getTime()).toBeLessThanOrEqual(t);
        expect(businessDayEnd(date).getTime()).toBeGreaterThan(t);
      }
    }
  });

  it("knows yesterday", () => {
    expect(businessYesterday(at("2025-01-01T23:30:00Z"))).toBe("2025-01-01");
    expect(businessYesterday(at("2025-01-01T12:00:00Z"))).toBe("2024-12-31");
  });
});

describe("calendar dates", () => {
  it("validates, adds and counts days", () => {
    expect(isBusinessDate("2024-02-29")).toBe(true);
    expect(isBusinessDate("2025-02-29")).toBe(false);
    expect(isBusinessDate("2025-1-01")).toBe(false);
    expect(addDays("2024-02-28", 2)).toBe("2024-03-01");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
    expect(daysBetween("2025-01-01", "2025-03-01")).toBe(59);
    expect(weekdayOf("2025-03-15")).toBe(6); // a Saturday
  });
});

describe("rank windows", () => {
  it("are the last 1, 3, 7 or 30 complete days ending yesterday", () => {
    expect(rankWindowRange("24h", "2025-03-15")).toEqual({ start: "2025-03-14", end: "2025-03-14", days: 1 });
    expect(rankWindowRange("3d", "2025-03-15")).toEqual({ start: "2025-03-12", end: "2025-03-14", days: 3 });
    expect(rankWindowRange("7d", "2025-03-15")).toEqual({ start: "2025-03-08", end: "2025-03-14", days: 7 });
    expect(rankWindowRange("30d", "2025-03-15")).toEqual({ start: "2025-02-13", end: "2025-03-14", days: 30 });
    expect(previousRange(rankWindowRange("7d", "2025-03-15"))).toEqual({
      start: "2025-03-01",
      end: "2025-03-07",
      days: 7,
    });
  });
});

describe("trend ranges", () => {
  const today = "2025-03-15";

  it("count 7, 15 or 30 days back with yesterday as the end date", () => {
    expect(trendRange({ days: 7 }, today)).toEqual({ start: "2025-03-08", end: "2025-03-14", days: 7 });
    expect(trendRange({ days: "15" }, today)).toEqual({ start: "2025-02-28", end: "2025-03-14", days: 15 });
    expect(trendRange({ days: 30 }, today)).toEqual({ start: "2025-02-13", end: "2025-03-14", days: 30 });
  });

  it("accept a custom start and end up to yesterday", () => {
    expect(trendRange({ start: "2025-03-01", end: "2025-03-14" }, today)).toEqual({
      start: "2025-03-01",
      end: "2025-03-14",
      days: 14,
    });
    expect(trendRange({ start: "2025-03-10", end: "2025-03-10" }, today).days).toBe(1);
    expect(trendRange({ start: "2024-12-15", end: "2025-03-14" }, today).days).toBe(90);
  });

  it("reject bad input with clear messages", () => {
    const error = (input: Parameters<typeof trendRange>[0]) => {
      try {
        trendRange(input, today);
      } catch (e) {
        expect(e).toBeInstanceOf(TimeRangeError);
        return (e as Error).message;
      }
      throw new Error("expected an error");
    };
    expect(error({ days: 10 })).toBe("days must be one of 7, 15, 30");
    expect(error({})).toBe("Give days (7, 15 or 30) or a start and end date");
    expect(error({ start: "2025-03-01" })).toBe("A custom range needs both start and end");
    expect(error({ days: 7, start: "2025-03-01", end: "2025-03-02" })).toBe(
      "Give either days or start and end, not both",
    );
    expect(error({ start: "2025-3-1", end: "2025-03-02" })).toBe("start must be a date like 2024-05-01");
    expect(error({ start: "2025-03-05", end: "2025-03-02" })).toBe("start must not be after end");
    expect(error({ start: "2025-03-05", end: "2025-03-15" })).toBe("end must not be after yesterday (2025-03-14)");
    expect(error({ start: "2024-12-14", end: "2025-03-14" })).toBe("A custom range may span at most 90 days");
  });
});

describe("refresh cadences", () => {
  it("refresh the home ranking every 6 hours of the business clock", () => {
    // 2025-01-10 10:30 UTC is 11:30 on the business clock (winter: UTC+1).
    expect(updatedAt("home", at("2025-01-10T10:30:00Z")).toISOString()).toBe("2025-01-10T05:00:00.000Z");
    expect(nextUpdateAt("home", at("2025-01-10T10:30:00Z")).toISOString()).toBe("2025-01-10T11:00:00.000Z");
    // Summer: business clock is UTC+2.
    expect(updatedAt("home", at("2025-07-10T10:30:00Z")).toISOString()).toBe("2025-07-10T10:00:00.000Z");
  });

  it("refresh the weekly trend at 12:00 and 00:00", () => {
    expect(updatedAt("weekly-trend", at("2025-01-10T10:59:00Z")).toISOString()).toBe("2025-01-09T23:00:00.000Z");
    expect(updatedAt("weekly-trend", at("2025-01-10T11:00:00Z")).toISOString()).toBe("2025-01-10T11:00:00.000Z");
    expect(nextUpdateAt("weekly-trend", at("2025-01-10T11:00:00Z")).toISOString()).toBe("2025-01-10T23:00:00.000Z");
  });

  it("refresh fresh lists every 4 hours, and always bracket now, across DST switches", () => {
    for (const cadence of Object.keys(CADENCES) as Cadence[]) {
      const every = CADENCES[cadence].everyHours * 3_600_000;
      for (const [from, to] of [
        ["2025-03-29T00:00:00Z", "2025-03-31T12:00:00Z"],
        ["2025-10-25T00:00:00Z", "2025-10-27T12:00:00Z"],
      ]) {
        for (let t = Date.parse(from); t < Date.parse(to); t += 13 * 60_000) {
          const last = updatedAt(cadence, new Date(t)).getTime();
          const next = nextUpdateAt(cadence, new Date(t)).getTime();
          expect(last).toBeLessThanOrEqual(t);
          expect(next).toBeGreaterThan(t);
          // A slot is `every` hours long, one hour shorter or longer when it spans a switch.
          expect(Math.abs(next - last - every)).toBeLessThanOrEqual(3_600_000);
        }
      }
    }
    expect(cadenceForWindow("24h")).toBe("fresh");
    expect(cadenceForWindow("7d")).toBe("weekly-trend");
  });
});
