// Rank lists as the API serves them: one list of (entity, rank type, window, country, category)
// at the snapshot's version, with the entities' cards attached, read from the rank tables
// (store/rank-pages.ts; cards from the profiles, store/cards-sql.ts). A version is served by its
// own generation (the one the refresh published with it), or while that is not filled yet (a
// seed or an import moved the version: jobs/scheduler.ts refreshes at once) by the newest
// generation before it. Before any generation exists (the first start's fill is under way) the
// list routes wait for one (ready(), up to LISTS_WAIT_MS), then answer 503 with Retry-After. A page in rank order
// reads only its rows; a sorted or filtered view (list-view.ts) and the export read the rows the
// plan shows. Pages and lists are kept in an LRU bounded in bytes (LIST_CACHE_MB) and the
// serialized bodies of the routes in another (BODY_CACHE_MB; the rank route's pages only
// there, as bytes); a new snapshot clears both.
// Concurrent requests for the same cold list share one read.
import type { Static } from "@fastify/type-provider-typebox";
import { DEFAULT_RANK_TYPE, MAX_RANK_LIMIT, type EntityKind, type MarketCode, type RankWindow } from "../engine";
import type { DataService } from "./data-service";
import type { Config } from "../../../config";
import { DomainError } from "../../../lib/domain-error";
import { Lru, MB, stringBytes } from "../../../lib/lru";
import type { RankRows } from "../schemas";
import { readCardMap, readRankPageCards, type CardOf } from "../store/cards-sql";
import { servedGeneration } from "../store/rank-generations";
import { checkRankPageQuery, readRankPage, type RankPage } from "../store/rank-pages";
import { rankListKey } from "../store/rank-tables";
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

/** A serialized response body (its UTF-8 bytes) and its compressed variants, made once each. */
export interface CachedBody {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** What a cached body holds: its bytes and the compressed variants made so far. */
export const bodyBytes = (body: CachedBody): number =>
  body.raw.length + (body.br?.length ?? 0) + (body.gzip?.length ?? 0);

/** The page's rows with their cards (`cardOf` the card of the row with this id and index, if stored). */
function withCards(page: RankPage, cardOf: (id: string, index: number) => CardOf[EntityKind] | undefined): ListPage {
  const rows = page.rows.flatMap((row, index) => {
    const card = cardOf(row.id, index);
    // Object.assign, not a spread: cached rows then share hidden classes (see derive-stats.ts).
    return card ? [Object.assign({}, card, row)] : [];
  });
  return { rows, total: page.total, limited: page.limited };
}

/** An estimate of rows in memory: about twice a row's JSON text each, as objects. */
function rowsBytes(rows: readonly unknown[]): number {
  const first = rows[0];
  return first === undefined ? 256 : rows.length * (stringBytes(JSON.stringify(first)) + 256);
}

/** The answer while no generation exists yet: retry shortly. */
export const LISTS_PREPARING = new DomainError(503, "Rank lists are being prepared, please try again in a few seconds");

type Ranked = Required<Pick<ListQuery, "entity" | "rankType" | "window" | "market" | "categoryId">>;

export class RankLists {
  private readonly lists: Lru<string, PresentedList | ListPage>;
  /** Serialized bodies (modules/catalog/routes/cached-body.ts) of list pages, details and searches. */
  readonly pages: Lru<string, CachedBody>;
  /** Reads under way, by cache key: concurrent requests for one cold list share them. */
  private readonly reading = new Map<string, Promise<PresentedList | ListPage>>();
  /** The generation serving each snapshot version (asked once per version; null: none stored yet). */
  private readonly served = new Map<number, Promise<number | null>>();
  /** The version known to have a generation to serve it: ready() answers it without waiting. */
  private readyVersion = -1;

  constructor(
    private readonly data: DataService,
    private readonly settings: Pick<Config, "bodyCacheMb" | "listCacheMb" | "listsWaitMs">,
  ) {
    this.lists = new Lru({ maxBytes: settings.listCacheMb * MB, sizeOf: (list) => rowsBytes(list.rows) });
    this.pages = new Lru({ maxBytes: settings.bodyCacheMb * MB, sizeOf: bodyBytes });
    data.onSnapshot(() => {
      this.lists.clear();
      this.pages.clear();
      this.served.clear();
    });
  }

  /**
   * Undefined when the current snapshot's lists can be served at once (the usual case, checked
   * without a tick); else a promise that resolves once a generation serves them, waiting up to
   * LISTS_WAIT_MS for the first one to be published, or rejects with LISTS_PREPARING.
   */
  ready(): Promise<void> | undefined {
    if (this.readyVersion === this.data.snapshot.version) return undefined;
    return this.waitForGeneration(Date.now() + this.settings.listsWaitMs);
  }

  private async waitForGeneration(deadline: number): Promise<void> {
    for (;;) {
      const snapshot = this.data.snapshot;
      if (!snapshot.meta || (await this.generationFor(snapshot.version)) !== null) {
        this.readyVersion = Math.max(this.readyVersion, snapshot.version);
        return;
      }
      const left = deadline - Date.now();
      if (left <= 0 || !(await this.data.nextSnapshot(left))) throw LISTS_PREPARING;
    }
  }

  /**
   * One page in rank order, cut to the plan's visible rows as visiblePage cuts it. Throws the
   * engine's RankQueryError for an unknown rank type or category. With `keep: false` the page is
   * not kept in the list cache (concurrent reads of it are still shared): for a caller that keeps
   * the page's serialized body instead (the rank route), so the page is not held twice, once as
   * thousands of small objects that every full garbage collection walks.
   */
  page<K extends EntityKind>(
    query: Omit<ListQuery, "view"> & { entity: K; page: number; size: number },
    snapshot: DataSnapshot = this.data.snapshot,
    { keep = true }: { keep?: boolean } = {},
  ): Promise<ListPage<K>> {
    const ranked = this.ranked(query);
    const visibleRows = query.visibleRows ?? null;
    const key = `${this.keyOf(ranked, snapshot)}|page:${query.page}:${query.size}:${visibleRows ?? ""}`;
    const read = () => this.fromTables(snapshot, ranked, query.page, query.size, visibleRows);
    return this.once(key, read, keep) as Promise<ListPage<K>>;
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
      const { rows, total } = await this.fromTables(snapshot, ranked, 1, MAX_RANK_LIMIT, visibleRows);
      if (!view) return { rows };
      return { rows: applyListView(rows, view), hiddenByPlan: total - rows.length };
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

  /**
   * The cached value of `key`, or `read`'s, shared by the callers that ask while it runs; kept
   * in the cache unless `keep` is false.
   */
  private once(
    key: string,
    read: () => Promise<PresentedList | ListPage>,
    keep = true,
  ): Promise<PresentedList | ListPage> {
    const cached = this.lists.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.reading.get(key);
    if (!pending) {
      const version = this.data.snapshot.version;
      pending = read()
        .then((value) => {
          // A list read for a snapshot that was replaced meanwhile is not kept.
          if (keep && this.data.snapshot.version === version) this.lists.set(key, value);
          return value;
        })
        .finally(() => this.reading.delete(key));
      this.reading.set(key, pending);
    }
    return pending;
  }

  /**
   * Rows `page` of the list from the generation serving the snapshot, with their cards. Without
   * a dataset every list is empty (the query is still checked); with one but no generation yet,
   * LISTS_PREPARING.
   */
  private async fromTables(
    snapshot: DataSnapshot,
    query: Ranked,
    page: number,
    size: number,
    visibleRows: number | null,
  ): Promise<ListPage> {
    const pageQuery = { ...query, page, size, visibleRows };
    if (!snapshot.meta) {
      checkRankPageQuery(pageQuery);
      return { rows: [], total: 0, limited: false };
    }
    const generation = await this.generationFor(snapshot.version);
    if (generation === null) throw LISTS_PREPARING;
    // The page and its cards in one statement; when it finds no row, the page alone tells why.
    const joined = await readRankPageCards(this.data.db, snapshot.calendar, generation, pageQuery);
    if (joined) return withCards(joined.page, (_, index) => joined.cards[index]);
    const found: RankPage | null = await readRankPage(this.data.db, generation, pageQuery);
    // Every generation holds every list: a generation deleted since it was chosen (another
    // instance published two newer ones) is asked for again with the next request.
    if (!found) {
      this.served.delete(snapshot.version);
      throw LISTS_PREPARING;
    }
    // A page past the list's end (no rows), or one whose entities are not stored.
    const byId = await readCardMap(
      this.data.db,
      snapshot.calendar,
      query.entity,
      found.rows.map((row) => row.id),
    );
    return withCards(found, (id) => byId.get(id));
  }

  /** The generation serving `version` (asked once per version while one is found). */
  private generationFor(version: number): Promise<number | null> {
    let served = this.served.get(version);
    if (!served) {
      served = servedGeneration(this.data.db, version);
      this.served.set(version, served);
      // Not kept when there is none yet (the first fill is under way) or the read failed.
      served.then(
        (generation) => generation === null && this.served.delete(version),
        () => this.served.delete(version),
      );
    }
    return served;
  }
}
