// Rank lists as the API serves them: one list of (entity, rank type, window, country, category)
// at the snapshot's version, with the entities' cards attached. Read from the rank tables
// (store/rank-pages.ts: the generation the refresh published with this version; cards from the
// profiles, store/cards-sql.ts) when that generation is stored; until then (a seed or an import
// moved the version and the next refresh has not filled the lists yet: jobs/scheduler.ts starts
// one at once) computed by the in-memory engine from the snapshot, which is what the rank tables
// are tested to equal (tests/server/catalog/rank-serving.test.ts). A page in rank order reads
// only its rows; a sorted or filtered view (list-view.ts) and the export read the rows the plan
// shows. Pages and lists are kept in an LRU bounded in bytes (LIST_CACHE_MB) and the serialized
// bodies of the routes in another (BODY_CACHE_MB); a new snapshot clears both. Concurrent
// requests for the same cold list share one read.
import type { Static } from "@fastify/type-provider-typebox";
import {
  DEFAULT_RANK_TYPE,
  MAX_RANK_LIMIT,
  rankList,
  visiblePage,
  type EntityKind,
  type MarketCode,
  type RankWindow,
} from "../engine";
import type { DataService } from "./data-service";
import type { Config } from "../../../config";
import { Lru, MB, stringBytes } from "../../../lib/lru";
import type { RankRows } from "../schemas";
import { readCardMap } from "../store/cards-sql";
import { generationStored } from "../store/rank-generations";
import { readRankPage, type RankPage } from "../store/rank-pages";
import { rankListKey } from "../store/rank-tables";
import { calendarOfSnapshot } from "./details/lookup";
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
  /** The rows in the view's order (in rank order: the rows the plan shows, or every row). */
  rows: ApiRow<K>[];
  /** Rows of the list a view left out because the plan hides them (0 in rank order). */
  hiddenByPlan?: number;
}

/** One page of a list in rank order, as the routes send it. */
export interface ListPage<K extends EntityKind = EntityKind> {
  rows: ApiRow<K>[];
  /** Rows the list holds (at most MAX_RANK_LIMIT). */
  total: number;
  /** The plan hides rows this page would have shown. */
  limited: boolean;
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

/** An estimate of rows in memory: about twice a row's JSON text each, as objects. */
function rowsBytes(rows: readonly unknown[]): number {
  const first = rows[0];
  return first === undefined ? 256 : rows.length * (stringBytes(JSON.stringify(first)) + 256);
}

/** Display fields of one entity row of the snapshot, by kind (the engine's lists). */
function cardOf(snapshot: DataSnapshot, entity: EntityKind, row: number): Record<string, unknown> {
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

type Ranked = Required<Pick<ListQuery, "entity" | "rankType" | "window" | "market" | "categoryId">>;

export class RankLists {
  private readonly lists: Lru<string, PresentedList | ListPage>;
  /** Serialized bodies (modules/catalog/routes/cached-body.ts) of list pages, details and searches. */
  readonly pages: Lru<string, CachedBody>;
  /** Reads under way, by cache key: concurrent requests for one cold list share them. */
  private readonly reading = new Map<string, Promise<PresentedList | ListPage>>();
  /** Whether the rank tables hold the generation of a snapshot version (asked once per version). */
  private readonly stored = new Map<number, Promise<boolean>>();

  constructor(
    private readonly data: DataService,
    budgets: Pick<Config, "bodyCacheMb" | "listCacheMb">,
  ) {
    this.lists = new Lru({ maxBytes: budgets.listCacheMb * MB, sizeOf: (list) => rowsBytes(list.rows) });
    this.pages = new Lru({ maxBytes: budgets.bodyCacheMb * MB, sizeOf: bodyBytes });
    data.onSnapshot(() => {
      this.lists.clear();
      this.pages.clear();
      this.stored.clear();
    });
  }

  /**
   * One page in rank order, cut to the plan's visible rows as visiblePage cuts it. Throws the
   * engine's RankQueryError for an unknown rank type or category.
   */
  page<K extends EntityKind>(
    query: Omit<ListQuery, "view"> & { entity: K; page: number; size: number },
    snapshot: DataSnapshot = this.data.snapshot,
  ): Promise<ListPage<K>> {
    const ranked = this.ranked(query);
    const visibleRows = query.visibleRows ?? null;
    const key = `${this.keyOf(ranked, snapshot)}|page:${query.page}:${query.size}:${visibleRows ?? ""}`;
    return this.once(key, async () => {
      const stored = await this.fromTables(snapshot, ranked, query.page, query.size, visibleRows);
      if (stored) return stored;
      const { rows } = this.rankOrder(ranked, snapshot);
      const visible = visiblePage(visibleRows, query.page, query.size, rows.length);
      return {
        rows: rows.slice(visible.offset, visible.offset + visible.count),
        total: rows.length,
        limited: visible.limited,
      };
    }) as Promise<ListPage<K>>;
  }

  /**
   * The list in the query's view: the rows the plan shows sorted and filtered, or in rank order
   * without a view (every row when the plan shows every row). Throws RankQueryError as page().
   */
  list<K extends EntityKind>(
    query: ListQuery & { entity: K },
    snapshot: DataSnapshot = this.data.snapshot,
  ): Promise<PresentedList<K>> {
    const ranked = this.ranked(query);
    const visibleRows = query.visibleRows ?? null;
    const view = query.view && !isDefaultView(query.view) ? query.view : null;
    const key = `${this.keyOf(ranked, snapshot)}|${view ? viewKey(view) : ""}|${visibleRows ?? ""}`;
    return this.once(key, async () => {
      const stored = await this.fromTables(snapshot, ranked, 1, MAX_RANK_LIMIT, visibleRows);
      const limit = visibleRows ?? MAX_RANK_LIMIT;
      const all = stored ? null : this.rankOrder(ranked, snapshot).rows;
      const total = stored ? stored.total : all!.length;
      const top = stored ? stored.rows : all!.slice(0, limit);
      if (!view) return { rows: top };
      return { rows: applyListView(top, view), hiddenByPlan: total - top.length };
    }) as Promise<PresentedList<K>>;
  }

  private ranked(query: ListQuery): Ranked {
    const { entity, window, market } = query;
    return {
      entity,
      rankType: query.rankType ?? DEFAULT_RANK_TYPE[entity],
      window,
      market,
      categoryId: query.categoryId ?? null,
    };
  }

  private keyOf(query: Ranked, snapshot: DataSnapshot): string {
    return rankListKey(snapshot.version, query);
  }

  /** The cached value of `key`, or `read`'s, shared by the callers that ask while it runs. */
  private once(key: string, read: () => Promise<PresentedList | ListPage>): Promise<PresentedList | ListPage> {
    const cached = this.lists.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.reading.get(key);
    if (!pending) {
      const version = this.data.snapshot.version;
      pending = read()
        .then((value) => {
          // A list read for a snapshot that was replaced meanwhile is not kept.
          if (this.data.snapshot.version === version) this.lists.set(key, value);
          return value;
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  /** Rows `page` of the list from the snapshot version's generation with their cards; null when it is not stored. */
  private async fromTables(
    snapshot: DataSnapshot,
    query: Ranked,
    page: number,
    size: number,
    visibleRows: number | null,
  ): Promise<ListPage | null> {
    if (!snapshot.meta || !(await this.generationStored(snapshot.version))) return null;
    const found: RankPage | null = await readRankPage(this.data.db, snapshot.version, {
      ...query,
      page,
      size,
      visibleRows,
    });
    if (!found) return null;
    const byId = await readCardMap(
      this.data.db,
      calendarOfSnapshot(snapshot),
      query.entity,
      found.rows.map((row) => row.id),
    );
    const rows = found.rows.flatMap((row) => {
      const card = byId.get(row.id);
      // Object.assign, not a spread: cached rows then share hidden classes (see derive-stats.ts).
      return card ? [Object.assign({}, card, row)] : [];
    });
    return { rows, total: found.total, limited: found.limited };
  }

  /** True when the rank tables hold generation `version` (asked once per version). */
  private generationStored(version: number): Promise<boolean> {
    let stored = this.stored.get(version);
    if (!stored) {
      stored = generationStored(this.data.db, version);
      this.stored.set(version, stored);
      stored.catch(() => this.stored.delete(version));
    }
    return stored;
  }

  /** The engine's list in rank order with cards, from the snapshot (before the generation is stored). */
  private rankOrder(query: Ranked, snapshot: DataSnapshot): PresentedList {
    const key = `${this.keyOf(query, snapshot)}|engine`;
    const cached = this.lists.get(key);
    if (cached) return cached;
    const result = rankList(snapshot.rank, { ...query, limit: MAX_RANK_LIMIT });
    const rows = result.rows.map((row) => {
      const index = snapshot.rows[query.entity].get(row.id)!;
      return Object.assign({}, cardOf(snapshot, query.entity, index), apiFigures(row.metrics), {
        id: row.id,
        rank: row.rank,
        rank_change: row.rankChange,
      }) as ApiRow;
    });
    const presented = { rows };
    if (this.data.snapshot.version === snapshot.version) this.lists.set(key, presented);
    return presented;
  }
}
