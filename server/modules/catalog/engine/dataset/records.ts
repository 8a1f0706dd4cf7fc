// A Dataset as a stream of import records, in dependency order (markets, categories, shops,
// goods, influencers, music, hashtags, videos, links, then daily lines), produced lazily so a
// caller can insert or write them in batches without a second copy of the dataset. Days on
// which every metric is zero are left out: a missing day counts as zero.
import { ENTITY_KINDS, type Id } from "../model/entities";
import { DAILY_ENTITY_OF_KIND, type DailyRecord, type ImportRecord } from "../import/format";
import type { SeriesTable } from "../series/series-table";
import type { Dataset } from "./dataset";

/** Strips derived fields: what a data source would state about an entity. */
function profileOf<T extends object>(entity: T): Omit<T, "stats" | "images"> {
  const { stats: _stats, images: _images, ...profile } = entity as T & { stats?: unknown; images?: unknown };
  return profile;
}

export function* entityRecords(dataset: Dataset): Generator<ImportRecord> {
  for (const market of dataset.markets) yield { type: "market", ...market };
  for (const category of dataset.categories) yield { type: "category", ...category };
  for (const shop of dataset.shops) yield { type: "shop", ...profileOf(shop) };
  for (const goods of dataset.goods) yield { type: "goods", ...profileOf(goods) };
  for (const influencer of dataset.influencers) yield { type: "influencer", ...profileOf(influencer) };
  for (const music of dataset.music) yield { type: "music", ...profileOf(music) };
  for (const hashtag of dataset.hashtags) yield { type: "hashtag", ...profileOf(hashtag) };
  for (const video of dataset.videos) yield { type: "video", ...profileOf(video) };
  for (const link of dataset.showcase) yield { type: "link", relation: "influencer-goods", ...link };
}

export function* dailyRecords(dataset: Dataset): Generator<DailyRecord> {
  for (const kind of ENTITY_KINDS) {
    const table = dataset.series[kind] as SeriesTable;
    const entities: readonly { id: Id }[] = dataset[kind];
    const dates = Array.from({ length: table.days }, (_, day) => table.dateOf(day));
    const rows = table.metrics.map(() => new Float64Array(table.days));
    for (let row = 0; row < entities.length; row++) {
      table.metrics.forEach((metric, m) => table.readDaily(metric, row, rows[m]));
      for (let day = 0; day < table.days; day++) {
        if (!rows.some((values) => values[day] !== 0)) continue;
        const metrics: Record<string, number> = {};
        table.metrics.forEach((metric, m) => (metrics[metric] = rows[m][day]!));
        yield { type: "daily", entity: DAILY_ENTITY_OF_KIND[kind], id: entities[row].id, date: dates[day], metrics };
      }
    }
  }
}

export function* datasetRecords(dataset: Dataset): Generator<ImportRecord> {
  yield* entityRecords(dataset);
  yield* dailyRecords(dataset);
}

/** Groups any iterable into arrays of at most `size` items. */
export function* inBatches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  if (!(size >= 1)) throw new RangeError("batch size must be at least 1");
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

export type Relation =
  "video-goods" | "video-influencer" | "video-music" | "video-hashtag" | "goods-shop" | "influencer-goods";

export interface Link {
  relation: Relation;
  from: Id;
  to: Id;
}

/** Every relation as a flat pair, for join tables. influencer-goods includes video-derived pairs. */
export function* iterateLinks(dataset: Dataset): Generator<Link> {
  for (const goods of dataset.goods) yield { relation: "goods-shop", from: goods.id, to: goods.shopId };
  const influencerGoods = new Set<string>();
  for (const video of dataset.videos) {
    yield { relation: "video-influencer", from: video.id, to: video.influencerId };
    if (video.goodsId !== null) {
      yield { relation: "video-goods", from: video.id, to: video.goodsId };
      influencerGoods.add(`${video.influencerId}\u0000${video.goodsId}`);
    }
    if (video.musicId !== null) yield { relation: "video-music", from: video.id, to: video.musicId };
    for (const hashtagId of video.hashtagIds) yield { relation: "video-hashtag", from: video.id, to: hashtagId };
  }
  for (const link of dataset.showcase) influencerGoods.add(`${link.influencerId}\u0000${link.goodsId}`);
  for (const pair of influencerGoods) {
    const [from, to] = pair.split("\u0000") as [Id, Id];
    yield { relation: "influencer-goods", from, to };
  }
}
