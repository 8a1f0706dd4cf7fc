// The first start of the embedded database on disk: the demo dataset is generated and stored
// by a short-lived child process (this module run as a script) before the server opens the
// database; the server then fills and publishes its rank lists (the catch-up refresh,
// jobs/scheduler.ts). Writing ~60 MB of series through PGlite grows its WebAssembly memory,
// which never shrinks: done in the server process, a first start would stay about 100 MB above a
// restart until the next one. If the child fails, the server generates in process
// (DataService.open).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Fastify from "fastify";
import { IN_MEMORY_DATA_DIR, loadConfig, type Config } from "../config";
import { openDatabase } from "../db/client";
import { closeOnEveryExit, signalExitCode } from "./exit-paths";
import { loggingOptions } from "../lib/logger";
import { generateDemoDataIfEmpty } from "../modules/catalog";

type FirstStartConfig = Pick<Config, "databaseUrl" | "dataDir" | "demoDataOnStart" | "demoMode">;

/** A fresh on-disk embedded database (no cluster yet) that will get the demo dataset. */
export function isFirstStart(config: FirstStartConfig): boolean {
  if (config.databaseUrl || config.dataDir === IN_MEMORY_DATA_DIR || config.demoDataOnStart === "never") return false;
  if (config.demoDataOnStart === "auto" && !config.demoMode) return false;
  return !existsSync(path.join(config.dataDir, "pglite", "PG_VERSION"));
}

/** On a first start, generates and stores the dataset in a child process; true when it did. */
export async function prepareFirstStart(config: FirstStartConfig): Promise<boolean> {
  if (!isFirstStart(config)) return false;
  // The same Node flags and loader (tsx when the server runs from TypeScript), the same env.
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve) =>
    child.once("error", () => resolve(null)).once("exit", resolve),
  );
  return code === 0;
}

async function generateAndStore(): Promise<void> {
  const config = loadConfig();
  const { log } = Fastify(loggingOptions(config));
  const database = await openDatabase(config);
  // Stopped or crashing mid-way, the dataset transaction is rolled back and the files closed.
  closeOnEveryExit({
    timeoutMs: 10_000,
    signalExitCode,
    report: (cause) =>
      log.warn(
        cause.kind === "signal" ? { signal: cause.signal } : { err: cause.error },
        "first-start dataset generation stopped",
      ),
    close: () => database.close(),
  });
  try {
    await generateDemoDataIfEmpty(database, config, log);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  generateAndStore().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(
        `first-start dataset generation failed: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      process.exit(1);
    },
  );
}
