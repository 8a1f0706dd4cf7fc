// Sums of one entity's daily figures over days of the calendar, read from its month blocks
// (daily-figures.ts) by key: the pieces that entity-stats-sql.ts, related-sql.ts and
// trend-sql.ts build their queries from. A span is clipped to the calendar as the engine's
// SeriesTable clips it (days outside the calendar count as zero, even when a block still holds
// them, e.g. after an import moved the calendar on). The card totals (the one figure a card shows,
// over the calendar) are summed here too: per entity for a card (cards-sql.ts), and for every
// entity at once into the rank rows (rank-tables.ts), so a rank page's cards read them stored.
import { sql, type SQL } from "drizzle-orm";
import { addDays, type BusinessDate, type Calendar, type EntityKind } from "../engine";
import { blockSum, DAILY_FIGURES, dateLiteral } from "./daily-figures";

/** The rows of a db.execute result (PGlite and node-postgres both answer { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The calendar's first and last day (a Calendar, or the rank fill's RankDates). */
type CalendarDays = Pick<Calendar, "startDate" | "endDate">;

/** Days from..to inclusive. */
export interface Span {
  from: BusinessDate;
  to: BusinessDate;
}

/** The whole calendar. */
export function calendarSpan(calendar: CalendarDays): Span {
  return { from: calendar.startDate, to: calendar.endDate };
}

/** The last `days` days of the calendar, `skip` days before its end (the engine's lastDays). */
export function lastDaysSpan(calendar: Calendar, days: number, skip = 0): Span {
  const to = addDays(calendar.endDate, -skip);
  return { from: addDays(to, -(days - 1)), to };
}

function clip(calendar: CalendarDays, span: Span): Span | null {
  const from = span.from > calendar.startDate ? span.from : calendar.startDate;
  const to = span.to < calendar.endDate ? span.to : calendar.endDate;
  return from <= to ? { from, to } : null;
}

/** The metric's column in the kind's block table. */
export function metricColumn(kind: EntityKind, metric: string): string {
  const column = DAILY_FIGURES[kind].columns[metric];
  if (!column) throw new Error(`no metric ${metric} for ${kind}`);
  return column;
}

/** Blocks (alias `b`) that overlap the calendar. */
export function calendarBlocks(calendar: CalendarDays, b = "b"): SQL {
  const month = sql.raw(`${b}.month`);
  return sql`${month} <= ${dateLiteral(calendar.endDate)} AND ${month} + interval '1 month' > ${dateLiteral(calendar.startDate)}`;
}

/** sum() over the grouped blocks (alias `b`) of one metric over a span, as float8 (0 when empty). */
export function spanSum(kind: EntityKind, metric: string, calendar: CalendarDays, span: Span, b = "b"): SQL {
  const days = clip(calendar, span);
  if (!days) return sql`0::float8`;
  return sql`coalesce(sum(${blockSum(metricColumn(kind, metric), dateLiteral(days.from), dateLiteral(days.to), b)}), 0)::float8`;
}

/** A scalar subquery: one entity's (`id`) total of a metric over the calendar. */
export function calendarTotal(kind: EntityKind, metric: string, calendar: CalendarDays, id: SQL): SQL {
  const table = sql.identifier(DAILY_FIGURES[kind].table);
  return sql`(SELECT ${spanSum(kind, metric, calendar, calendarSpan(calendar), "t")}
    FROM ${table} t WHERE t.id = ${id} AND ${calendarBlocks(calendar, "t")})`;
}

/** The metric whose calendar total each kind's card shows (music and hashtags show none). */
export const CARD_TOTAL_METRICS = {
  goods: "salesVolume",
  influencers: "followersGained",
  videos: "views",
} as const satisfies Partial<Record<EntityKind, string>>;

export type CardTotalKind = keyof typeof CARD_TOTAL_METRICS;

/** One entity's (`id`) card total over the calendar, as calendarTotal sums it. */
export function cardTotal(kind: CardTotalKind, calendar: CalendarDays, id: SQL): SQL {
  return calendarTotal(kind, CARD_TOTAL_METRICS[kind], calendar, id);
}

/**
 * Every entity's card total over the calendar (columns id, total), summed as calendarTotal sums
 * it; an entity with no block in the calendar is left out (its total is 0).
 */
export function everyCardTotal(kind: CardTotalKind, calendar: CalendarDays): SQL {
  const table = sql.identifier(DAILY_FIGURES[kind].table);
  return sql`SELECT t.id, ${spanSum(kind, CARD_TOTAL_METRICS[kind], calendar, calendarSpan(calendar), "t")} AS total
    FROM ${table} t WHERE ${calendarBlocks(calendar, "t")} GROUP BY t.id`;
}
