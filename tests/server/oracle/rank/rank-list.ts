// The tests' oracle (not production code): computes rank lists in memory — evaluate every
// entity of the market over the window (O(1) per series sum thanks to prefix sums), order them,
// cut to `limit`, and compare with the same list over the previous window for rank change.
// `rankListsByCategory` orders a market once and slices it per category. Production computes
// the same lists in SQL (store/rank-sql.ts) and the tests compare the two.
import { categoryWithDescendants } from "../../../../server/modules/catalog/engine/model/categories";
import type { EntityKind } from "../../../../server/modules/catalog/engine/model/entities";
import { isMarketCode } from "../../../../server/modules/catalog/engine/model/markets";
import { checkRankType, MAX_RANK_LIMIT } from "../../../../server/modules/catalog/engine/rank/query";
import { DEFAULT_RANK_TYPE, RankQueryError } from "../../../../server/modules/catalog/engine/rank/types";
import {
  daysBetween,
  isBusinessDate,
  isRankWindow,
  previousRange,
  RANK_WINDOW_DAYS,
  rangeEndingOn,
  type DateRange,
} from "../../../../server/modules/catalog/engine/time";
import { RANK_DEFINITIONS } from "./definitions";
import { previousWindow } from "./definitions/shared";
import type { RankIndex } from "./rank-index";
import type { DayWindow, Evaluation, RankDefinition, RankQuery, RankResult, RankRow } from "./types";

export const DEFAULT_RANK_LIMIT = 1000;

interface Ranked {
  row: number;
  evaluation: Evaluation;
}

/** The definition of a rank type; throws RankQueryError as production does (checkRankType). */
export function rankDefinition(entity: EntityKind, rankType: string): RankDefinition {
  checkRankType(entity, rankType);
  return (RANK_DEFINITIONS[entity] as Record<string, RankDefinition>)[rankType];
}

function compare(a: Ranked, b: Ranked, ids: readonly { id: string }[]): number {
  const x = a.evaluation.order,
    y = b.evaluation.order;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return y[i] - x[i];
  const idA = ids[a.row].id,
    idB = ids[b.row].id;
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

function rankRows(index: RankIndex, definition: RankDefinition, rows: readonly number[], window: DayWindow): Ranked[] {
  const ranked: Ranked[] = [];
  for (const row of rows) {
    const evaluation = definition.evaluate(index, row, window);
    if (evaluation) ranked.push({ row, evaluation });
  }
  const entities = index.dataset[definition.entity];
  return ranked.sort((a, b) => compare(a, b, entities));
}

interface ResolvedQuery {
  definition: RankDefinition;
  rows: readonly number[];
  range: DateRange;
  window: DayWindow;
  limit: number;
}

function resolve(index: RankIndex, query: RankQuery): ResolvedQuery {
  const rankType = query.rankType ?? DEFAULT_RANK_TYPE[query.entity];
  const definition = rankDefinition(query.entity, rankType);
  if (!isRankWindow(query.window))
    throw new RankQueryError(`Unknown window '${String(query.window)}'; use one of 24h, 3d, 7d, 30d`);
  if (!isMarketCode(query.market)) throw new RankQueryError(`Unknown country '${String(query.market)}'`);
  const limit = query.limit ?? DEFAULT_RANK_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RANK_LIMIT)
    throw new RankQueryError(`limit must be an integer from 1 to ${MAX_RANK_LIMIT}`);
  const { calendar } = index.dataset;
  const endDate = query.endDate ?? calendar.endDate;
  if (!isBusinessDate(endDate)) throw new RankQueryError(`endDate must be a date like 2024-05-01`);
  const range = rangeEndingOn(endDate, RANK_WINDOW_DAYS[query.window]);
  const to = daysBetween(calendar.startDate, endDate);
  const window = { from: to - range.days + 1, to, days: range.days };
  return { definition, rows: index.rowsByMarket[query.entity].get(query.market) ?? [], range, window, limit };
}

function categoryFilter(
  index: RankIndex,
  entity: EntityKind,
  categoryId: number | null | undefined,
): ((row: number) => boolean) | null {
  if (categoryId === null || categoryId === undefined) return null;
  if (entity === "music" || entity === "hashtags") throw new RankQueryError(`${entity} lists have no category filter`);
  const { categories } = index.dataset;
  if (!categories.some((c) => c.id === categoryId)) throw new RankQueryError(`Unknown category ${categoryId}`);
  const ids = categoryWithDescendants(categories, categoryId);
  const categoryOf = index.categoryOf[entity];
  return (row) => ids.has(categoryOf[row]);
}

function toResult(
  index: RankIndex,
  query: RankQuery,
  resolved: ResolvedQuery,
  current: Ranked[],
  previous: Ranked[],
): RankResult {
  const { definition, limit, range } = resolved;
  const entities = index.dataset[definition.entity];
  const previousRank = new Map<number, number>();
  previous.slice(0, limit).forEach((ranked, i) => previousRank.set(ranked.row, i + 1));
  const rows: RankRow[] = current.slice(0, limit).map((ranked, i) => {
    const before = previousRank.get(ranked.row);
    return {
      id: entities[ranked.row].id,
      rank: i + 1,
      rankChange: before === undefined ? null : before - (i + 1),
      metrics: ranked.evaluation.metrics,
    };
  });
  return {
    entity: definition.entity,
    rankType: definition.rankType,
    window: query.window,
    market: query.market,
    categoryId: query.categoryId ?? null,
    range,
    previousRange: previousRange(range),
    total: current.length,
    rows,
  };
}

/** One rank list. Throws RankQueryError for an unknown entity, type, window, market or category. */
export function rankList(index: RankIndex, query: RankQuery): RankResult {
  const resolved = resolve(index, query);
  const filter = categoryFilter(index, query.entity, query.categoryId);
  const rows = filter ? resolved.rows.filter(filter) : resolved.rows;
  const current = rankRows(index, resolved.definition, rows, resolved.window);
  const previous = rankRows(index, resolved.definition, rows, previousWindow(resolved.window));
  return toResult(index, query, resolved, current, previous);
}

/**
 * The list for the whole market (key null) and for every category, ordered once. Same rows as
 * calling rankList per category; music and hashtags only get the null key.
 */
export function rankListsByCategory(
  index: RankIndex,
  query: Omit<RankQuery, "categoryId">,
): Map<number | null, RankResult> {
  const resolved = resolve(index, query);
  const current = rankRows(index, resolved.definition, resolved.rows, resolved.window);
  const previous = rankRows(index, resolved.definition, resolved.rows, previousWindow(resolved.window));
  const results = new Map<number | null, RankResult>([
    [null, toResult(index, { ...query, categoryId: null }, resolved, current, previous)],
  ]);
  if (query.entity === "music" || query.entity === "hashtags") return results;
  for (const category of index.dataset.categories) {
    const filter = categoryFilter(index, query.entity, category.id)!;
    const keep = (ranked: Ranked) => filter(ranked.row);
    results.set(
      category.id,
      toResult(index, { ...query, categoryId: category.id }, resolved, current.filter(keep), previous.filter(keep)),
    );
  }
  return results;
}
