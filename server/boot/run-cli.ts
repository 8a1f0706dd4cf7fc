// The frame every CLI (data:seed, data:import, data:refresh, push:send) runs in: the server's
// configuration (DATA_DIR or DATABASE_URL), the database opened and migrated exactly as the
// server does, closed at the end, and errors printed as one line with exit code 1 (2 for a
// usage mistake).
import { ConfigError, loadConfig, type Config } from "../config";
import { openDatabase, type Database } from "../db/client";
import { UsageError } from "./cli-args";

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
    database = await openDatabase(config);
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
