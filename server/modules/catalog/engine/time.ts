// Business time for the data engine: the business day (London time plus one hour),
// calendar-date arithmetic, rank windows, detail trend ranges and the refresh cadences.
// Everything here is pure; "now" is always a parameter so tests can walk across DST.
//
// The rule: the business clock reads London wall-clock time plus one hour. London is UTC+0 in
// winter and UTC+1 in summer (BST), so a business day starts at 23:00 UTC in winter and 22:00
// UTC in summer, and the days that contain a DST switch last 23 or 25 hours. Quotas reset and
// daily series roll over at business midnight, which is London 23:00 and never falls in a
// DST gap or overlap (those sit at London 01:00-02:00).

import { RANK_WINDOW_DAYS, TREND_DAYS, type RankWindow } from "../../../../contract/rank";
import { InputError } from "../../../lib/domain-error";

/** A calendar date on the business clock, `YYYY-MM-DD`. */
export type BusinessDate = string;

export const BUSINESS_TIME_ZONE = "Europe/London";
export const BUSINESS_OFFSET_HOURS = 1;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Thrown for a malformed date or an invalid trend range; the message is safe to show. */
export class TimeRangeError extends InputError {
  override name = "TimeRangeError";
}

// ---- calendar dates -------------------------------------------------------------------------

export function isBusinessDate(value: unknown): value is BusinessDate {
  if (typeof value !== "string") return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Days since 1970-01-01 for a calendar date. */
// Loading and ranking convert the same few hundred dates millions of times: valid dates are
// remembered (bounded, so arbitrary input cannot grow it without limit).
const epochDays = new Map<string, number>();
const EPOCH_DAY_MEMO = 20_000;

export function toEpochDay(date: BusinessDate): number {
  const known = epochDays.get(date);
  if (known !== undefined) return known;
  if (!isBusinessDate(date)) throw new TimeRangeError(`'${String(date)}' is not a date like 2024-05-01`);
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = Date.UTC(y, m - 1, d) / DAY_MS;
  if (epochDays.size < EPOCH_DAY_MEMO) epochDays.set(date, day);
  return day;
}

export function fromEpochDay(day: number): BusinessDate {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: BusinessDate, days: number): BusinessDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** `to - from` in days (negative when `to` is earlier). */
export function daysBetween(from: BusinessDate, to: BusinessDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: BusinessDate): number {
  return (toEpochDay(date) + 4) % 7; // 1970-01-01 was a Thursday
}

// ---- the business clock ---------------------------------------------------------------------

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** London's offset from UTC at an instant, in ms (0 or 3,600,000). */
export function londonOffsetMs(instantMs: number): number {
  const parts: Record<string, number> = {};
  for (const part of londonParts.formatToParts(new Date(instantMs))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instantMs / 1000) * 1000;
}

export interface BusinessClock {
  date: BusinessDate;
  /** Hours since business midnight on the wall clock, with minutes as a fraction. */
  hours: number;
}

export function businessClock(now: Date): BusinessClock {
  const ms = now.getTime();
  const wall = new Date(ms + londonOffsetMs(ms) + BUSINESS_OFFSET_HOURS * HOUR_MS);
  return {
    date: wall.toISOString().slice(0, 10),
    hours: wall.getUTCHours() + wall.getUTCMinutes() / 60 + wall.getUTCSeconds() / 3600,
  };
}

/** The business date at an instant: "today" for quotas and data. */
export function businessDate(now: Date): BusinessDate {
  return businessClock(now).date;
}

/** The last complete business day before `now`. */
export function businessYesterday(now: Date): BusinessDate {
  return addDays(businessDate(now), -1);
}

/**
 * The instant when the business clock shows `hour`:00 on `date`. Well defined for every hour
 * this module uses; for a wall time inside London's spring-forward gap it returns the instant
 * one hour later, inside the autumn overlap the later of the two.
 */
export function businessWallClockToInstant(date: BusinessDate, hour: number): Date {
  const wallAsUtc = toEpochDay(date) * DAY_MS + (hour - BUSINESS_OFFSET_HOURS) * HOUR_MS;
  let instant = wallAsUtc - londonOffsetMs(wallAsUtc);
  instant = wallAsUtc - londonOffsetMs(instant);
  return new Date(instant);
}

/** The instant a business day starts (its quotas reset). */
export function businessDayStart(date: BusinessDate): Date {
  return businessWallClockToInstant(date, 0);
}

/** The instant a business day ends: the start of the next one (23, 24 or 25 hours later). */
export function businessDayEnd(date: BusinessDate): Date {
  return businessDayStart(addDays(date, 1));
}

// ---- ranges ---------------------------------------------------------------------------------

/** An inclusive range of business dates. */
export interface DateRange {
  start: BusinessDate;
  end: BusinessDate;
  days: number;
}

export function rangeEndingOn(end: BusinessDate, days: number): DateRange {
  return { start: addDays(end, -(days - 1)), end, days };
}

/** The range of equal length right before `range` (for growth and rank change). */
export function previousRange(range: DateRange): DateRange {
  return rangeEndingOn(addDays(range.start, -1), range.days);
}

export {
  isRankWindow,
  RANK_WINDOW_DAYS,
  RANK_WINDOWS,
  TREND_DAYS,
  type RankWindow,
  type TrendDays,
} from "../../../../contract/rank";

/** A rank window: the last 1, 3, 7 or 30 complete days, ending yesterday. */
export function rankWindowRange(window: RankWindow, today: BusinessDate): DateRange {
  return rangeEndingOn(addDays(today, -1), RANK_WINDOW_DAYS[window]);
}

export const MAX_CUSTOM_RANGE_DAYS = 90;

/** Raw trend query: `days`, or `start` and `end` (strings straight from a query string work). */
export interface TrendRangeInput {
  days?: number | string | null;
  start?: string | null;
  end?: string | null;
}

/**
 * A detail trend range. `days` (7, 15, 30) counts back that many days with yesterday as the
 * end date; a custom range needs start <= end <= yesterday and at most
 * MAX_CUSTOM_RANGE_DAYS days. Throws TimeRangeError with a message fit for the API.
 */
export function trendRange(input: TrendRangeInput, today: BusinessDate, maxDays = MAX_CUSTOM_RANGE_DAYS): DateRange {
  const yesterday = addDays(today, -1);
  const hasDays = input.days !== undefined && input.days !== null && input.days !== "";
  const hasStart = Boolean(input.start);
  const hasEnd = Boolean(input.end);
  if (hasDays && (hasStart || hasEnd)) throw new TimeRangeError("Give either days or start and end, not both");
  if (hasDays) {
    const days = Number(input.days);
    if (!(TREND_DAYS as readonly number[]).includes(days)) {
      throw new TimeRangeError(`days must be one of ${TREND_DAYS.join(", ")}`);
    }
    return rangeEndingOn(yesterday, days);
  }
  if (!hasStart && !hasEnd) throw new TimeRangeError("Give days (7, 15 or 30) or a start and end date");
  if (!hasStart || !hasEnd) throw new TimeRangeError("A custom range needs both start and end");
  const start = input.start!;
  const end = input.end!;
  if (!isBusinessDate(start)) throw new TimeRangeError("start must be a date like 2024-05-01");
  if (!isBusinessDate(end)) throw new TimeRangeError("end must be a date like 2024-05-01");
  if (start > end) throw new TimeRangeError("start must not be after end");
  if (end > yesterday) throw new TimeRangeError(`end must not be after yesterday (${yesterday})`);
  const days = daysBetween(start, end) + 1;
  if (days > maxDays) throw new TimeRangeError(`A custom range may span at most ${maxDays} days`);
  return { start, end, days };
}

// ---- refresh cadences ------------------------------------------------------------

export const CADENCES = {
  /** Home ranking: every 6 hours (00, 06, 12, 18 on the business clock). */
  home: { everyHours: 6, anchorHour: 0 },
  /** Weekly trend: every 12 hours, at 12:00 (and 00:00). */
  "weekly-trend": { everyHours: 12, anchorHour: 12 },
  /** Fresh lists: every 4 hours (00, 04, ..., 20). */
  fresh: { everyHours: 4, anchorHour: 0 },
} as const satisfies Record<string, { everyHours: number; anchorHour: number }>;
export type Cadence = keyof typeof CADENCES;

/** Suggested cadence for a rank list window: the 7d and 30d lists are the "weekly trend". */
export function cadenceForWindow(window: RankWindow): Cadence {
  return window === "7d" || window === "30d" ? "weekly-trend" : "fresh";
}

/** The most recent refresh slot at or before `now`. */
export function updatedAt(cadence: Cadence, now: Date): Date {
  const { everyHours, anchorHour } = CADENCES[cadence];
  const clock = businessClock(now);
  const firstSlot = anchorHour % everyHours;
  const slot = firstSlot + Math.floor((clock.hours - firstSlot) / everyHours) * everyHours;
  const instant =
    slot < 0
      ? businessWallClockToInstant(addDays(clock.date, -1), slot + 24)
      : businessWallClockToInstant(clock.date, slot);
  // Inside the autumn overlap the wall clock repeats an hour; never report a future slot.
  return instant.getTime() > now.getTime() ? new Date(instant.getTime() - everyHours * HOUR_MS) : instant;
}

/** The next refresh slot strictly after `now`. */
export function nextUpdateAt(cadence: Cadence, now: Date): Date {
  const { everyHours, anchorHour } = CADENCES[cadence];
  const last = businessClock(updatedAt(cadence, now));
  const firstSlot = anchorHour % everyHours;
  const slot = Math.round(last.hours) + everyHours;
  const next =
    slot >= 24
      ? businessWallClockToInstant(addDays(last.date, 1), firstSlot)
      : businessWallClockToInstant(last.date, slot);
  return next;
}
