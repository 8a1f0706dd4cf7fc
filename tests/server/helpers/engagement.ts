// Helpers for the engagement tests (tracking, questionnaire, push, monitor): a small client (any
// method, optional session token, language and edition, returning status and the parsed
// envelope) and apps on a throwaway PostgreSQL database for the concurrency checks.
import type { FastifyInstance } from "fastify";
import { openDatabase, type Database } from "../../../server/db/client";
import { buildTestApp, createThrowawayPostgres } from "./app";

export interface Reply<T = any> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  language?: string;
  system?: 13 | 14;
  /** A raw body sent as is (content-type application/json). */
  raw?: string;
}

export async function call<T = any>(
  app: FastifyInstance,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { "system-id": String(options.system ?? 14) };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.language) headers["x-language"] = options.language;
  if (options.raw !== undefined) headers["content-type"] = "application/json";
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (payload !== undefined) headers["content-type"] = "application/json";
  const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: response.statusCode, ...response.json<{ code: number; msg: string; data: T }>() };
}

export interface PostgresApps {
  database: Database;
  /** `instances` apps on the same database, as several server processes would be. */
  apps: FastifyInstance[];
  close: () => Promise<void>;
}

/**
 * A throwaway PostgreSQL database (on TEST_DATABASE_URL's server) with `instances` apps built on
 * it at once; `prepare` runs before the apps are built (a dataset, for instance).
 */
export async function openPostgresApps(
  adminUrl: string,
  options: {
    instances?: number;
    env?: Record<string, string>;
    prepare?: (database: Database) => Promise<unknown>;
  } = {},
): Promise<PostgresApps> {
  const throwaway = await createThrowawayPostgres(adminUrl);
  const database = await openDatabase({ dataDir: "unused", databaseUrl: throwaway.url });
  await options.prepare?.(database);
  const apps = await Promise.all(
    Array.from({ length: options.instances ?? 1 }, () => buildTestApp(database, { env: options.env })),
  );
  return {
    database,
    apps,
    async close() {
      for (const app of apps) await app.close();
      await database.close();
      await throwaway.drop();
    },
  };
}
