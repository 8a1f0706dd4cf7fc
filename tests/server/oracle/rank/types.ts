// The tests' oracle (not production code): types of the in-memory rank lists — what a caller
// asks for, what each row carries, and the contract every rank type implements
// (definitions/*.ts). Production serves lists from the rank tables (store/rank-sql.ts computes
// them, store/rank-pages.ts reads them); this evaluation is what those are compared with.
import type { EntityKind, Id } from "../../../../server/modules/catalog/engine/model/entities";
import type { MarketCode } from "../../../../server/modules/catalog/engine/model/markets";
import type { MetricOf } from "../../../../server/modules/catalog/engine/model/metrics";
import type { BusinessDate, DateRange, RankWindow } from "../../../../server/modules/catalog/engine/time";
import type { AnyRankType, RankMetrics, RankTypeOf } from "../../../../server/modules/catalog/engine/rank/types";
import type { RankIndex } from "./rank-index";

export interface RankQuery {
  entity: EntityKind;
  /** Defaults to DEFAULT_RANK_TYPE[entity]. */
  rankType?: string;
  window: RankWindow;
  market: MarketCode;
  /** A category id (top-level ids include their leaves); not for music and hashtags. */
  categoryId?: number | null;
  /** Last day of the window; defaults to the dataset's last day (= yesterday). */
  endDate?: BusinessDate;
  /** Rows to return (and to compare with for rank change); default 1000. */
  limit?: number;
}

export interface RankRow {
  id: Id;
  /** 1-based. */
  rank: number;
  /** previous rank - rank (positive = moved up); null when not in the previous period's list. */
  rankChange: number | null;
  metrics: RankMetrics;
}

export interface RankResult {
  entity: EntityKind;
  rankType: AnyRankType;
  window: RankWindow;
  market: MarketCode;
  categoryId: number | null;
  range: DateRange;
  previousRange: DateRange;
  /** Entities that qualify for the list (rows holds at most `limit` of them). */
  total: number;
  rows: RankRow[];
}

/** Day indices of the dataset calendar, inclusive; may reach outside it (counts as zero). */
export interface DayWindow {
  from: number;
  to: number;
  days: number;
}

export interface Evaluation {
  /** Compared in order, larger first; ties end with the id ascending. */
  order: readonly number[];
  metrics: RankMetrics;
}

export interface RankDefinition<K extends EntityKind = EntityKind> {
  entity: K;
  rankType: RankTypeOf<K>;
  /** Row metrics that are exactly the window sum of a daily metric of this entity. */
  windowSums: Readonly<Record<string, MetricOf<K>>>;
  /** Row metrics that are the sum of a daily metric over the previous window. */
  previousWindowSums?: Readonly<Record<string, MetricOf<K>>>;
  /** null when the entity does not qualify for the list in this window. */
  evaluate: (index: RankIndex, row: number, window: DayWindow) => Evaluation | null;
}
