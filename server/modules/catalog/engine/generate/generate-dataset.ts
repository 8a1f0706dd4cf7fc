// The deterministic demo dataset: `generateDataset({ seed, scale, days, today })` returns the
// same Dataset for the same arguments on any machine. The calendar is the `days` complete
// business days ending yesterday (relative to `today`). Totals come from derive-stats.ts, so
// each equals the sum of its daily series; followers are the one stock with a pre-window base
// (`initialFollowers`).
import { calendarEndingOn, type Calendar, type Dataset, type DatasetSeries } from "../dataset/dataset";
import { deriveStats } from "../dataset/derive-stats";
import { DEFAULT_CATEGORIES } from "../model/categories";
import type { InfluencerProfile } from "../model/entities";
import { MARKETS } from "../model/markets";
import { SERIES_METRICS, type MetricOf } from "../model/metrics";
import { SeriesBuilder } from "../series/series-table";
import { addDays, isBusinessDate, type BusinessDate } from "../time";
import { generateCatalog } from "./catalog";
import { scaledCounts } from "./counts";
import { generateCreators, type CreatorTraits } from "./creators";
import { Rng } from "./prng";
import { dayFactors, type DayFactors } from "./shapes";
import { generateHashtags, generateMusic } from "./sounds";
import { generateVideos } from "./videos";

export interface GenerateOptions {
  seed: number | string;
  /** Multiplies every entity count; 1 gives 10,000 goods, 3,000 influencers, 20,000 videos. */
  scale?: number;
  /** Length of the daily series. */
  days?: number;
  /** The business date of "today"; the series ends the day before. */
  today: BusinessDate;
}

export const DEFAULT_DAYS = 60;

export function generateDataset(options: GenerateOptions): Dataset {
  const { seed, scale = 1, days = DEFAULT_DAYS, today } = options;
  if (!isBusinessDate(today)) throw new RangeError(`today must be a date like 2024-05-01, got '${String(today)}'`);
  if (!Number.isInteger(days) || days < 14 || days > 400)
    throw new RangeError(`days must be an integer from 14 to 400, got ${days}`);
  const counts = scaledCounts(scale);
  const calendar = calendarEndingOn(addDays(today, -1), days);
  const factors = dayFactors(calendar);
  const rng = new Rng(`shopradar:${seed}`);
  const categories = DEFAULT_CATEGORIES.map((c) => ({ ...c, names: { ...c.names } }));

  const goodsSeries = builder("goods", counts.goods, calendar);
  const catalog = generateCatalog(rng.fork("catalog"), counts, categories, calendar, factors, goodsSeries);
  const creators = generateCreators(rng.fork("creators"), counts.influencers, categories);
  const musicSeries = builder("music", counts.music, calendar);
  const music = generateMusic(rng.fork("music"), counts.music, creators.influencers, calendar, factors, musicSeries);
  const hashtagSeries = builder("hashtags", counts.hashtags, calendar);
  const hashtags = generateHashtags(
    rng.fork("hashtags"),
    counts.hashtags,
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
  return deriveStats({
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
  });
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
