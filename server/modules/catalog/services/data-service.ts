// The data service's process-wide state: which snapshot the API answers from, how it got there
// at boot (generate the demo dataset on a first start, else load what the database holds) and
// how it follows changes (a newer snapshot version in dataset_meta: a refresh only starts a new
// version of the lists, an import or seed also reloads the dataset). Boot figures are logged.
// With the embedded database on disk, the loaded dataset is also kept as a binary file in
// DATA_DIR (store/dataset-cache.ts) that a restart reads instead of the tables when it still
// matches the database's data version.
import type { FastifyBaseLogger } from "fastify";
import { IN_MEMORY_DATA_DIR, type Config } from "../../../config";
import type { Database } from "../../../db/client";
import type { Dataset } from "../engine";
import { seedDemoDataset } from "../seed";
import { cacheKeyOf, readDatasetCache, writeDatasetCache } from "../store/dataset-cache";
import { readMeta, type DatasetMeta } from "../store/meta";
import { loadDataset } from "../store/read-dataset";
import { backfillSearchDocuments } from "../store/search-documents";
import { createSnapshot, emptySnapshot, withVersion, type DataSnapshot } from "./snapshot";

export type DataConfig = Pick<Config, "demoDataOnStart" | "demoDataScale" | "demoDataSeed" | "demoMode"> &
  Partial<Pick<Config, "dataDir">>;

/** Called with every new snapshot (caches keyed by version drop their old entries). */
export type SnapshotListener = (snapshot: DataSnapshot) => void;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export class DataService {
  private current: DataSnapshot;
  private readonly listeners: SnapshotListener[] = [];
  private reloading: Promise<boolean> | null = null;

  private constructor(
    readonly database: Database,
    private readonly log: Pick<FastifyBaseLogger, "info" | "warn" | "error">,
    initial: DataSnapshot,
    /** Where the dataset cache lives; null without an on-disk embedded database. */
    private readonly cacheDir: string | null,
  ) {
    this.current = initial;
  }

  get snapshot(): DataSnapshot {
    return this.current;
  }

  get db() {
    return this.database.db;
  }

  onSnapshot(listener: SnapshotListener): void {
    this.listeners.push(listener);
  }

  static async open(database: Database, config: DataConfig, log: DataService["log"], now: Date): Promise<DataService> {
    const started = performance.now();
    const cacheDir = cacheDirOf(database, config);
    const generated = await generateDemoDataIfEmpty(database, config, log);
    if (generated)
      return DataService.ready(
        database,
        log,
        () => createSnapshot(generated.dataset, generated.meta),
        performance.now(),
        cacheDir,
      );
    const meta = await readMeta(database.db);
    if (!meta) {
      log.warn("no dataset yet: lists are empty until `npm run data:seed` or `npm run data:import`");
      return new DataService(database, log, emptySnapshot(now), cacheDir);
    }
    if (await backfillSearchDocuments(database.db)) log.info("search tables written for the stored dataset");
    if (cacheDir) {
      const cached = readDatasetCache(cacheDir, await cacheKeyOf(database.db, meta), (reason) =>
        log.info({ reason }, "dataset cache not used"),
      );
      if (cached) {
        const cachedAt = performance.now();
        log.info(
          { loadMs: Math.round(cachedAt - started) },
          `dataset v${meta.version} read from the dataset cache in ${seconds(cachedAt - started)}`,
        );
        return DataService.ready(database, log, () => createSnapshot(cached, meta), cachedAt, cacheDir);
      }
    }
    const loaded = await loadDataset(database.db);
    const loadedAt = performance.now();
    log.info(
      { loadMs: Math.round(loadedAt - started) },
      `dataset v${meta.version} read from the database in ${seconds(loadedAt - started)}`,
    );
    if (loaded) await saveCache(database, cacheDir, loaded.meta, loaded.dataset, log);
    return DataService.ready(
      database,
      log,
      () => createSnapshot(loaded!.dataset, loaded!.meta),
      performance.now(),
      cacheDir,
    );
  }

  private static ready(
    database: Database,
    log: DataService["log"],
    build: () => DataSnapshot,
    since: number,
    cacheDir: string | null,
  ): DataService {
    const snapshot = build();
    const ms = performance.now() - since;
    log.info(
      {
        version: snapshot.version,
        indexMs: Math.round(ms),
        goods: snapshot.dataset.goods.length,
        videos: snapshot.dataset.videos.length,
      },
      `rank index built in ${seconds(ms)}`,
    );
    return new DataService(database, log, snapshot, cacheDir);
  }

  /** Reads dataset_meta; moves to a newer version if there is one. True when something changed. */
  reloadIfNewer(): Promise<boolean> {
    this.reloading ??= this.followMeta().finally(() => (this.reloading = null));
    return this.reloading;
  }

  private async followMeta(): Promise<boolean> {
    const meta = await readMeta(this.database.db);
    if (!meta || meta.version <= this.current.version) return false;
    if (meta.dataVersion === this.current.dataVersion) {
      this.swap(withVersion(this.current, meta));
      return true;
    }
    const started = performance.now();
    const loaded = await loadDataset(this.database.db);
    if (!loaded) return false;
    await saveCache(this.database, this.cacheDir, loaded.meta, loaded.dataset, this.log);
    this.swap(createSnapshot(loaded.dataset, loaded.meta));
    this.log.info({ version: loaded.meta.version, ms: Math.round(performance.now() - started) }, "dataset reloaded");
    return true;
  }

  private swap(snapshot: DataSnapshot): void {
    this.current = snapshot;
    for (const listener of this.listeners) listener(snapshot);
  }
}

/** Writes the dataset cache when there is a place for it; a failure is logged, never fatal. */
/** Where the dataset cache lives: DATA_DIR of an on-disk embedded database, else nowhere. */
const cacheDirOf = (database: Database, config: DataConfig): string | null =>
  database.kind === "pglite" && config.dataDir && config.dataDir !== IN_MEMORY_DATA_DIR ? config.dataDir : null;

/**
 * Generates and stores the demo dataset (and writes the dataset cache) when the database has
 * none and the config asks for it; the dataset when it did. The first start's child process
 * calls it alone: the server builds the indexes after reading the cache back.
 */
export async function generateDemoDataIfEmpty(
  database: Database,
  config: DataConfig,
  log: DataService["log"],
): Promise<{ meta: DatasetMeta; dataset: Dataset } | null> {
  // auto: the embedded database in demo mode (what `npm start` gives); PostgreSQL gets data:seed or data:import.
  const generate =
    config.demoDataOnStart === "always" ||
    (config.demoDataOnStart === "auto" && config.demoMode && database.kind === "pglite");
  if (!generate || (await readMeta(database.db))) return null;
  const seeded = await seedDemoDataset(database.db, {
    seed: config.demoDataSeed,
    scale: config.demoDataScale,
    onlyIfEmpty: true,
  });
  const meta = await readMeta(database.db);
  if (seeded.version === null || !meta) return null;
  log.info(
    {
      scale: config.demoDataScale,
      seed: config.demoDataSeed,
      generateMs: Math.round(seeded.generateMs),
      storeMs: Math.round(seeded.storeMs),
    },
    `demo dataset generated in ${seconds(seeded.generateMs)} and stored in ${seconds(seeded.storeMs)}`,
  );
  await saveCache(database, cacheDirOf(database, config), meta, seeded.dataset, log);
  return { meta, dataset: seeded.dataset };
}

async function saveCache(
  database: Database,
  cacheDir: string | null,
  meta: DatasetMeta,
  dataset: Dataset,
  log: DataService["log"],
): Promise<void> {
  if (!cacheDir) return;
  try {
    const started = performance.now();
    writeDatasetCache(cacheDir, await cacheKeyOf(database.db, meta), dataset);
    log.info({ ms: Math.round(performance.now() - started) }, "dataset cache written");
  } catch (error) {
    log.warn({ err: error }, "could not write the dataset cache");
  }
}
