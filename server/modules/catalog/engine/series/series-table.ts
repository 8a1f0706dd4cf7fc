// Daily metric series for one entity kind, stored as prefix sums so any window sum is O(1):
// one Float64Array per metric holding rows x (days + 1) running totals. Values are integers
// (counts, cents), exact in a double up to 2^53, so a window sum always equals the sum of its
// daily values. Row i belongs to the i-th entity of the kind's array in the dataset.
//
// Prefix sums are the only copy kept (a daily value is the difference of two). A metric whose
// largest row total fits in 32 bits (every count at the demo scale; not revenue in cents) keeps
// them in a Uint32Array, 4 bytes per row and day instead of 8: exact either way.
import { addDays, daysBetween, type BusinessDate, type DateRange } from "../time";

/** One metric's running totals: Uint32 when every row total fits, else Float64. */
export type PrefixArray = Float64Array | Uint32Array;

const UINT32_LIMIT = 2 ** 32;

export class SeriesTable<M extends string = string> {
  constructor(
    readonly metrics: readonly M[],
    readonly rows: number,
    readonly startDate: BusinessDate,
    readonly days: number,
    private readonly prefix: Readonly<Record<M, PrefixArray>>,
  ) {}

  get endDate(): BusinessDate {
    return addDays(this.startDate, this.days - 1);
  }

  /** Day index of a date (may fall outside 0..days-1). */
  dayIndex(date: BusinessDate): number {
    return daysBetween(this.startDate, date);
  }

  dateOf(day: number): BusinessDate {
    return addDays(this.startDate, day);
  }

  /** Sum over days from..to inclusive; days outside the series count as zero. */
  sum(metric: M, row: number, fromDay: number, toDay: number): number {
    const from = Math.max(0, fromDay);
    const to = Math.min(this.days - 1, toDay);
    if (to < from) return 0;
    const base = row * (this.days + 1);
    const prefix = this.prefix[metric];
    return prefix[base + to + 1] - prefix[base + from];
  }

  sumRange(metric: M, row: number, range: DateRange): number {
    const from = this.dayIndex(range.start);
    return this.sum(metric, row, from, from + range.days - 1);
  }

  /** The whole series' total. */
  total(metric: M, row: number): number {
    return this.sum(metric, row, 0, this.days - 1);
  }

  value(metric: M, row: number, day: number): number {
    return this.sum(metric, row, day, day);
  }

  /** Daily values, oldest first. */
  daily(metric: M, row: number): number[] {
    return Array.from({ length: this.days }, (_, day) => this.value(metric, row, day));
  }

  /** Copies one row's daily values into `target` (length >= days), oldest first. */
  readDaily(metric: M, row: number, target: Float64Array): void {
    const prefix = this.prefix[metric];
    const base = row * (this.days + 1);
    for (let day = 0; day < this.days; day++) target[day] = prefix[base + day + 1] - prefix[base + day];
  }

  /** First day on which any metric is non-zero, or -1. */
  firstActiveDay(row: number): number {
    for (let day = 0; day < this.days; day++) {
      for (const metric of this.metrics) if (this.value(metric, row, day) !== 0) return day;
    }
    return -1;
  }

  /** The raw prefix arrays, for hashing and bulk export. */
  prefixArrays(): Readonly<Record<M, PrefixArray>> {
    return this.prefix;
  }
}

/** Collects daily values (set or accumulate) and turns them into a SeriesTable once. */
export class SeriesBuilder<M extends string = string> {
  private daily: Record<M, Float64Array> | null;

  constructor(
    readonly metrics: readonly M[],
    readonly rows: number,
    readonly startDate: BusinessDate,
    readonly days: number,
  ) {
    this.daily = Object.fromEntries(metrics.map((m) => [m, new Float64Array(rows * days)])) as Record<M, Float64Array>;
  }

  private cells(metric: M): Float64Array {
    if (!this.daily) throw new Error("SeriesBuilder already built");
    return this.daily[metric];
  }

  get(metric: M, row: number, day: number): number {
    return this.cells(metric)[row * this.days + day];
  }

  set(metric: M, row: number, day: number, value: number): void {
    this.cells(metric)[row * this.days + day] = value;
  }

  /** Sets a whole row from daily values, oldest first. */
  setRow(metric: M, row: number, values: ArrayLike<number>): void {
    this.cells(metric).set(values, row * this.days);
  }

  add(metric: M, row: number, day: number, value: number): void {
    this.cells(metric)[row * this.days + day] += value;
  }

  build(): SeriesTable<M> {
    const prefix = {} as Record<M, PrefixArray>;
    const width = this.days + 1;
    for (const metric of this.metrics) {
      const daily = this.cells(metric);
      const sums = new Float64Array(this.rows * width);
      let narrow = true; // every running total a non-negative integer below 2^32
      for (let row = 0; row < this.rows; row++) {
        let running = 0;
        for (let day = 0; day < this.days; day++) {
          const value = daily[row * this.days + day];
          if (value < 0 || value !== Math.floor(value)) narrow = false;
          running += value;
          sums[row * width + day + 1] = running;
        }
        if (!(running < UINT32_LIMIT)) narrow = false;
      }
      prefix[metric] = narrow ? new Uint32Array(sums) : sums;
      this.daily![metric] = new Float64Array(0); // release as we go: peak memory stays ~1 metric
    }
    this.daily = null;
    return new SeriesTable(this.metrics, this.rows, this.startDate, this.days, prefix);
  }
}
