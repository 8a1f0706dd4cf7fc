// The tests' oracle (not production code): per-dataset lookups the in-memory rank lists need,
// computed once: rows by market, each row's category, each video's post day, and which videos
// promote each goods and belong to each influencer. Building it for the demo dataset takes a
// fraction of a second; rebuild after each import (tests/server/helpers/oracle.ts does).
import type { Dataset } from "../../../../server/modules/catalog/engine/dataset/dataset";
import { rowIndex } from "../../../../server/modules/catalog/engine/dataset/dataset";
import { ENTITY_KINDS, type EntityKind } from "../../../../server/modules/catalog/engine/model/entities";
import { businessDate, daysBetween } from "../../../../server/modules/catalog/engine/time";

export interface RankIndex {
  dataset: Dataset;
  rowsByMarket: Record<EntityKind, Map<string, number[]>>;
  /** Category of each row (goods: own; influencers: main; videos: goods' or else creator's); -1 for none. */
  categoryOf: Record<EntityKind, Int32Array>;
  /** Day index of each video's post (business date of postedAt). */
  videoPostDay: Int32Array;
  videoGoodsRow: Int32Array;
  videoInfluencerRow: Int32Array;
  /** Video rows per goods row / influencer row. */
  goodsVideos: number[][];
  influencerVideos: number[][];
  /** First day with any activity per goods row, -1 if none. */
  goodsFirstDay: Int32Array;
}

function groupByMarket(entities: readonly { market: string }[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  entities.forEach((entity, row) => {
    const rows = map.get(entity.market);
    if (rows) rows.push(row);
    else map.set(entity.market, [row]);
  });
  return map;
}

export function createRankIndex(dataset: Dataset): RankIndex {
  const goodsRow = rowIndex(dataset.goods);
  const influencerRow = rowIndex(dataset.influencers);
  const { videos, goods, influencers } = dataset;

  const videoPostDay = new Int32Array(videos.length);
  const videoGoodsRow = new Int32Array(videos.length).fill(-1);
  const videoInfluencerRow = new Int32Array(videos.length).fill(-1);
  const goodsVideos: number[][] = goods.map(() => []);
  const influencerVideos: number[][] = influencers.map(() => []);
  const postDayCache = new Map<string, number>();
  videos.forEach((video, row) => {
    // Posts land on the business date of their instant; cache by hour to spare Intl calls.
    const hourKey = video.postedAt.slice(0, 13);
    let day = postDayCache.get(hourKey);
    if (day === undefined)
      postDayCache.set(
        hourKey,
        (day = daysBetween(dataset.calendar.startDate, businessDate(new Date(`${hourKey}:00:00Z`)))),
      );
    videoPostDay[row] = day;
    const g = video.goodsId === null ? undefined : goodsRow.get(video.goodsId);
    if (g !== undefined) {
      videoGoodsRow[row] = g;
      goodsVideos[g].push(row);
    }
    const i = influencerRow.get(video.influencerId);
    if (i !== undefined) {
      videoInfluencerRow[row] = i;
      influencerVideos[i].push(row);
    }
  });

  const goodsCategory = Int32Array.from(goods, (g) => g.categoryId);
  const influencerCategory = Int32Array.from(influencers, (i) => i.categoryId);
  const videoCategory = Int32Array.from(videos, (_, row) => {
    const g = videoGoodsRow[row];
    const i = videoInfluencerRow[row];
    return g >= 0 ? goodsCategory[g] : i >= 0 ? influencerCategory[i] : -1;
  });

  const rowsByMarket = Object.fromEntries(ENTITY_KINDS.map((kind) => [kind, groupByMarket(dataset[kind])])) as Record<
    EntityKind,
    Map<string, number[]>
  >;

  return {
    dataset,
    rowsByMarket,
    categoryOf: {
      goods: goodsCategory,
      influencers: influencerCategory,
      videos: videoCategory,
      music: new Int32Array(dataset.music.length).fill(-1),
      hashtags: new Int32Array(dataset.hashtags.length).fill(-1),
    },
    videoPostDay,
    videoGoodsRow,
    videoInfluencerRow,
    goodsVideos,
    influencerVideos,
    goodsFirstDay: Int32Array.from(goods, (_, row) => dataset.series.goods.firstActiveDay(row)),
  };
}
