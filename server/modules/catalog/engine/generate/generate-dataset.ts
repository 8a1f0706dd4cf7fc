// The deterministic demo dataset: the same arguments give the same data on any machine. The
// calendar is the `days` complete business days ending yesterday (relative to `today`).
// `generateShards` is the one generator: it yields the dataset shard by shard (counts.ts,
// shard.ts), so a seed of any scale holds one shard at a time; `generateDataset` collects those
// shards into the in-memory Dataset (the engine's test oracle and the first start's dataset).
// Totals come from derive-stats.ts, so each equals the sum of its daily series; followers are
// the one stock with a pre-window base (`initialFollowers`).
import {
  calendarEndingOn,
  type Calendar,
  type Dataset,
  type DatasetCore,
  type DatasetSeries,
} from "../dataset/dataset";
import { deriveStats } from "../dataset/derive-stats";
import { DEFAULT_CATEGORIES } from "../model/categories";
import { ENTITY_KINDS } from "../model/entities";
import { SeriesTable, type PrefixArray } from "../series/series-table";
import { addDays, isBusinessDate, type BusinessDate } from "../time";
import { scaledCounts, shardCount, shardsOf, SHARD_SCALE, type Counts } from "./counts";
import { Rng } from "./prng";
import { dayFactors } from "./shapes";
import { generateShard } from "./shard";

export interface GenerateOptions {
  seed: number | string;
  /** Multiplies every entity count; 1 gives 10,000 goods, 3,000 influencers, 20,000 videos. */
  scale?: number;
  /** Length of the daily series. */
  days?: number;
  /** The business date of "today"; the series ends the day before. */
  today: BusinessDate;
  /** The largest shard (SHARD_SCALE); tests cut small datasets into several with a smaller one. */
  shardScale?: number;
}

export const DEFAULT_DAYS = 60;

export interface GeneratedShards {
  calendar: Calendar;
  /** Entities of each kind in the whole dataset. */
  counts: Counts;
  shards: number;
  /** Each shard's profiles, links and series, generated when the iteration reaches it. */
  cores: Generator<DatasetCore>;
}

export function generateShards(options: GenerateOptions): GeneratedShards {
  const { seed, scale = 1, days = DEFAULT_DAYS, today, shardScale = SHARD_SCALE } = options;
  if (!isBusinessDate(today)) throw new RangeError(`today must be a date like 2024-05-01, got '${String(today)}'`);
  if (!Number.isInteger(days) || days < 14 || days > 400)
    throw new RangeError(`days must be an integer from 14 to 400, got ${days}`);
  const counts = scaledCounts(scale);
  const shards = shardCount(scale, shardScale);
  const calendar = calendarEndingOn(addDays(today, -1), days);
  function* cores(): Generator<DatasetCore> {
    const factors = dayFactors(calendar);
    const root = new Rng(`shopradar:${seed}`);
    for (const shard of shardsOf(counts, shards)) {
      // Shard 0 draws from the root stream, so a dataset of one shard is what it always was.
      const rng = shard.index === 0 ? root : root.fork(`shard-${shard.index}`);
      const categories = DEFAULT_CATEGORIES.map((c) => ({ ...c, names: { ...c.names } }));
      yield generateShard(rng, shard, calendar, factors, categories);
    }
  }
  return { calendar, counts, shards, cores: cores() };
}

export function generateDataset(options: GenerateOptions): Dataset {
  return deriveStats(collectShards([...generateShards(options).cores]));
}

/** The shards as one DatasetCore: profiles and links in shard order, series rows likewise. */
export function collectShards(cores: readonly DatasetCore[]): DatasetCore {
  if (cores.length === 1) return cores[0];
  const [first] = cores;
  const series = Object.fromEntries(
    ENTITY_KINDS.map((kind) => [kind, concatTables(cores.map((core) => core.series[kind]))]),
  ) as unknown as DatasetSeries;
  return {
    calendar: first.calendar,
    markets: first.markets,
    categories: first.categories,
    shops: cores.flatMap((core) => core.shops),
    goods: cores.flatMap((core) => core.goods),
    influencers: cores.flatMap((core) => core.influencers),
    videos: cores.flatMap((core) => core.videos),
    music: cores.flatMap((core) => core.music),
    hashtags: cores.flatMap((core) => core.hashtags),
    showcase: cores.flatMap((core) => core.showcase),
    series,
  };
}

/**
 * Series tables of the same metrics and days stacked row-wise. A metric stays 32-bit when it is in
 * every part (each row's totals fit), as SeriesBuilder would have chosen for the whole table.
 */
function concatTables(tables: readonly SeriesTable[]): SeriesTable {
  const [first] = tables;
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  const prefix: Record<string, PrefixArray> = {};
  for (const metric of first.metrics) {
    const parts = tables.map((table) => table.prefixArrays()[metric]);
    const length = rows * (first.days + 1);
    const joined = parts.every((part) => part instanceof Uint32Array)
      ? new Uint32Array(length)
      : new Float64Array(length);
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    prefix[metric] = joined;
  }
  return new SeriesTable(first.metrics, rows, first.startDate, first.days, prefix);
}
