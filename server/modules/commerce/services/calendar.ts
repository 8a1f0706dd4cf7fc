// Calendar arithmetic of membership periods (UTC): a cycle of N months, a number of days.
const DAY_MS = 24 * 60 * 60_000;

/** `from` plus `months` calendar months (UTC), the day clamped to the month's last day. */
export function addCalendarMonths(from: Date, months: number): Date {
  const target = new Date(from.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export const addDays = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY_MS);

/** Whole days in `ms`, rounded to the nearest (an upgrade's carried time). */
export const wholeDays = (ms: number): number => Math.round(ms / DAY_MS);
