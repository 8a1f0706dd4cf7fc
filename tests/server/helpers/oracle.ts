// The tests' oracle of the catalogue: the stored dataset read back with loadDataset and indexed
// by the in-memory engine in the test process (rows by id, the rank index, shops, categories and
// the goods-influencer links), so tests pick ids and compute expected answers without reading
// the data from the app, which keeps only the snapshot version. Built once per database and
// data version.
import type { Database, Db } from "../../../server/db/client";
import {
  addDays,
  ENTITY_KINDS,
  rowIndex,
  type BusinessDate,
  type Category,
  type Dataset,
  type EntityKind,
  type Shop,
} from "../../../server/modules/catalog/engine";
import { createRankIndex, type RankIndex } from "../oracle/rank";
import { readMeta } from "../../../server/modules/catalog/store/meta";
import { loadDataset } from "../oracle/read-dataset";

export interface OracleSnapshot {
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

/** Indexes a dataset the way the engine answers from it (about 1-2 s at scale 1). */
export function oracleOf(dataset: Dataset): OracleSnapshot {
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

const built = new WeakMap<Db, { dataVersion: number; oracle: Promise<OracleSnapshot> }>();

/**
 * The oracle of the dataset stored in `database` (the one the app on it answers from), rebuilt
 * only when its data version changed; fails when nothing was seeded or imported.
 */
export async function oracleSnapshot({ db }: Database): Promise<OracleSnapshot> {
  const meta = await readMeta(db);
  if (!meta) throw new Error("oracleSnapshot: no dataset stored in this database");
  const cached = built.get(db);
  if (cached?.dataVersion === meta.dataVersion) return cached.oracle;
  const oracle = loadDataset(db).then((loaded) => {
    if (!loaded) throw new Error("oracleSnapshot: the dataset disappeared while loading");
    return oracleOf(loaded.dataset);
  });
  built.set(db, { dataVersion: meta.dataVersion, oracle });
  oracle.catch(() => built.delete(db));
  return oracle;
}
