// One page of one rank list read from a generation of the rank tables (store/rank-tables.ts):
// the list's total and the page's rows (id, rank, rank_change and the list's metrics as the API
// names them: services/present.ts apiFigures), cut to the plan's visible rows as the rank route
// cuts lists (engine/plans.ts visiblePage: total is the rows the list holds, at most
// MAX_RANK_LIMIT; limited when the plan hides rows of this page). One indexed read by list key
// and rank range, which on Citus is a router query (both tables distributed by list key). Bad
// queries: RankQueryError for an unknown entity, rank type, window, country or category, and for
// a category on music or hashtags. Card fields (title, images, ...) are not here: they come from
// the profiles (services/rank-lists.ts serves them together); tests/server/catalog/rank-sql.test.ts
// compares its pages with the in-memory engine's (the tests' oracle).
import { sql, type SQL } from "drizzle-orm";
import { CATEGORY_ENTITIES } from "../../../../contract/rank";
import {
  DEFAULT_RANK_TYPE,
  ENTITY_KINDS,
  MARKET_CODES,
  RANK_TYPES,
  RANK_WINDOWS,
  isMarketCode,
  isRankWindow,
  MAX_RANK_LIMIT,
  checkRankType,
  RankQueryError,
  visiblePage,
  type BusinessDate,
  type Calendar,
  type EntityKind,
  type MarketCode,
  type RankMetrics,
  type RankWindow,
} from "../engine";
import { apiFigures } from "../services/present";
import { dateLiteral } from "./daily-figures";
import type { Queryable } from "./meta";
import { rankListKey } from "./rank-tables";

export interface RankPageQuery {
  entity: EntityKind;
  /** Default per entity (DEFAULT_RANK_TYPE). */
  rankType?: string;
  window: RankWindow;
  market: MarketCode;
  /** null: the whole market. */
  categoryId: number | null;
  /** From 1. */
  page: number;
  size: number;
  /** The plan's row limit (null: every row). */
  visibleRows: number | null;
}

/**
 * The first page of every list a generation holds, for a dataset with these category ids:
 * every kind x rank type x window x market, and each category for the kinds listed by category.
 */
export function everyRankListPage(categoryIds: readonly number[], size: number): RankPageQuery[] {
  const queries: RankPageQuery[] = [];
  for (const entity of ENTITY_KINDS)
    for (const rankType of RANK_TYPES[entity])
      for (const window of RANK_WINDOWS)
        for (const market of MARKET_CODES)
          for (const categoryId of CATEGORY_ENTITIES.includes(entity) ? [null, ...categoryIds] : [null])
            queries.push({ entity, rankType, window, market, categoryId, page: 1, size, visibleRows: null });
  return queries;
}

/** A rank row as the API sends it, without the entity's card fields. */
export type RankPageRow = { id: string; rank: number; rank_change: number | null } & Record<string, unknown>;

export interface RankPage {
  rows: RankPageRow[];
  /** Rows the list holds (at most MAX_RANK_LIMIT), as the route's `total`. */
  total: number;
  /** The plan hides rows this page would have shown. */
  limited: boolean;
  /** The last day of the list's window. */
  endDate: BusinessDate;
}

interface PageRow {
  total: number;
  end_date: string;
  rank: number | null;
  id: string | null;
  rank_change: number | null;
  metrics: RankMetrics | null;
}

/** The query with its rank type; throws RankQueryError for a bad one. */
export function checkRankPageQuery(query: RankPageQuery): Required<RankPageQuery> {
  const rankType = query.rankType ?? DEFAULT_RANK_TYPE[query.entity];
  checkRankType(query.entity, rankType);
  if (!isRankWindow(query.window))
    throw new RankQueryError(`Unknown window '${String(query.window)}'; use one of 24h, 3d, 7d, 30d`);
  if (!isMarketCode(query.market)) throw new RankQueryError(`Unknown country '${String(query.market)}'`);
  if (query.categoryId !== null && (query.entity === "music" || query.entity === "hashtags"))
    throw new RankQueryError(`${query.entity} lists have no category filter`);
  for (const [name, value] of [
    ["page", query.page],
    ["size", query.size],
  ] as const)
    if (!Number.isSafeInteger(value) || value < 1) throw new RankQueryError(`${name} must be a whole number from 1`);
  if (query.visibleRows !== null && (!Number.isSafeInteger(query.visibleRows) || query.visibleRows < 0))
    throw new RankQueryError("visibleRows must be a whole number from 0, or null");
  return { ...query, rankType };
}

async function listExists(q: Queryable, key: string): Promise<boolean> {
  const result = await q.execute(sql`SELECT 1 FROM rank_lists WHERE list_key = ${key}`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

/**
 * The rank rows of a page: rank in (offset, last], cut to the plan's visible rows, of the list
 * `key` in `generation` (the partition of rank_rows read: migration 0024).
 */
export interface RankPageRange {
  generation: number;
  key: string;
  offset: number;
  last: number;
}

/** The list key and rank range of `query`'s page in `generation`; throws RankQueryError for a bad query. */
export function rankPageRange(
  generation: number,
  query: RankPageQuery,
): RankPageRange & { list: Required<RankPageQuery> } {
  const list = checkRankPageQuery(query);
  const offset = (list.page - 1) * list.size;
  const last = offset + Math.max(0, Math.min(list.size, (list.visibleRows ?? Infinity) - offset));
  return { list, generation, key: rankListKey(generation, list), offset, last };
}

/**
 * The rows of a page as SQL with the placeholders "generation", "key", "offset" and "last"
 * (rankPageRange; the generation picks the one partition of rank_rows read):
 * id, rank, rank_change, metrics, the list's total and end date on each row, and card_total:
 * the entity's stored card total when the list's generation summed it over `calendar` (else
 * null: an older generation serving a newer calendar, or one filled before totals were stored).
 * For cards-sql.ts readRankPageCards, which joins the cards' columns to it, so a page of a rank
 * list and its cards are one statement.
 */
export function rankPageRows(calendar: Pick<Calendar, "startDate" | "endDate">): SQL {
  const sameCalendar = sql`l.calendar_start = ${dateLiteral(calendar.startDate)} AND l.end_date = ${dateLiteral(calendar.endDate)}`;
  return sql`SELECT r.id, r.rank, r.rank_change, r.metrics, l.total, l.end_date::text AS end_date,
      CASE WHEN ${sameCalendar} THEN r.card_total END AS card_total
    FROM rank_lists l JOIN rank_rows r ON r.generation = ${sql.placeholder("generation")} AND r.list_key = l.list_key
      AND r.rank > ${sql.placeholder("offset")} AND r.rank <= ${sql.placeholder("last")}
    WHERE l.list_key = ${sql.placeholder("key")}`;
}

/** A page row as rankPageRows reads it. */
export interface StoredRankRow {
  id: string;
  rank: number;
  rank_change: number | null;
  metrics: RankMetrics;
  total: number;
  end_date: string;
}

/**
 * The page made of its rows as rankPageRows reads them, in rank order; `head` gives the list's
 * total and end date (any of its rows, or the list alone for a page past its end).
 */
export function rankPageOf(
  list: Required<RankPageQuery>,
  rows: readonly StoredRankRow[],
  head: Pick<StoredRankRow, "total" | "end_date"> = rows[0],
): RankPage {
  const total = Math.min(head.total, MAX_RANK_LIMIT);
  return {
    rows: rows.map((row): RankPageRow => ({
      ...apiFigures(row.metrics),
      id: row.id,
      rank: row.rank,
      rank_change: row.rank_change,
    })),
    total,
    limited: visiblePage(list.visibleRows, list.page, list.size, total).limited,
    endDate: head.end_date,
  };
}

/**
 * The page of `generation`; null when that generation does not hold the list (never filled, or
 * deleted since). Throws RankQueryError as checkRankPageQuery does for a bad query.
 */
export async function readRankPage(q: Queryable, generation: number, query: RankPageQuery): Promise<RankPage | null> {
  const { list, key, offset, last } = rankPageRange(generation, query);
  const result = await q.execute(
    sql`SELECT l.total, l.end_date::text AS end_date, r.rank, r.id, r.rank_change, r.metrics
      FROM rank_lists l LEFT JOIN rank_rows r ON r.generation = ${generation} AND r.list_key = l.list_key
        AND r.rank > ${offset} AND r.rank <= ${last}
      WHERE l.list_key = ${key} ORDER BY r.rank`,
  );
  const found = (result as { rows: PageRow[] }).rows;
  if (found.length === 0) {
    // The generation holds the market's list but not this category's: the category is unknown.
    if (list.categoryId !== null && (await listExists(q, rankListKey(generation, { ...list, categoryId: null }))))
      throw new RankQueryError(`Unknown category ${list.categoryId}`);
    return null;
  }
  return rankPageOf(
    list,
    found.filter((row): row is StoredRankRow => row.id !== null),
    found[0],
  );
}
