// Generates the seeded demo dataset and stores it, replacing whatever was there: the first
// start of the embedded default calls it (only when the tables are empty) and so does
// `npm run data:seed`. The generator's shards are written as they come (one in memory at a
// time); `collect` keeps them and returns the whole Dataset too, so a first start need not read
// back what it has just written (and tests compare it with what is stored).
import type { Db } from "../../db/client";
import { businessDate, deriveStats, type BusinessDate, type Dataset, type DatasetCore } from "./engine";
import type { Counts } from "./engine/generate/counts";
import { collectShards, generateDataset, generateShards } from "./engine/generate/generate-dataset";
import { writeDatasetParts, type WriteProgress } from "./store/write-dataset";

export interface SeedOptions {
  seed: string;
  scale: number;
  /** Business date of "today"; the series ends the day before. Defaults to the current one. */
  today?: BusinessDate;
  days?: number;
  /** Write only when no dataset exists yet (first start). */
  onlyIfEmpty?: boolean;
  /** Smaller shards than the generator's default (tests of the shard by shard write). */
  shardScale?: number;
  /** Called after each table of each shard, with the time spent generating and storing so far. */
  onProgress?: (progress: SeedProgress) => void;
}

export interface SeedProgress extends WriteProgress {
  shards: number;
  generateMs: number;
  storeMs: number;
}

export interface SeedSummary {
  counts: Counts;
  shards: number;
  /** null when onlyIfEmpty found a dataset already there. */
  version: number | null;
  generateMs: number;
  storeMs: number;
}

export interface SeedResult extends SeedSummary {
  dataset: Dataset;
}

/** Seeds and returns the whole generated Dataset (kept in memory: small scales, first start). */
export async function seedDemoDataset(db: Db, options: SeedOptions): Promise<SeedResult> {
  const kept: DatasetCore[] = [];
  const summary = await streamDemoDataset(db, options, (core) => kept.push(core));
  // With onlyIfEmpty and a dataset already there nothing was generated: the caller ignores it.
  const dataset = kept.length ? deriveStats(collectShards(kept)) : generateDataset(generateOptions(options));
  return { ...summary, dataset };
}

/** Seeds shard by shard, holding one shard at a time (`data:seed`); `keep` sees each shard. */
export async function streamDemoDataset(
  db: Db,
  options: SeedOptions,
  keep?: (core: DatasetCore) => void,
): Promise<SeedSummary> {
  const started = performance.now();
  const generated = generateShards(generateOptions(options));
  let generateMs = 0;
  function* timed(): Generator<DatasetCore> {
    for (;;) {
      const before = performance.now();
      const next = generated.cores.next();
      generateMs += performance.now() - before;
      if (next.done) return;
      keep?.(next.value);
      yield next.value;
    }
  }
  const version = await writeDatasetParts(
    db,
    timed(),
    { source: "demo", seed: options.seed, scale: options.scale },
    {
      onlyIfEmpty: options.onlyIfEmpty,
      onProgress: (progress) => {
        const elapsed = performance.now() - started;
        options.onProgress?.({ ...progress, shards: generated.shards, generateMs, storeMs: elapsed - generateMs });
      },
    },
  );
  const storeMs = performance.now() - started - generateMs;
  return { counts: generated.counts, shards: generated.shards, version, generateMs, storeMs };
}

function generateOptions(options: SeedOptions) {
  return {
    seed: options.seed,
    scale: options.scale,
    today: options.today ?? businessDate(new Date()),
    ...(options.days ? { days: options.days } : {}),
    ...(options.shardScale ? { shardScale: options.shardScale } : {}),
  };
}
