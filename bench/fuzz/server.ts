// The server the fuzzer attacks when no --url is given: the app built in-process exactly as
// server/index.ts builds it (buildApp on an in-memory PGlite or, with --database-url, PostgreSQL; demo mode, a small demo dataset),
// listening on a free loopback port, so requests travel real HTTP and no build of dist/ is needed.
// Error-level log lines are kept so a 5xx can be shown with its stack.
import { buildApp } from "../../server/app";
import { IN_MEMORY_DATA_DIR, loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/client";

export interface FuzzServer {
  url: string;
  /** Error log lines written so far (JSON, one per line). */
  errorLines: string[];
  close: () => Promise<void>;
}

export interface FuzzServerOptions {
  /** Keep the production rate limits (429s expected) instead of switching them off. */
  rateLimits?: boolean;
  /** PostgreSQL instead of the in-memory PGlite (a database of its own: the run writes to it). */
  databaseUrl?: string;
}

export async function startFuzzServer(options: FuzzServerOptions = {}): Promise<FuzzServer> {
  const config = loadConfig({
    DATA_DIR: IN_MEMORY_DATA_DIR,
    DEMO_MODE: "true",
    LOG_LEVEL: "error",
    STATIC_DIR: "/nonexistent/shopradar-fuzz-static",
    DEMO_DATA_SCALE: "0.02",
    ...(options.rateLimits ? {} : { RATE_LIMIT_SCALE: "0" }),
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  });
  const database = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR, databaseUrl: config.databaseUrl });
  const errorLines: string[] = [];
  const app = await buildApp({ config, database, logStream: { write: (line) => void errorLines.push(line) } });
  try {
    await app.listen({ host: "127.0.0.1", port: 0 });
  } catch (error) {
    await app.close();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    errorLines,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
