// One immutable view of the data the API answers from: the dataset, its rank index and the
// lookups detail pages need, tagged with the snapshot version it was built
// for. A reload builds a new snapshot and swaps it in whole, so a request never mixes two.
import {
  addDays,
  buildDataset,
  businessDate,
  calendarEndingOn,
  createRankIndex,
  DEFAULT_DAYS,
  ENTITY_KINDS,
  rowIndex,
  type BusinessDate,
  type Category,
  type Dataset,
  type EntityKind,
  type RankIndex,
  type Shop,
} from "../engine";
import type { DatasetMeta } from "../store/meta";

export interface DataSnapshot {
  /** Rank snapshot version (dataset_meta.version); 0 when there is no dataset. */
  version: number;
  /** Data version: the snapshot reloads the dataset only when this changes. */
  dataVersion: number;
  meta: DatasetMeta | null;
  dataset: Dataset;
  rank: RankIndex;
  /** The data's "today": the day after the last day of the calendar (trends end the day before). */
  today: BusinessDate;
  rows: Record<EntityKind, Map<string, number>>;
  shops: Map<string, Shop>;
  categories: Map<number, Category>;
  /** Goods rows linked to each influencer row (showcase and promoting videos), and back. */
  influencerGoods: number[][];
  goodsInfluencers: number[][];
}

/** Builds the indexes and lookups for a dataset (about 1-2 s at scale 1). */
export function createSnapshot(dataset: Dataset, meta: DatasetMeta | null): DataSnapshot {
  const rows = Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, rowIndex(dataset[kind])])) as Record<
    EntityKind,
    Map<string, number>
  >;
  const rank = createRankIndex(dataset);
  const influencerGoods: Set<number>[] = dataset.influencers.map(() => new Set());
  const goodsInfluencers: Set<number>[] = dataset.goods.map(() => new Set());
  const link = (i: number | undefined, g: number | undefined) => {
    if (i === undefined || g === undefined || i < 0 || g < 0) return;
    influencerGoods[i].add(g);
    goodsInfluencers[g].add(i);
  };
  dataset.videos.forEach((_, v) => link(rank.videoInfluencerRow[v], rank.videoGoodsRow[v]));
  for (const s of dataset.showcase) link(rows.influencers.get(s.influencerId), rows.goods.get(s.goodsId));
  return {
    version: meta?.version ?? 0,
    dataVersion: meta?.dataVersion ?? 0,
    meta,
    dataset,
    rank,
    today: addDays(dataset.calendar.endDate, 1),
    rows,
    shops: new Map(dataset.shops.map((s) => [s.id, s])),
    categories: new Map(dataset.categories.map((c) => [c.id, c])),
    influencerGoods: influencerGoods.map((set) => [...set]),
    goodsInfluencers: goodsInfluencers.map((set) => [...set]),
  };
}

/** What the API serves before anything was seeded or imported: every list empty. */
export function emptySnapshot(now: Date): DataSnapshot {
  const calendar = calendarEndingOn(addDays(businessDate(now), -1), DEFAULT_DAYS);
  return createSnapshot(buildDataset([], calendar).dataset, null);
}

/** The same data under a newer snapshot version (a refresh that found no data change). */
export function withVersion(snapshot: DataSnapshot, meta: DatasetMeta): DataSnapshot {
  return { ...snapshot, version: meta.version, meta };
}
