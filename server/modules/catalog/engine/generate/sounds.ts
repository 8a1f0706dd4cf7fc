// Demo music and hashtags with their own daily uses and views (platform-wide estimates, of
// which the dataset's videos are a sample: videos.ts adds one use on each video's post day).
// Popularity is long-tailed; some tracks and tags are rising, some appear mid-window.
import type { Calendar } from "../dataset/dataset";
import type { Category } from "../model/categories";
import type { HashtagProfile, InfluencerProfile, MusicProfile } from "../model/entities";
import { marketOf, type ContentLanguage } from "../model/markets";
import type { MetricOf } from "../model/metrics";
import type { SeriesBuilder } from "../series/series-table";
import { entityId, splitByMarket } from "./counts";
import type { Rng } from "./prng";
import { momentum, recentDay, type DayFactors } from "./shapes";
import { artistName, hashtagCandidates, originalSoundTitle, songTitle } from "./text";
import { CATEGORY_TAG_WORDS } from "./words/products";

export interface Sounds<P> {
  profiles: P[];
  /** Relative chance that a video uses it. */
  popularity: number[];
}

function writeUsage(
  rng: Rng,
  row: number,
  popularity: number,
  calendar: Calendar,
  factors: DayFactors,
  series: SeriesBuilder<MetricOf<"music">>,
): void {
  const appearDay = rng.chance(0.1) ? recentDay(rng, 1, calendar.days - 1) : 0;
  const shape = momentum(rng, calendar.days, { breakoutChance: 0.08, trendSigma: 0.8 });
  const viewsPerUse = rng.logNormal(2_500, 0.8);
  for (let day = appearDay; day < calendar.days; day++) {
    const uses = rng.round(popularity * 3 * factors.activity[day] * shape[day] * rng.logNormal(1, 0.25));
    series.set("uses", row, day, day === appearDay ? Math.max(1, uses) : uses);
    series.set("views", row, day, rng.round(uses * viewsPerUse * rng.logNormal(1, 0.3)));
  }
}

export function generateMusic(
  rng: Rng,
  count: number,
  firstId: number,
  influencers: readonly InfluencerProfile[],
  calendar: Calendar,
  factors: DayFactors,
  series: SeriesBuilder<MetricOf<"music">>,
): Sounds<MusicProfile> {
  const profiles: MusicProfile[] = [];
  const popularity: number[] = [];
  for (const [market, marketCount] of splitByMarket(count)) {
    const language = marketOf(market).language;
    const creators = influencers.filter((influencer) => influencer.market === market);
    for (let i = 0; i < marketCount; i++) {
      const row = profiles.length;
      const original = rng.chance(0.4) && creators.length > 0;
      const creator = original ? rng.pick(creators) : null;
      profiles.push({
        id: entityId("m", firstId + row),
        market,
        title: creator ? originalSoundTitle(language, creator.nickname) : songTitle(rng, language),
        author: creator ? creator.nickname : artistName(rng),
        durationSeconds: original ? rng.int(8, 60) : rng.int(30, 240),
        original,
      });
      const weight = Math.min(rng.pareto(1, 1.1), 2_000);
      popularity.push(weight);
      writeUsage(rng, row, weight, calendar, factors, series);
    }
  }
  return { profiles, popularity };
}

function hashtagNames(rng: Rng, language: ContentLanguage, count: number, categories: readonly Category[]): string[] {
  const words = categories.map((c) => CATEGORY_TAG_WORDS[c.id]).filter((w): w is string => Boolean(w));
  const candidates = [...new Set(hashtagCandidates(language, words))];
  const names = candidates.slice(0, count);
  const taken = new Set(names);
  while (names.length < count) {
    const name = `${rng.pick(candidates)}${rng.int(2, 999)}`;
    if (!taken.has(name)) {
      taken.add(name);
      names.push(name);
    }
  }
  return names;
}

export function generateHashtags(
  rng: Rng,
  count: number,
  firstId: number,
  categories: readonly Category[],
  calendar: Calendar,
  factors: DayFactors,
  series: SeriesBuilder<MetricOf<"hashtags">>,
): Sounds<HashtagProfile> {
  const profiles: HashtagProfile[] = [];
  const popularity: number[] = [];
  for (const [market, marketCount] of splitByMarket(count)) {
    const names = hashtagNames(rng, marketOf(market).language, marketCount, categories);
    names.forEach((name, rank) => {
      const row = profiles.length;
      profiles.push({ id: entityId("h", firstId + row), market, name });
      // The generic tags come first in the candidate list and are the most used.
      const weight = Math.min(rng.pareto(1, 1.3) * (rank < 12 ? 40 : 1), 3_000);
      popularity.push(weight);
      writeUsage(rng, row, weight, calendar, factors, series);
    });
  }
  return { profiles, popularity };
}
