// Daily values to month blocks and back, in memory: the stored form of the daily figures
// (store/daily-figures.ts). A block is one entity's month: each metric an array of running
// totals from the month's 1st (element d-1 = the total of days 1..d, zeros before the first
// active day), all metrics the same length, cut after the month's last active day (a sum past
// the end repeats the last total); a month without any activity has no block. Pure: the seed
// builds blocks from a SeriesTable's prefix sums, the import merges late days into stored
// blocks, and the boot read turns blocks back into daily values.
import { addDays, daysBetween, type BusinessDate, type SeriesTable } from "../engine";

export interface MonthBlock {
  id: string;
  /** First day of the month. */
  month: BusinessDate;
  /** First day of the month with any non-zero metric. */
  firstActive: BusinessDate;
  /** Running totals per metric, in the order of the kind's SERIES_METRICS. */
  totals: number[][];
}

/** The first day of the month of `date`. */
export function monthOf(date: BusinessDate): BusinessDate {
  return `${date.slice(0, 7)}-01`;
}

/** The first day of the month after `month`'s. */
export function nextMonth(month: BusinessDate): BusinessDate {
  return monthOf(addDays(month, 32));
}

export function daysInMonth(month: BusinessDate): number {
  return daysBetween(month, nextMonth(month));
}

/** First days of the months from `from`'s to `to`'s, inclusive. */
export function monthsBetween(from: BusinessDate, to: BusinessDate): BusinessDate[] {
  const months: BusinessDate[] = [];
  for (let month = monthOf(from); month <= to; month = nextMonth(month)) months.push(month);
  return months;
}

/**
 * The block of one entity's month from its daily values (`daily[m][d]`: metric m on day d + 1 of
 * the month; missing days are zeros), or null when every value is zero.
 */
export function blockOfDaily(id: string, month: BusinessDate, daily: ArrayLike<number>[]): MonthBlock | null {
  let first = -1;
  let last = -1;
  const length = Math.max(0, ...daily.map((values) => values.length));
  for (let day = 0; day < length; day++) {
    if (!daily.some((values) => (values[day] ?? 0) !== 0)) continue;
    if (first < 0) first = day;
    last = day;
  }
  if (first < 0) return null;
  const totals = daily.map((values) => {
    const running = new Array<number>(last + 1);
    let total = 0;
    for (let day = 0; day <= last; day++) running[day] = total += values[day] ?? 0;
    return running;
  });
  return { id, month, firstActive: addDays(month, first), totals };
}

/** A block's daily values per metric, one per day of its month (days past the arrays are zeros). */
export function dailyOfBlock(block: Pick<MonthBlock, "month" | "totals">): Float64Array[] {
  const days = daysInMonth(block.month);
  return block.totals.map((running) => {
    const daily = new Float64Array(days);
    for (let day = 0; day < running.length && day < days; day++) daily[day] = running[day] - (running[day - 1] ?? 0);
    return daily;
  });
}

/**
 * The blocks of a SeriesTable (`ids[row]` names each row), with `metrics` in that order: one per
 * active month of each row, read straight from the table's prefix sums (a running total within
 * a month is the difference of two).
 */
export function* blocksOfSeries(
  table: SeriesTable,
  metrics: readonly string[],
  ids: readonly string[],
): Generator<MonthBlock> {
  const prefix = table.prefixArrays();
  const arrays = metrics.map((metric) => prefix[metric]);
  const months = monthsBetween(table.startDate, table.endDate).map((month) => {
    const offset = table.dayIndex(month); // the month's 1st, in days from the series' start
    return {
      month,
      offset,
      from: Math.max(0, -offset), // the month's first day inside the series
      to: Math.min(daysInMonth(month), table.days - offset), // exclusive
      dates: Array.from({ length: daysInMonth(month) }, (_, day) => addDays(month, day)),
    };
  });
  for (let row = 0; row < ids.length; row++) {
    const base = row * (table.days + 1);
    for (const { month, offset, from, to, dates } of months) {
      const start = base + offset;
      let first = -1;
      let last = -1;
      for (let day = from; day < to; day++) {
        for (const sums of arrays) {
          if (sums[start + day + 1] === sums[start + day]) continue;
          if (first < 0) first = day;
          last = day;
          break;
        }
      }
      if (first < 0) continue;
      const totals = arrays.map((sums) => {
        const running = new Array<number>(last + 1).fill(0);
        const before = sums[start + from];
        for (let day = from; day <= last; day++) running[day] = sums[start + day + 1] - before;
        return running;
      });
      yield { id: ids[row], month, firstActive: dates[first], totals };
    }
  }
}
