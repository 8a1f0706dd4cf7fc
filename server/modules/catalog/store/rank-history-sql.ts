// The music and hashtag pages' rank history: the entity's rank in its market's "hot" list of one
// day (uses that day, then views, then id in byte order; only entities with a use that day are
// listed), for each of the last days of the calendar, as the hot list (store/rank-sql.ts; the
// tests' oracle: tests/server/oracle/rank/definitions/usage.ts) ranks a one-day window. Ranking
// a day reads every market entity's blocks, a cost that grows with the catalogue, so the ranks
// are stored with the data:
// writeRankHistory ranks every market's entities of each kind at once (each day's figures the
// difference of two running totals of the month blocks of the days' months) into
// usage_day_ranks (migration 0018: one row per kind, entity and listed day), in the seed's
// transaction, for the calendar it stores (updateRankHistory: an import ranks again only the days
// and markets it touches, and drops the days its calendar left behind); a page reads its
// entity's rows by key.
// A database whose data was stored before that table existed (it is empty) is ranked per
// request from the blocks of the entity's market, as before. Undefined for an id not stored.
import { sql, type SQL } from "drizzle-orm";
import { addDays, type BusinessDate, type Calendar } from "../engine";
import { metricColumn, rowsOf } from "./calendar-sums";
import type { UsageKind } from "./related-sql";
import { DAILY_FIGURES, dateLiteral } from "./daily-figures";
import type { Queryable } from "./meta";

const RANK_HISTORY_DAYS = 30;
const USAGE_KINDS: readonly UsageKind[] = ["music", "hashtags"];

const monthOf = (date: BusinessDate): BusinessDate => `${date.slice(0, 7)}-01`;

/** The days of the history: the last RANK_HISTORY_DAYS of the calendar (fewer when it is shorter). */
function historyDays(calendar: Calendar): { from: BusinessDate; to: BusinessDate } {
  const back = addDays(calendar.endDate, -(RANK_HISTORY_DAYS - 1));
  return { from: back > calendar.startDate ? back : calendar.startDate, to: calendar.endDate };
}

/** The markets and days to rank (null: every one). */
interface RankScope {
  markets: string[] | null;
  days: BusinessDate[] | null;
}
const EVERY_MARKET_AND_DAY: RankScope = { markets: null, days: null };

/**
 * Rows (id, day, position) of every listed entity of `kind` on each day of the history, ranked
 * within its market; only the entities of `scope.markets` and the days of `scope.days` when given
 * (a day's ranks depend on that day's figures alone). A day's figure is the block's
 * running total on that day less the one the day before (days past a block's last total add
 * nothing, so they are not listed), for the days of each block's month within the history.
 */
function rankedDays(kind: UsageKind, calendar: Calendar, scope: RankScope): SQL {
  const { from, to } = historyDays(calendar);
  const { markets, days } = scope;
  const { table } = DAILY_FIGURES[kind];
  const [uses, views] = [metricColumn(kind, "uses"), metricColumn(kind, "views")].map((c) => sql.identifier(c));
  const onDay = (column: ReturnType<typeof sql.identifier>) =>
    sql`b.${column}[least(n, cardinality(b.${column}))] - CASE WHEN n > 1 THEN b.${column}[least(n - 1, cardinality(b.${column}))] ELSE 0 END`;
  return sql`SELECT f.id, f.day, row_number() OVER (PARTITION BY f.market, f.day
      ORDER BY f.uses DESC, f.views DESC, f.id COLLATE "C") AS position
    FROM (
      SELECT b.id, e.market, b.month + n - 1 AS day, ${onDay(uses)} AS uses, ${onDay(views)} AS views
      FROM ${sql.identifier(kind)} e
      JOIN ${sql.identifier(table)} b ON b.id = e.id
        AND b.month BETWEEN ${dateLiteral(monthOf(from))} AND ${dateLiteral(monthOf(to))}
      -- Day numbers of a month, filtered (a constant series: with per-block bounds PostgreSQL
      -- guessed 333 rows a block and JIT-compiled the statement, seconds more).
      CROSS JOIN generate_series(1, 31) n
      WHERE n BETWEEN greatest(1, ${dateLiteral(from)} - b.month + 1)
        AND least(cardinality(b.${uses}), ${dateLiteral(to)} - b.month + 1)
        ${markets ? sql`AND e.market = ANY(${sql.param(markets)}::text[])` : sql``}
        ${days ? sql`AND b.month = ANY(${sql.param([...new Set(days.map(monthOf))])}::date[]) AND b.month + n - 1 = ANY(${sql.param(days)}::date[])` : sql``}
    ) f
    WHERE f.uses > 0`;
}

/** Ranks `kind`'s entities again within `scope`: their stored rows there replaced. */
async function rankAgain(tx: Queryable, calendar: Calendar, kind: UsageKind, scope: RankScope): Promise<void> {
  const { markets, days } = scope;
  const ofMarkets = markets
    ? sql`AND r.id IN (SELECT e.id FROM ${sql.identifier(kind)} e WHERE e.market = ANY(${sql.param(markets)}::text[]))`
    : sql``;
  const ofDays = days ? sql`AND r.day = ANY(${sql.param(days)}::date[])` : sql``;
  await tx.execute(sql`DELETE FROM usage_day_ranks r WHERE r.kind = ${kind} ${ofMarkets} ${ofDays}`);
  await tx.execute(sql`INSERT INTO usage_day_ranks (kind, id, day, rank)
    SELECT ${kind}, r.id, r.day, r.position FROM (${rankedDays(kind, calendar, scope)}) r`);
}

/** Replaces the stored rank history with the ranks of the stored data over `calendar` (the one dataset_meta gets). */
export async function writeRankHistory(tx: Queryable, calendar: Calendar): Promise<void> {
  await tx.execute(sql`DELETE FROM usage_day_ranks`);
  for (const kind of USAGE_KINDS) await rankAgain(tx, calendar, kind, EVERY_MARKET_AND_DAY);
  await tx.execute(sql`ANALYZE usage_day_ranks`);
}

/**
 * Brings the stored rank history up to date after an import: `days` yields the (kind, id, day)
 * of the changed daily figures, `markets` the (kind, market) pairs whose entities changed market.
 * A market's ranks of a day depend only on its entities' figures of that day, so the days
 * changed within the history of `calendar` are ranked again in the markets of their entities,
 * and every day in a market an entity moved into or out of; every market and day of a kind when
 * none of its ranks are stored yet. When the calendar moved (`calendarMoved`), the days the
 * history no longer holds are deleted; a day it holds newly has figures only from this import
 * (past the stored calendar's end, or before its start), so it is among the changed days.
 */
export async function updateRankHistory(
  tx: Queryable,
  calendar: Calendar,
  changed: { days: SQL; markets: SQL; calendarMoved: boolean },
): Promise<void> {
  const { from, to } = historyDays(calendar);
  // A scan of every stored rank (day is not the key's first column): only when it can find some.
  if (changed.calendarMoved)
    await tx.execute(sql`DELETE FROM usage_day_ranks WHERE day < ${dateLiteral(from)} OR day > ${dateLiteral(to)}`);
  for (const kind of USAGE_KINDS) {
    const [row] = rowsOf<{ none: boolean; moved: string[] | null; markets: string[] | null; days: string[] | null }>(
      await tx.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM usage_day_ranks r WHERE r.kind = ${kind}) AS none,
        (SELECT array_agg(DISTINCT m.market) FROM (${changed.markets}) m WHERE m.kind = ${kind}) AS moved,
        c.markets, c.days
        FROM (SELECT array_agg(DISTINCT e.market) AS markets, array_agg(DISTINCT d.day::text) AS days
          FROM (${changed.days}) d JOIN ${sql.identifier(kind)} e ON e.id = d.id
          WHERE d.kind = ${kind} AND d.day BETWEEN ${dateLiteral(from)} AND ${dateLiteral(to)}) c`),
    );
    if (row.none) await rankAgain(tx, calendar, kind, EVERY_MARKET_AND_DAY);
    else {
      if (row.moved) await rankAgain(tx, calendar, kind, { markets: row.moved, days: null });
      if (row.markets && row.days) await rankAgain(tx, calendar, kind, { markets: row.markets, days: row.days });
    }
  }
}

/** Rank (1-based; null when not listed that day) in the market's hot list of each of the last RANK_HISTORY_DAYS days. */
export async function readRankHistory(
  db: Queryable,
  calendar: Calendar,
  kind: UsageKind,
  id: string,
): Promise<{ date: BusinessDate; rank: number | null }[] | undefined> {
  const [row] = rowsOf<{ market: string | null; written: boolean; ranks: [string, number][] | null }>(
    await db.execute(sql`SELECT (SELECT e.market FROM ${sql.identifier(kind)} e WHERE e.id = ${id}) AS market,
      EXISTS (SELECT 1 FROM usage_day_ranks r WHERE r.kind = ${kind}) AS written,
      (SELECT json_agg(json_build_array(r.day::text, r.rank)) FROM usage_day_ranks r
        WHERE r.kind = ${kind} AND r.id = ${id}) AS ranks`),
  );
  if (!row?.market) return undefined;
  const ranks = row.written
    ? (row.ranks ?? [])
    : rowsOf<{ day: string; position: number }>(
        await db.execute(sql`SELECT r.day::text AS day, r.position::integer AS position
          FROM (${rankedDays(kind, calendar, { markets: [row.market], days: null })}) r WHERE r.id = ${id}`),
      ).map((r): [string, number] => [r.day, r.position]);
  const positions = new Map(ranks.map(([day, rank]) => [day, Number(rank)]));
  const { from, to } = historyDays(calendar);
  const history = [];
  for (let date = from; date <= to; date = addDays(date, 1)) history.push({ date, rank: positions.get(date) ?? null });
  return history;
}
