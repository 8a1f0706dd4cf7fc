// The version of the data the API answers from: dataset_meta's snapshot version and data
// version, the calendar the figures are summed over and the data's "today". Nothing of the
// dataset itself is held in the process: every answer reads the database (lists from the rank
// tables' generation, details, cards and searches by key). A new version swaps in a new
// snapshot whole, so a request never mixes two.
import { addDays, businessDate, calendarEndingOn, DEFAULT_DAYS, type BusinessDate, type Calendar } from "../engine";
import { calendarOf, type DatasetMeta } from "../store/meta";

export interface DataSnapshot {
  /** Rank snapshot version (dataset_meta.version); 0 when there is no dataset. */
  version: number;
  /** Data version: changes with every seed or import, not with a refresh. */
  dataVersion: number;
  meta: DatasetMeta | null;
  /** The days the figures cover (the empty dataset's: the DEFAULT_DAYS before today). */
  calendar: Calendar;
  /** The data's "today": the day after the last day of the calendar (trends end the day before). */
  today: BusinessDate;
}

/** The snapshot of a stored dataset's meta row. */
export function snapshotOf(meta: DatasetMeta): DataSnapshot {
  const calendar = calendarOf(meta);
  return { version: meta.version, dataVersion: meta.dataVersion, meta, calendar, today: addDays(calendar.endDate, 1) };
}

/** What the API serves before anything was seeded or imported: every list empty. */
export function emptySnapshot(now: Date): DataSnapshot {
  const calendar = calendarEndingOn(addDays(businessDate(now), -1), DEFAULT_DAYS);
  return { version: 0, dataVersion: 0, meta: null, calendar, today: addDays(calendar.endDate, 1) };
}
