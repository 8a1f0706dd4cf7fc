// The music and hashtag pages' rank history read from the database: the entity's rank in its
// market's "hot" list of one day (uses that day, then views, then id in byte order; only
// entities with a use that day are listed), for each of the last days of the calendar, as the
// engine's hot definition (engine/rank/definitions/usage.ts) ranks a one-day window. Each day's
// figures are the difference of two running totals of the market's month blocks for the months
// those days fall in (one or two partitions); the rank is a row_number over one day's entities.
// Undefined for an id not stored.
import { sql } from "drizzle-orm";
import { addDays, type BusinessDate, type Calendar } from "../engine";
import { metricColumn, rowsOf } from "./calendar-sums";
import type { UsageKind } from "./related-sql";
import { blockSum, DAILY_FIGURES, dateLiteral } from "./daily-figures";
import type { Queryable } from "./meta";

const RANK_HISTORY_DAYS = 30;

const monthOf = (date: BusinessDate): BusinessDate => `${date.slice(0, 7)}-01`;

/** Rank (1-based; null when not listed that day) in the market's hot list of each of the last `days` days. */
export async function readRankHistory(
  db: Queryable,
  calendar: Calendar,
  kind: UsageKind,
  id: string,
  days = RANK_HISTORY_DAYS,
): Promise<{ date: BusinessDate; rank: number | null }[] | undefined> {
  const back = addDays(calendar.endDate, -(days - 1));
  const from = back > calendar.startDate ? back : calendar.startDate;
  const to = calendar.endDate;
  const { table } = DAILY_FIGURES[kind];
  const day = sql.raw("d.day");
  const rows = rowsOf<{ found: boolean; day: string | null; position: number | null }>(
    await db.execute(sql`WITH own AS (SELECT e.market FROM ${sql.identifier(kind)} e WHERE e.id = ${id}),
      d AS (SELECT g::date AS day FROM generate_series(${dateLiteral(from)}, ${dateLiteral(to)}, interval '1 day') g),
      figures AS (
        SELECT b.id, d.day, ${blockSum(metricColumn(kind, "uses"), day, day)} AS uses, ${blockSum(metricColumn(kind, "views"), day, day)} AS views
        FROM ${sql.identifier(kind)} e
        JOIN ${sql.identifier(table)} b ON b.id = e.id
          AND b.month BETWEEN ${dateLiteral(monthOf(from))} AND ${dateLiteral(monthOf(to))}
        JOIN d ON b.month = date_trunc('month', d.day)::date
        WHERE e.market = (SELECT market FROM own)
      ),
      ranked AS (
        SELECT f.id, f.day, row_number() OVER (PARTITION BY f.day ORDER BY f.uses DESC, f.views DESC, f.id COLLATE "C") AS position
        FROM figures f WHERE f.uses > 0
      )
      SELECT true AS found, r.day::text AS day, r.position::integer AS position FROM ranked r WHERE r.id = ${id}
      UNION ALL SELECT true, NULL, NULL FROM own`),
  );
  if (!rows.length) return undefined;
  const positions = new Map(rows.filter((row) => row.day !== null).map((row) => [row.day!, Number(row.position)]));
  const history = [];
  for (let date = from; date <= to; date = addDays(date, 1)) history.push({ date, rank: positions.get(date) ?? null });
  return history;
}
