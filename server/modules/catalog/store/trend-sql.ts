// One entity's daily trend over a date range (a trendRange: at most MAX_CUSTOM_RANGE_DAYS
// days) read from its month blocks, answered as services/details/trend.ts answers it from the
// engine: each day's value of every metric (a block's running total on the day less the day
// before's; zero outside the calendar), the range's totals, and for influencers the follower
// count at the end of each day (initial followers plus every gain since the calendar's start).
// The blocks are read by key: the entity's months that overlap the range (for influencers, from
// the calendar's start), with the entity's row, in one statement. Undefined for an id not
// stored.
import { sql } from "drizzle-orm";
import { addDays, SERIES_METRICS, type Calendar, type DateRange, type EntityKind } from "../engine";
import { apiFigures } from "../services/present";
import { calendarBlocks, metricColumn, rowsOf } from "./calendar-sums";
import { DAILY_FIGURES } from "./daily-figures";
import type { Queryable } from "./meta";

type Block = { base: number; month: string | null } & Record<string, number[]>;

/**
 * The entity's base (initial followers for an influencer, 0 for another kind) and its blocks
 * overlapping from..to by month ("YYYY-MM"), in one statement; null when it is not stored.
 */
async function blocksOf(db: Queryable, kind: EntityKind, id: string, from: string, to: string) {
  const metrics = SERIES_METRICS[kind] as readonly string[];
  const columns = metrics.map((m) => sql`b.${sql.identifier(metricColumn(kind, m))}::float8[] AS ${sql.identifier(m)}`);
  const base = kind === "influencers" ? sql`e.initial_followers::float8` : sql`0::float8`;
  const rows = rowsOf<Block>(
    await db.execute(sql`SELECT ${base} AS base, b.month::text AS month, ${sql.join(columns, sql`, `)}
      FROM ${sql.identifier(kind)} e
      LEFT JOIN ${sql.identifier(DAILY_FIGURES[kind].table)} b
        ON b.id = e.id AND ${calendarBlocks({ startDate: from, endDate: to })}
      WHERE e.id = ${id}`),
  );
  if (!rows.length) return null;
  const blocks = new Map(rows.filter((row) => row.month !== null).map((row) => [row.month!.slice(0, 7), row]));
  return { base: Number(rows[0].base), blocks };
}

export async function readTrend(db: Queryable, calendar: Calendar, kind: EntityKind, id: string, range: DateRange) {
  const metrics = SERIES_METRICS[kind] as readonly string[];
  const influencer = kind === "influencers";
  // Influencers' follower counts add every gain since the calendar's start.
  const first = influencer && calendar.startDate < range.start ? calendar.startDate : range.start;
  const stored = await blocksOf(db, kind, id, first, range.end);
  if (!stored) return undefined;
  const { base, blocks } = stored;
  const valueOn = (metric: string, date: string): number => {
    if (date < calendar.startDate || date > calendar.endDate) return 0;
    const running = blocks.get(date.slice(0, 7))?.[metric];
    if (!running) return 0;
    const at = (d: number) => (d <= 0 ? 0 : running[Math.min(d, running.length) - 1]);
    const day = Number(date.slice(8, 10));
    return at(day) - at(day - 1);
  };
  const points = [];
  const totals: Record<string, number> = Object.fromEntries(metrics.map((m) => [m, 0]));
  let followers = base;
  for (let date = first; date <= range.end; date = addDays(date, 1)) {
    if (influencer) followers += valueOn("followersGained", date);
    if (date < range.start) continue;
    const values: Record<string, number> = {};
    for (const metric of metrics) {
      values[metric] = valueOn(metric, date);
      totals[metric] += values[metric];
    }
    if (influencer) values.followers = followers;
    points.push({ date, ...apiFigures(values) });
  }
  return { range, points, totals: apiFigures(totals) };
}
