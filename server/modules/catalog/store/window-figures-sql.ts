// What monitoring compares between snapshots, for a batch of goods or influencers by id, read by
// key: each stored entity's market, the units it sold over the calendar's last days (its month
// blocks, calendar-sums.ts), an influencer's video count (videos by the indexed influencer_id),
// and the entities' places in one rank list per market of a rank-table generation (rank_rows of
// that list, at most MAX_RANK_LIMIT rows, filtered to the ids asked). Ids not stored are left
// out. One statement per kind and one per generation read.
import { sql } from "drizzle-orm";
import { DEFAULT_RANK_TYPE, type Calendar, type MarketCode, type RankWindow } from "../engine";
import { lastDaysSpan, rowsOf, spanSum } from "./calendar-sums";
import { DAILY_FIGURES, dateLiteral } from "./daily-figures";
import type { Queryable } from "./meta";
import { rankListKey } from "./rank-tables";

export type FiguredKind = "goods" | "influencers";

export interface WindowFigures {
  market: MarketCode;
  /** Units sold over the window's days. */
  sales: number;
  /** Influencers only: how many videos the influencer posted. */
  videos?: number;
}

/** Market, units sold over the calendar's last `days` days and (influencers) video count, by id. */
export async function readWindowFigures(
  db: Queryable,
  calendar: Calendar,
  kind: FiguredKind,
  ids: readonly string[],
  days: number,
): Promise<Map<string, WindowFigures>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const span = lastDaysSpan(calendar, days);
  const entities = sql.identifier(kind);
  const blocks = sql.identifier(DAILY_FIGURES[kind].table);
  const videos =
    kind === "influencers"
      ? sql`, (SELECT count(*) FROM videos v WHERE v.influencer_id = e.id)::integer AS videos`
      : sql``;
  const result = await db.execute(
    sql`SELECT e.id, e.market, ${spanSum(kind, "salesVolume", calendar, span)} AS sales ${videos}
      FROM ${entities} e
      LEFT JOIN ${blocks} b ON b.id = e.id AND b.month <= ${dateLiteral(span.to)}
        AND b.month + interval '1 month' > ${dateLiteral(span.from)}
      WHERE e.id IN ${unique}
      GROUP BY e.id, e.market`,
  );
  const figures = new Map<string, WindowFigures>();
  for (const row of rowsOf<{ id: string; market: MarketCode; sales: number; videos?: number }>(result))
    figures.set(row.id, {
      market: row.market,
      sales: Number(row.sales),
      ...(row.videos === undefined ? {} : { videos: Number(row.videos) }),
    });
  return figures;
}

/**
 * The places of `ids` (by market) in the market-wide default list of `kind` over `window` in
 * rank-table generation `generation`; ids not in the list (or past its last kept row) are left out.
 */
export async function readRankPlaces(
  db: Queryable,
  generation: number,
  kind: FiguredKind,
  window: RankWindow,
  idsByMarket: ReadonlyMap<MarketCode, readonly string[]>,
): Promise<Map<string, number>> {
  const keys: string[] = [];
  const ids: string[] = [];
  for (const [market, marketIds] of idsByMarket) {
    keys.push(
      rankListKey(generation, { entity: kind, rankType: DEFAULT_RANK_TYPE[kind], window, market, categoryId: null }),
    );
    ids.push(...marketIds);
  }
  if (!ids.length) return new Map();
  const result = await db.execute(
    sql`SELECT id, rank FROM rank_rows
      WHERE generation = ${generation} AND list_key IN ${keys} AND id IN ${ids}`,
  );
  return new Map(rowsOf<{ id: string; rank: number }>(result).map((row) => [row.id, Number(row.rank)]));
}
