// Process entry point (`npx tsx server/index.ts`): reads the config, opens the database once
// (PGlite's cold start is seconds), listens, and shuts down cleanly on SIGINT/SIGTERM so the
// embedded database is flushed and a restart finds every row. Importing this module starts
// the server; everything testable lives in app.ts and below.
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { prepareFirstStart } from "./boot/first-start";

// After this long a stuck shutdown (a hung connection) gives up rather than hang forever.
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** One line on stderr and exit 1: config and startup errors are for humans, not stack traces. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): Readonly<Config> {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function open(config: Readonly<Config>): Promise<Database> {
  try {
    return await openDatabase(config);
  } catch (error) {
    const where = config.databaseUrl ? "DATABASE_URL" : `DATA_DIR (${config.dataDir})`;
    fail(`Could not open the database from ${where}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // A fresh embedded database gets its demo dataset from a child process (see first-start.ts).
  await prepareFirstStart(config);
  const database = await open(config);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    setTimeout(() => fail("Shutdown timed out"), SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, "error while closing the HTTP server");
    }
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", (signal) => void stop(signal));
  process.on("SIGTERM", (signal) => void stop(signal));

  try {
    // Fastify logs one line per reachable address (all interfaces for 0.0.0.0).
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `ShopRadar listening on ${address} (database: ${database.kind})`,
    });
  } catch (error) {
    await database.close();
    fail(
      `Could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

await main();
