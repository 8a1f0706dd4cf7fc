// Rank lists as the API serves them: computed once per (entity, rank type, window, country,
// category, snapshot version) with display fields attached, kept in an LRU, and paged by
// slicing. A sorted or filtered view (list-view.ts) of a list is kept in the same LRU under the
// list's key and the view's. Serialized pages are cached too (keyed by everything that shapes the body), so the
// hot path of GET /api/v1/rank/{entity} is a lookup. A new snapshot clears both caches; both are
// bounded in bytes (BODY_CACHE_MB, LIST_CACHE_MB).
import type { Static } from "@fastify/type-provider-typebox";
import {
  DEFAULT_RANK_TYPE,
  MAX_RANK_LIMIT,
  rankList,
  type EntityKind,
  type MarketCode,
  type RankResult,
  type RankWindow,
} from "../engine";
import type { DataService } from "./data-service";
import type { Config } from "../../../config";
import { Lru, MB, stringBytes } from "../../../lib/lru";
import type { RankRows } from "../schemas";
import { apiFigures, goodsCard, hashtagCard, influencerCard, musicCard, videoCard } from "./present";
import type { DataSnapshot } from "./snapshot";
import { applyListView, isDefaultView, viewKey, type ListView } from "./list-view";

export interface ListQuery {
  entity: EntityKind;
  rankType?: string;
  window: RankWindow;
  market: MarketCode;
  categoryId?: number | null;
  /** Sort and range filters; the rank order unfiltered when absent. */
  view?: ListView;
  /**
   * The plan's row limit (null: every row). A view sorts and filters only these top rows of the
   * rank order, so another sort or filter never reveals rows the plan hides.
   */
  visibleRows?: number | null;
}

/** A rank row as the API sends it: the entity's card, its rank and the list's metrics. */
export type ApiRow<K extends EntityKind = EntityKind> = Static<(typeof RankRows)[K]>;

export interface PresentedList<K extends EntityKind = EntityKind> {
  result: RankResult;
  rows: ApiRow<K>[];
  /** Rows of the list a view left out because the plan hides them (0 in rank order). */
  hiddenByPlan?: number;
}

/** A serialized response body and its compressed variants, made once each. */
export interface CachedBody {
  json: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a cached body holds: its JSON text, its bytes and the compressed variants made so far. */
export const bodyBytes = (body: CachedBody): number =>
  stringBytes(body.json) + body.raw.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0);

/**
 * An estimate of a presented list in memory: its rows (about twice a row's JSON text each, as
 * objects) and the engine's result rows. At scale 1 a list holds up to ~1,700 rows.
 */
export function listBytes(list: PresentedList): number {
  const first = list.rows[0];
  return first === undefined ? 256 : list.rows.length * (stringBytes(JSON.stringify(first)) + 256);
}

/** Display fields of one entity row, by kind. */
export function cardOf(snapshot: DataSnapshot, entity: EntityKind, row: number): Record<string, unknown> {
  const { dataset } = snapshot;
  switch (entity) {
    case "goods":
      return goodsCard(snapshot, dataset.goods[row]);
    case "influencers":
      return influencerCard(dataset.influencers[row]);
    case "videos":
      return videoCard(snapshot, dataset.videos[row]);
    case "music":
      return musicCard(dataset.music[row]);
    case "hashtags":
      return hashtagCard(dataset.hashtags[row]);
  }
}

export class RankLists {
  private readonly lists: Lru<string, PresentedList>;
  /** Serialized bodies (modules/catalog/routes/cached-body.ts) of list pages, details and searches. */
  readonly pages: Lru<string, CachedBody>;

  constructor(
    private readonly data: DataService,
    budgets: Pick<Config, "bodyCacheMb" | "listCacheMb">,
  ) {
    this.lists = new Lru({ maxBytes: budgets.listCacheMb * MB, sizeOf: listBytes });
    this.pages = new Lru({ maxBytes: budgets.bodyCacheMb * MB, sizeOf: bodyBytes });
    data.onSnapshot(() => {
      this.lists.clear();
      this.pages.clear();
    });
  }

  /** Throws the engine's RankQueryError for an unknown rank type or category. */
  list<K extends EntityKind>(
    query: ListQuery & { entity: K },
    snapshot: DataSnapshot = this.data.snapshot,
  ): PresentedList<K> {
    const { view, visibleRows = null, ...ranked } = query;
    if (!view || isDefaultView(view)) return this.rankOrder(ranked, snapshot);
    const base = this.rankOrder(ranked, snapshot);
    const key = `${this.keyOf(ranked, snapshot)}|${viewKey(view)}|${visibleRows ?? ""}`;
    const cached = this.lists.get(key);
    if (cached) return cached;
    const top = visibleRows === null ? base.rows : base.rows.slice(0, visibleRows);
    const presented = {
      result: base.result,
      rows: applyListView(top, view),
      hiddenByPlan: base.rows.length - top.length,
    };
    this.lists.set(key, presented);
    return presented;
  }

  private keyOf(query: ListQuery, snapshot: DataSnapshot): string {
    const rankType = query.rankType ?? DEFAULT_RANK_TYPE[query.entity];
    return `${snapshot.version}|${query.entity}|${rankType}|${query.window}|${query.market}|${query.categoryId ?? ""}`;
  }

  /** The list in rank order, made once per key. */
  private rankOrder<K extends EntityKind>(query: ListQuery & { entity: K }, snapshot: DataSnapshot): PresentedList<K> {
    const rankType = query.rankType ?? DEFAULT_RANK_TYPE[query.entity];
    const key = this.keyOf(query, snapshot);
    const cached = this.lists.get(key);
    // The key starts with the entity, so a cached list is one of query.entity's rows.
    if (cached) return cached;
    const result = rankList(snapshot.rank, { ...query, rankType, limit: MAX_RANK_LIMIT });
    const rows = result.rows.map((row) => {
      const index = snapshot.rows[query.entity].get(row.id)!;
      // Object.assign, not a spread: cached rows then share hidden classes (see derive-stats.ts).
      return Object.assign({}, cardOf(snapshot, query.entity, index), apiFigures(row.metrics), {
        id: row.id,
        rank: row.rank,
        rank_change: row.rankChange,
      }) as ApiRow<K>;
    });
    const presented = { result, rows };
    this.lists.set(key, presented);
    return presented;
  }
}
