// Demo videos and everything they drive: each video's daily views, likes, comments, shares
// and sales (after posting, decaying, weekly rhythm, sale days), summed into its creator's
// and its product's series, plus one use of its music and hashtags on the post day. So an
// influencer's daily views are exactly the sum of their videos' views.
import type { Calendar } from "../dataset/dataset";
import type { GoodsProfile, HashtagProfile, InfluencerProfile, MusicProfile, VideoProfile } from "../model/entities";
import { marketOf, MARKET_CODES, type MarketCode } from "../model/markets";
import type { MetricOf } from "../model/metrics";
import type { SeriesBuilder } from "../series/series-table";
import { addDays, businessDayStart } from "../time";
import type { GoodsTraits } from "./catalog";
import { entityId, splitByMarket } from "./counts";
import type { CreatorTraits } from "./creators";
import { WeightedPicker, type Rng } from "./prng";
import { viewDecay, type DayFactors } from "./shapes";
import type { Sounds } from "./sounds";
import { lifestyleCaption, productCaption } from "./text";
import { CATEGORY_TAG_WORDS } from "./words/products";

export interface VideoInputs {
  calendar: Calendar;
  factors: DayFactors;
  goods: readonly GoodsProfile[];
  goodsTraits: readonly GoodsTraits[];
  influencers: readonly InfluencerProfile[];
  creatorTraits: readonly CreatorTraits[];
  music: Sounds<MusicProfile>;
  hashtags: Sounds<HashtagProfile>;
}

export interface VideoSeries {
  videos: SeriesBuilder<MetricOf<"videos">>;
  goods: SeriesBuilder<MetricOf<"goods">>;
  influencers: SeriesBuilder<MetricOf<"influencers">>;
  music: SeriesBuilder<MetricOf<"music">>;
  hashtags: SeriesBuilder<MetricOf<"hashtags">>;
}

/** Rows of one market with a picker weighted by `weight(row)`. */
class MarketPool {
  readonly rows: number[];
  private readonly picker: WeightedPicker;

  constructor(rows: number[], weight: (row: number) => number) {
    this.rows = rows;
    this.picker = new WeightedPicker(rows.map(weight));
  }

  pick(rng: Rng): number {
    return this.rows[this.picker.pick(rng)];
  }
}

function pushTo<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function poolsByMarket<T extends { market: MarketCode }>(
  items: readonly T[],
  weight: (row: number) => number,
): Map<string, MarketPool> {
  const rows = new Map<string, number[]>();
  items.forEach((item, row) => pushTo(rows, item.market, row));
  return new Map([...rows].map(([market, list]) => [market, new MarketPool(list, weight)]));
}

/** Posting hour on the business clock: lunchtime and evening peaks. */
const HOUR_WEIGHTS = new WeightedPicker([
  1, 0.5, 0.3, 0.2, 0.2, 0.4, 1, 2, 3, 3, 3, 4, 5, 4, 3, 3, 4, 5, 7, 9, 10, 9, 6, 3,
]);

export function generateVideos(
  rng: Rng,
  count: number,
  firstId: number,
  inputs: VideoInputs,
  series: VideoSeries,
): VideoProfile[] {
  const { calendar, goods, goodsTraits, influencers, creatorTraits } = inputs;
  const days = calendar.days;
  const decay = viewDecay(days);
  const dayStarts = Array.from({ length: days }, (_, day) =>
    businessDayStart(addDays(calendar.startDate, day)).getTime(),
  );
  const creatorPools = poolsByMarket(influencers, (row) => creatorTraits[row].activity);
  const goodsPools = poolsByMarket(goods, (row) => goodsTraits[row].popularity);
  const goodsByGroup = new Map<string, MarketPool>();
  for (const market of MARKET_CODES) {
    const groups = new Map<number, number[]>();
    goodsPools.get(market)?.rows.forEach((row) => {
      const group = Math.floor(goods[row].categoryId / 1000);
      pushTo(groups, group, row);
    });
    for (const [group, rows] of groups)
      goodsByGroup.set(`${market}:${group}`, new MarketPool(rows, (row) => goodsTraits[row].popularity));
  }
  const musicPools = poolsByMarket(inputs.music.profiles, (row) => inputs.music.popularity[row]);
  const hashtagPools = poolsByMarket(inputs.hashtags.profiles, (row) => inputs.hashtags.popularity[row]);

  const topicHashtags = new Map(inputs.hashtags.profiles.map((h, row) => [`${h.market}:${h.name}`, row]));

  const videos: VideoProfile[] = [];
  for (const [market, marketCount] of splitByMarket(count)) {
    const language = marketOf(market).language;
    for (let i = 0; i < marketCount; i++) {
      const row = videos.length;
      const creatorRow = creatorPools.get(market)!.pick(rng);
      const creator = influencers[creatorRow];
      const traits = creatorTraits[creatorRow];
      let postDay = rng.int(0, days - 1);

      let goodsRow = -1;
      if (traits.sells && rng.chance(0.72)) {
        const sameGroup = goodsByGroup.get(`${market}:${Math.floor(creator.categoryId / 1000)}`);
        goodsRow = (sameGroup && rng.chance(0.6) ? sameGroup : goodsPools.get(market)!).pick(rng);
        const appearDay = goodsTraits[goodsRow].appearDay;
        if (appearDay > postDay) postDay = rng.int(appearDay, days - 1);
      }
      const musicRow = rng.chance(0.85) ? musicPools.get(market)!.pick(rng) : -1;
      const hashtagRows = new Set<number>();
      const topicTag =
        goodsRow >= 0 ? topicHashtags.get(`${market}:${CATEGORY_TAG_WORDS[goods[goodsRow].categoryId]}`) : undefined;
      if (topicTag !== undefined && rng.chance(0.6)) hashtagRows.add(topicTag);
      const wanted = rng.int(1, 5);
      for (let tries = 0; hashtagRows.size < wanted && tries < wanted * 3; tries++)
        hashtagRows.add(hashtagPools.get(market)!.pick(rng));
      const hashtagIds = [...hashtagRows].map((h) => inputs.hashtags.profiles[h].id);

      const caption =
        goodsRow >= 0 ? productCaption(rng, language, goodsTraits[goodsRow].noun) : lifestyleCaption(rng, language);
      const tags = [...hashtagRows].map((h) => `#${inputs.hashtags.profiles[h].name}`).join(" ");
      const minute = HOUR_WEIGHTS.pick(rng) * 60 + rng.int(0, 59);
      videos.push({
        id: entityId("v", firstId + row),
        market,
        influencerId: creator.id,
        goodsId: goodsRow >= 0 ? goods[goodsRow].id : null,
        musicId: musicRow >= 0 ? inputs.music.profiles[musicRow].id : null,
        hashtagIds,
        title: `${caption} ${tags}`.trim(),
        postedAt: new Date(dayStarts[postDay] + minute * 60_000).toISOString(),
        durationSeconds: Math.round(Math.min(600, Math.max(5, rng.logNormal(25, 0.7)))),
      });

      writeVideoSeries(rng, { row, creatorRow, goodsRow, postDay }, creator.initialFollowers, inputs, series, decay);
      if (musicRow >= 0) series.music.add("uses", musicRow, postDay, 1);
      for (const h of hashtagRows) series.hashtags.add("uses", h, postDay, 1);
    }
  }
  return videos;
}

interface VideoRows {
  row: number;
  creatorRow: number;
  goodsRow: number;
  postDay: number;
}

function writeVideoSeries(
  rng: Rng,
  rows: VideoRows,
  followers: number,
  inputs: VideoInputs,
  series: VideoSeries,
  decay: Float64Array,
): void {
  const { factors, calendar } = inputs;
  const viral = rng.chance(0.03) ? rng.logNormal(15, 0.8) : 1;
  const potential = Math.min(60_000_000, Math.pow(followers, 0.85) * rng.logNormal(0.6, 1.1) * viral);
  const likeRate = Math.min(0.3, rng.logNormal(0.06, 0.4));
  const commentRate = Math.min(0.05, rng.logNormal(0.003, 0.6));
  const shareRate = Math.min(0.05, rng.logNormal(0.002, 0.7));
  const goods = rows.goodsRow >= 0 ? inputs.goods[rows.goodsRow] : null;
  const conversion = goods
    ? Math.min(0.05, rng.logNormal(0.002, 0.8) * Math.sqrt(10 / inputs.goodsTraits[rows.goodsRow].priceUsd))
    : 0;

  for (let day = rows.postDay; day < calendar.days; day++) {
    const views = rng.round(potential * decay[day - rows.postDay] * factors.activity[day] * rng.logNormal(1, 0.25));
    if (views === 0) continue;
    const likes = rng.round(views * likeRate);
    const comments = rng.round(views * commentRate);
    const shares = rng.round(views * shareRate);
    const units = goods ? rng.round(views * conversion * (factors.shopping[day] / factors.activity[day])) : 0;
    const revenue = goods ? units * goods.price : 0;
    series.videos.set("views", rows.row, day, views);
    series.videos.set("likes", rows.row, day, likes);
    series.videos.set("comments", rows.row, day, comments);
    series.videos.set("shares", rows.row, day, shares);
    series.videos.set("salesVolume", rows.row, day, units);
    series.videos.set("revenue", rows.row, day, revenue);
    series.influencers.add("views", rows.creatorRow, day, views);
    series.influencers.add("salesVolume", rows.creatorRow, day, units);
    series.influencers.add("revenue", rows.creatorRow, day, revenue);
    if (goods) {
      series.goods.add("salesVolume", rows.goodsRow, day, units);
      series.goods.add("revenue", rows.goodsRow, day, revenue);
      series.goods.add("views", rows.goodsRow, day, views);
      series.goods.add("likes", rows.goodsRow, day, likes);
      series.goods.add("comments", rows.goodsRow, day, comments);
    }
  }
}
