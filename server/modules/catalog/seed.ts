// Generates the seeded demo dataset and stores it, replacing whatever was there: the first
// start of the embedded default calls it (only when the tables are empty) and so does
// `npm run data:seed`. Returns the generated Dataset too, so a first start need not read back
// what it has just written.
import type { Db } from "../../db/client";
import { businessDate, generateDataset, type BusinessDate, type Dataset } from "./engine";
import { replaceDataset } from "./store/write-dataset";

export interface SeedOptions {
  seed: string;
  scale: number;
  /** Business date of "today"; the series ends the day before. Defaults to the current one. */
  today?: BusinessDate;
  days?: number;
  /** Write only when no dataset exists yet (first start). */
  onlyIfEmpty?: boolean;
}

export interface SeedResult {
  dataset: Dataset;
  /** null when onlyIfEmpty found a dataset already there. */
  version: number | null;
  generateMs: number;
  storeMs: number;
}

export async function seedDemoDataset(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const dataset = generateDataset({
    seed: options.seed,
    scale: options.scale,
    today: options.today ?? businessDate(new Date()),
    ...(options.days ? { days: options.days } : {}),
  });
  const generated = performance.now();
  const version = await replaceDataset(
    db,
    dataset,
    { source: "demo", seed: options.seed, scale: options.scale },
    { onlyIfEmpty: options.onlyIfEmpty },
  );
  return { dataset, version, generateMs: generated - started, storeMs: performance.now() - generated };
}
