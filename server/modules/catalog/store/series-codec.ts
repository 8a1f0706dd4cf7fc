// The compact form of daily series in the database (table daily_series): one row per entity,
// `{"metric": [v0, v1, ...]}` as JSON text with v0 on the row's start date. Encoding reads a
// SeriesTable row; decoding writes into a SeriesBuilder row of a calendar that may start on a
// different day (values outside it are dropped), so rows written under an older calendar still
// load after the calendar moves on.
import type { SeriesBuilder, SeriesTable } from "../engine";
import { daysBetween, type BusinessDate } from "../engine";

export type SeriesValues = Record<string, number[]>;

/** One entity's daily values as stored; all-zero metrics are left out. */
export function encodeSeriesRow(table: SeriesTable, row: number): string {
  const values: SeriesValues = {};
  const buffer = new Float64Array(table.days);
  for (const metric of table.metrics) {
    table.readDaily(metric, row, buffer);
    if (buffer.some((value) => value !== 0)) values[metric] = Array.from(buffer);
  }
  return JSON.stringify(values);
}

export function parseSeriesValues(text: string): SeriesValues {
  const parsed: unknown = JSON.parse(text);
  return typeof parsed === "object" && parsed !== null ? (parsed as SeriesValues) : {};
}

/** Copies stored values (starting on `startDate`) into `row` of a builder for another calendar. */
export function decodeSeriesRow(
  builder: SeriesBuilder,
  row: number,
  startDate: BusinessDate,
  values: SeriesValues,
): void {
  const offset = daysBetween(builder.startDate, startDate);
  for (const metric of builder.metrics) {
    const daily = values[metric];
    if (!daily) continue;
    if (offset === 0 && daily.length <= builder.days) {
      builder.setRow(metric, row, daily);
      continue;
    }
    daily.forEach((value, k) => {
      const day = offset + k;
      if (day >= 0 && day < builder.days) builder.set(metric, row, day, value);
    });
  }
}
