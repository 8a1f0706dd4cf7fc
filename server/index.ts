// Process entry point (`npx tsx server/index.ts`): reads the config, opens the database once
// (PGlite's cold start is seconds), listens, and on every way out (SIGINT, SIGTERM, SIGHUP, an
// uncaught exception or unhandled rejection, a failed listen: boot/exit-paths.ts) closes the app
// and then the database, so the embedded database is flushed and a restart finds every row.
// Importing this module starts the server; everything testable lives in app.ts and below.
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase, type Database } from "./db/client";
import { closeOnEveryExit } from "./boot/exit-paths";
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
    fail(`Could not open the database from ${where}: ${errorText(error)}`);
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  // A fresh embedded database gets its demo dataset from a child process (see first-start.ts).
  await prepareFirstStart(config);
  const database = await open(config);
  // From here on every exit closes the database, even while the app is still being built.
  let app: FastifyInstance | undefined;
  const { shutdown } = closeOnEveryExit({
    timeoutMs: SHUTDOWN_TIMEOUT_MS,
    signalExitCode: () => 0,
    report: (cause) => {
      if (cause.kind === "signal") app?.log.info({ signal: cause.signal }, "shutting down");
      else if (cause.kind === "startFailed") process.stderr.write(`${startFailure(cause.error)}\n`);
      else if (app) app.log.fatal({ err: cause.error }, `${cause.kind}: shutting down`);
      else process.stderr.write(`${cause.kind} while starting: ${errorText(cause.error)}\n`);
    },
    close: async () => {
      try {
        await app?.close();
      } catch (error) {
        app?.log.error({ err: error }, "error while closing the HTTP server");
      }
      await database.close();
    },
  });
  try {
    app = await buildApp({ config, database });
  } catch (error) {
    shutdown({ kind: "startFailed", error }, 1);
    return;
  }
  try {
    // Fastify logs one line per reachable address (all interfaces for 0.0.0.0).
    await app.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `ShopRadar listening on ${address} (database: ${database.kind})`,
    });
  } catch (error) {
    const message = `Could not listen on ${config.host}:${config.port}: ${errorText(error)}`;
    shutdown({ kind: "startFailed", error: new ListenError(message) }, 1);
  }
}

/** A failed listen is one line; a failed build keeps its stack (a bug to find). */
function startFailure(error: unknown): string {
  if (error instanceof ListenError) return error.message;
  return `Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
}

class ListenError extends Error {}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

await main();
