// The data service's process-wide state: which snapshot version the API answers from, how it
// got there at boot and how it follows changes. Nothing of the dataset is loaded: at boot only
// dataset_meta is read (so a start takes the same time at any scale), and a newer version there
// (a refresh, a seed or an import, by this instance or another) swaps in a new snapshot. On a
// first start the demo dataset is generated shard by shard and stored (by the first-start child
// on the embedded database on disk, else here); a dataset this process generated gets its rank
// lists filled and published before the app serves (an in-memory database: tests, demos).
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import type { Database } from "../../../db/client";
import { refreshRanks } from "../jobs/refresh";
import { streamDemoDataset } from "../seed";
import { readMeta } from "../store/meta";
import { backfillSearchDocuments } from "../store/search-documents";
import { emptySnapshot, snapshotOf, type DataSnapshot } from "./snapshot";

export type DataConfig = Pick<Config, "demoDataOnStart" | "demoDataScale" | "demoDataSeed" | "demoMode">;

/** Called with every new snapshot (caches keyed by version drop their old entries). */
export type SnapshotListener = (snapshot: DataSnapshot) => void;

type DataLog = Pick<FastifyBaseLogger, "info" | "warn" | "error">;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export class DataService {
  private current: DataSnapshot;
  private readonly listeners: SnapshotListener[] = [];
  private reloading: Promise<boolean> | null = null;

  private constructor(
    readonly database: Database,
    private readonly log: DataLog,
    initial: DataSnapshot,
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

  static async open(database: Database, config: DataConfig, log: DataLog, now: Date): Promise<DataService> {
    if (await generateDemoDataIfEmpty(database, config, log)) await publishFirstLists(database, log);
    const meta = await readMeta(database.db);
    if (!meta) {
      log.warn("no dataset yet: lists are empty until `npm run data:seed` or `npm run data:import`");
      return new DataService(database, log, emptySnapshot(now));
    }
    if (await backfillSearchDocuments(database.db)) log.info("search tables written for the stored dataset");
    log.info(
      { version: meta.version, dataVersion: meta.dataVersion, startDate: meta.startDate, endDate: meta.endDate },
      `dataset v${meta.version}: ${meta.days} days to ${meta.endDate}`,
    );
    return new DataService(database, log, snapshotOf(meta));
  }

  /** Reads dataset_meta; moves to a newer version if there is one. True when something changed. */
  reloadIfNewer(): Promise<boolean> {
    this.reloading ??= this.followMeta().finally(() => (this.reloading = null));
    return this.reloading;
  }

  /** Resolves with the next snapshot swapped in, or null after `ms` without one. */
  nextSnapshot(ms: number): Promise<DataSnapshot | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(null);
      }, ms);
      timer.unref();
      const listener: SnapshotListener = (snapshot) => {
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(snapshot);
      };
      this.listeners.push(listener);
    });
  }

  private async followMeta(): Promise<boolean> {
    const meta = await readMeta(this.database.db);
    if (!meta || meta.version <= this.current.version) return false;
    this.swap(snapshotOf(meta));
    return true;
  }

  private swap(snapshot: DataSnapshot): void {
    const previous = this.current;
    this.current = snapshot;
    if (snapshot.dataVersion !== previous.dataVersion)
      this.log.info({ version: snapshot.version, dataVersion: snapshot.dataVersion }, "new data version");
    // A copy: a listener may remove itself (nextSnapshot).
    for (const listener of [...this.listeners]) listener(snapshot);
  }
}

/**
 * Generates and stores the demo dataset, shard by shard (one in memory at a time), when the
 * database has none and the config asks for it; true when it did. The first start's child
 * process calls it alone.
 */
export async function generateDemoDataIfEmpty(database: Database, config: DataConfig, log: DataLog): Promise<boolean> {
  if (!generatesDemoData(config, database.kind) || (await readMeta(database.db))) return false;
  const seeded = await streamDemoDataset(database.db, {
    seed: config.demoDataSeed,
    scale: config.demoDataScale,
    onlyIfEmpty: true,
  });
  if (seeded.version === null) return false;
  log.info(
    {
      scale: config.demoDataScale,
      seed: config.demoDataSeed,
      generateMs: Math.round(seeded.generateMs),
      storeMs: Math.round(seeded.storeMs),
    },
    `demo dataset generated in ${seconds(seeded.generateMs)} and stored in ${seconds(seeded.storeMs)}`,
  );
  return true;
}

/** Whether `config` has the demo dataset generated when a database of `kind` has none. */
export function generatesDemoData(config: DataConfig, kind: Database["kind"]): boolean {
  // auto: the embedded database in demo mode (what `npm start` gives); PostgreSQL gets data:seed or data:import.
  return (
    config.demoDataOnStart === "always" || (config.demoDataOnStart === "auto" && config.demoMode && kind === "pglite")
  );
}

/** Fills and publishes the rank lists of a dataset this process has just generated. */
async function publishFirstLists(database: Database, log: DataLog): Promise<void> {
  const published = await refreshRanks(database, null);
  if (published)
    log.info(
      { version: published.version, lists: published.filled.lists, fillMs: Math.round(published.filled.ms) },
      `rank lists filled and published in ${seconds(published.filled.ms)}`,
    );
}
