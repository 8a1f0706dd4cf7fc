// The frame every CLI (data:seed, data:import, data:refresh, push:send) runs in: the server's
// configuration (DATA_DIR or DATABASE_URL), the database opened and migrated exactly as the
// server does, closed at the end, and errors printed as one line with exit code 1 (2 for a
// usage mistake). Interrupted (SIGINT, SIGTERM, SIGHUP) or crashing, it closes the database
// first (boot/exit-paths.ts); an unfinished transaction is rolled back, never half written.
import { ConfigError, loadConfig, type Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { UsageError } from "./cli-args";
import { closeOnEveryExit, signalExitCode } from "./exit-paths";

// Closing waits for a statement under way; after this long the CLI exits without waiting.
const CLOSE_TIMEOUT_MS = 10_000;

export async function runCli(
  name: string,
  usage: string,
  main: (database: Database, config: Readonly<Config>) => Promise<void>,
): Promise<void> {
  let database: Database | undefined;
  try {
    const config = loadConfig();
    if (!config.databaseUrl) {
      // PGlite is one process: a running server holds the same directory.
      process.stdout.write(
        `${name}: embedded database in ${config.dataDir} (stop the server first; PGlite allows one process)\n`,
      );
    }
    const opened = (database = await openDatabase(config));
    closeOnEveryExit({
      timeoutMs: CLOSE_TIMEOUT_MS,
      signalExitCode,
      report: (cause) =>
        process.stderr.write(
          `${name}: ${cause.kind === "signal" ? `interrupted (${cause.signal})` : `${cause.kind}: ${String(cause.error)}`}, closing the database\n`,
        ),
      close: () => opened.close(),
    });
    await main(database, config);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof UsageError) {
      process.stderr.write(`${name}: ${message}\nusage: ${usage}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`${name}: ${error instanceof ConfigError ? message : `failed: ${message}`}\n`);
      process.exitCode = 1;
    }
  } finally {
    await database?.close();
  }
}
