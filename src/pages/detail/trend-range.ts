// Trend ranges of the detail charts: 7, 15 or 30 days counted back from the data's
// yesterday, or a custom range of at most 90 days ending no later than yesterday. Checked
// here before asking, with messages the custom-range popup shows.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { TrendRange } from "../../api/details";

export const PRESET_DAYS = [7, 15, 30] as const;
export const MAX_CUSTOM_DAYS = 90;

const DAY_MS = 86_400_000;
const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function addDays(date: string, days: number): string {
  return new Date(toTime(date) + days * DAY_MS).toISOString().slice(0, 10);
}

export function rangeKey(range: TrendRange): string {
  return "days" in range ? String(range.days) : `${range.start}..${range.end}`;
}

/** Why a custom range cannot be asked for, or null. `latest` is the data's yesterday. */
export function customRangeError(start: string, end: string, latest: string): MessageDescriptor | null {
  if (!start || !end) return msg`Choose a start date and an end date.`;
  if (start > end) return msg`The start date must be on or before the end date.`;
  if (end > latest) return msg`The end date can be yesterday at the latest.`;
  if ((toTime(end) - toTime(start)) / DAY_MS + 1 > MAX_CUSTOM_DAYS) return msg`A custom range can be at most 90 days.`;
  return null;
}
