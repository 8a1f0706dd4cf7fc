// One shard of the demo dataset (counts.ts): shops, goods, influencers, music, hashtags and
// videos with their daily series and links, generated together from the shard's own random
// stream, its ids counting on from the shard's first. Videos link only the shard's entities, so
// every series of the shard (a goods' video-driven sales, an influencer's views, a tag's uses) is
// complete when it is returned. A dataset up to SHARD_SCALE is a single shard.
import type { Calendar, DatasetCore, DatasetSeries } from "../dataset/dataset";
import type { Category } from "../model/categories";
import type { InfluencerProfile } from "../model/entities";
import { MARKETS } from "../model/markets";
import { SERIES_METRICS, type MetricOf } from "../model/metrics";
import { SeriesBuilder } from "../series/series-table";
import { generateCatalog } from "./catalog";
import type { Shard } from "./counts";
import { generateCreators, type CreatorTraits } from "./creators";
import type { Rng } from "./prng";
import type { DayFactors } from "./shapes";
import { generateHashtags, generateMusic } from "./sounds";
import { generateVideos } from "./videos";

export function generateShard(
  rng: Rng,
  { counts, firstIds }: Shard,
  calendar: Calendar,
  factors: DayFactors,
  categories: Category[],
): DatasetCore {
  const goodsSeries = builder("goods", counts.goods, calendar);
  const catalog = generateCatalog(rng.fork("catalog"), counts, firstIds, categories, calendar, factors, goodsSeries);
  const creators = generateCreators(rng.fork("creators"), counts.influencers, firstIds.influencers, categories);
  const musicSeries = builder("music", counts.music, calendar);
  const music = generateMusic(
    rng.fork("music"),
    counts.music,
    firstIds.music,
    creators.influencers,
    calendar,
    factors,
    musicSeries,
  );
  const hashtagSeries = builder("hashtags", counts.hashtags, calendar);
  const hashtags = generateHashtags(
    rng.fork("hashtags"),
    counts.hashtags,
    firstIds.hashtags,
    categories,
    calendar,
    factors,
    hashtagSeries,
  );

  const influencerSeries = builder("influencers", counts.influencers, calendar);
  const videoSeries = builder("videos", counts.videos, calendar);
  const videos = generateVideos(
    rng.fork("videos"),
    counts.videos,
    firstIds.videos,
    {
      calendar,
      factors,
      goods: catalog.goods,
      goodsTraits: catalog.traits,
      influencers: creators.influencers,
      creatorTraits: creators.traits,
      music,
      hashtags,
    },
    {
      videos: videoSeries,
      goods: goodsSeries,
      influencers: influencerSeries,
      music: musicSeries,
      hashtags: hashtagSeries,
    },
  );
  writeFollowerGains(rng.fork("followers"), creators.influencers, creators.traits, factors, influencerSeries);
  const showcase = generateShowcase(rng.fork("showcase"), creators.influencers, creators.traits, catalog.goods);

  const series: DatasetSeries = {
    goods: goodsSeries.build(),
    influencers: influencerSeries.build(),
    videos: videoSeries.build(),
    music: musicSeries.build(),
    hashtags: hashtagSeries.build(),
  };
  return {
    calendar,
    markets: MARKETS.map((m) => ({ ...m })),
    categories,
    shops: catalog.shops,
    goods: catalog.goods,
    influencers: creators.influencers,
    videos,
    music: music.profiles,
    hashtags: hashtags.profiles,
    showcase,
    series,
  };
}

function builder<K extends keyof typeof SERIES_METRICS>(
  kind: K,
  rows: number,
  calendar: Calendar,
): SeriesBuilder<MetricOf<K>> {
  return new SeriesBuilder<MetricOf<K>>(SERIES_METRICS[kind], rows, calendar.startDate, calendar.days);
}

/** Followers gained: a share of their videos' viewers plus a slow baseline growth. */
function writeFollowerGains(
  rng: Rng,
  influencers: readonly InfluencerProfile[],
  traits: readonly CreatorTraits[],
  factors: DayFactors,
  series: SeriesBuilder<MetricOf<"influencers">>,
): void {
  influencers.forEach((influencer, row) => {
    const baseline = influencer.initialFollowers * rng.logNormal(0.0004, 0.6);
    for (let day = 0; day < series.days; day++) {
      const fromVideos = series.get("views", row, day) * traits[row].followRate;
      series.set(
        "followersGained",
        row,
        day,
        rng.round((fromVideos + baseline * factors.activity[day]) * rng.logNormal(1, 0.2)),
      );
    }
  });
}

/** Goods a selling influencer shows in their showcase without a video (yet). */
function generateShowcase(
  rng: Rng,
  influencers: readonly InfluencerProfile[],
  traits: readonly CreatorTraits[],
  goods: readonly { id: string; market: string }[],
) {
  const goodsByMarket = new Map<string, string[]>();
  for (const g of goods) {
    const list = goodsByMarket.get(g.market);
    if (list) list.push(g.id);
    else goodsByMarket.set(g.market, [g.id]);
  }
  const links: { influencerId: string; goodsId: string }[] = [];
  influencers.forEach((influencer, row) => {
    if (!traits[row].sells || !rng.chance(0.4)) return;
    for (const goodsId of rng.sample(goodsByMarket.get(influencer.market) ?? [], rng.int(1, 4))) {
      links.push({ influencerId: influencer.id, goodsId });
    }
  });
  return links;
}
