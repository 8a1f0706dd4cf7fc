// In-memory test databases, and the ready demo datasets test apps start from: generating a
// dataset and filling its rank lists takes seconds, so each (seed, scale, business date) is
// built once per run through the data service's own first start, dumped to a file in the run's
// template directory (tests/server/global-setup.ts; files, as test files run in separate
// workers) and every app with that config opens a copy. Only what the data service writes is in
// a template: everything else an app writes at boot it still writes on the copy itself.
import { randomBytes } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inject } from "vitest";
import { IN_MEMORY_DATA_DIR, type Config } from "../../../server/config";
import { openDatabase, type Database } from "../../../server/db/client";
import { businessDate } from "../../../server/modules/catalog/engine/time";
import { DataService, generatesDemoData } from "../../../server/modules/catalog/services/data-service";

/** An in-memory PGlite: empty (migrated), or a copy of `template` (Database.dump's). */
export function openTestDatabase(template?: Blob): Promise<Database> {
  return openDatabase({ dataDir: IN_MEMORY_DATA_DIR, databaseUrl: null, template });
}

/**
 * The in-memory database an app with `config` boots on: a copy of the demo dataset its first
 * start would generate today, or empty when it generates none.
 */
export async function openAppDatabase(config: Config): Promise<Database> {
  if (config.dataDir !== IN_MEMORY_DATA_DIR || !generatesDemoData(config, "pglite")) return openTestDatabase();
  // The generator's "today" is the wall clock's business date (streamDemoDataset), not the app's clock.
  const today = businessDate(new Date());
  const file = join(
    inject("templateDir"),
    `${encodeURIComponent(config.demoDataSeed)}-${config.demoDataScale}-${today}.tar`,
  );
  return openTestDatabase((await readTemplate(file)) ?? (await buildTemplate(config, file, today)));
}

async function readTemplate(file: string): Promise<Blob | null> {
  try {
    return new Blob([await readFile(file)]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

const silent = { info() {}, warn() {}, error() {} };

/** Generates, fills and publishes on an empty database as an app's first start does; stores the dump. */
async function buildTemplate(config: Config, file: string, today: string): Promise<Blob> {
  const database = await openTestDatabase();
  try {
    await DataService.open(database, config, silent, new Date());
    const dump = await database.dump!();
    // Past midnight the dataset may be the next day's: used, but not stored under this key.
    if (businessDate(new Date()) === today) {
      // Written under a temporary name then renamed: another worker never reads half a file.
      const temporary = `${file}.${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
      await writeFile(temporary, new Uint8Array(await dump.arrayBuffer()));
      await rename(temporary, file);
    }
    return dump;
  } finally {
    await database.close();
  }
}
