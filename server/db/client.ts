// Opens the one database the process uses: embedded PGlite persisted in DATA_DIR by default
// (so `npm start` needs nothing else), or a PostgreSQL pool when DATABASE_URL is set (to scale
// out). Both are migrated at open and exposed through the same Drizzle API, so no other module
// knows which one it talks to. An in-memory PGlite can also be dumped (Database.dump) and a new
// in-memory one opened as a copy of that dump (settings.template): tests build a demo dataset
// once per run and start each app from a copy (tests/server/helpers/templates.ts).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { DEFAULT_DB_POOL, IN_MEMORY_DATA_DIR, type Config } from "../config";
import { createCluster } from "./pglite-cluster";
import { DURABLE_START_PARAMS, syncWritesToDisk } from "./pglite-durability";
import * as schema from "./schema";
import { LOCK_NOT_AVAILABLE, LockWaitTimeoutError, sqlStateOf } from "./unavailable";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers `SELECT 1` within PING_TIMEOUT_MS. */
  ping: () => Promise<void>;
  /** Idempotent; PGlite flushes to disk here, so always await it before exiting. */
  close: () => Promise<void>;
  /** The PostgreSQL pool's clients now (/metrics); null on PGlite, which has no pool. */
  poolStats: () => PoolStats | null;
  /** In-memory PGlite only: the whole database as a tarball (open a copy with `template`). */
  dump?: () => Promise<Blob>;
}

export interface PoolStats {
  /** Clients open (idle or checked out). */
  total: number;
  idle: number;
  /** Queries waiting for a client. */
  waiting: number;
  /** The most clients the pool opens. */
  max: number;
}

const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
// How long a pooled PostgreSQL connection is used before it is replaced (openPostgres).
const CONNECTION_LIFETIME_S = 3_600;
// A health check must answer fast even when PostgreSQL hangs rather than refuses.
const PING_TIMEOUT_MS = 2_000;
// Any fixed number works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 7_420_001;
// Another instance's migrations finish well within this; a lock held longer is a stuck process.
const MIGRATION_LOCK_WAIT_MS = 10 * 60_000;
// PostgreSQL's default (128 MB) is sized for a dedicated server; inside this process every
// buffer page touched stays resident. 16 MB costs nothing measurable on boot reads and the
// first-start write of the demo dataset (docs/data-engine.md, "Server figures").
// PGlite's defaults include -F (fsync off): fast, but an OS crash or power cut could lose writes
// already acknowledged. Without it, and with a real fsync under PGlite's file system
// (pglite-durability.ts), every commit reaches the disk (bench/faults.ts: its cost).
// wal_level=minimal: PGlite has no replicas or archive to feed, and with it the rows of a table
// created in the same transaction skip the write-ahead log and reach the disk at commit: the
// first start's seed creates the month-block partitions it fills (store/daily-figures.ts), so
// their ~100 MB are written once instead of twice (data directory 375 -> 295 MB at scale 1).
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  ...DURABLE_START_PARAMS,
  "-c",
  "shared_buffers=16MB",
  "-c",
  "wal_level=minimal",
  "-c",
  "max_wal_senders=0",
];

/** Extensions the migrations create: pg_trgm for search's typo candidates (0012_search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

type PoolSettings = Pick<Config, keyof typeof DEFAULT_DB_POOL>;
/** Where the database is; the PostgreSQL pool's size and timeouts default to DEFAULT_DB_POOL. */
export type DatabaseSettings = Pick<Config, "dataDir" | "databaseUrl"> &
  Partial<PoolSettings> & {
    /** In-memory PGlite only: start as a copy of this dump (Database.dump's) instead of empty. */
    template?: Blob;
  };

export function openDatabase(config: DatabaseSettings): Promise<Database> {
  if (!config.databaseUrl) return openPglite(config.dataDir, config.template);
  return openPostgres(config.databaseUrl, {
    dbStatementTimeoutMs: config.dbStatementTimeoutMs ?? DEFAULT_DB_POOL.dbStatementTimeoutMs,
    dbLockTimeoutMs: config.dbLockTimeoutMs ?? DEFAULT_DB_POOL.dbLockTimeoutMs,
    dbIdleTransactionTimeoutMs: config.dbIdleTransactionTimeoutMs ?? DEFAULT_DB_POOL.dbIdleTransactionTimeoutMs,
    dbPoolSize: config.dbPoolSize ?? DEFAULT_DB_POOL.dbPoolSize,
  });
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  let location: string = IN_MEMORY_DATA_DIR;
  if (dataDir !== IN_MEMORY_DATA_DIR) {
    if (template) throw new Error("a database template is for the in-memory database only");
    location = path.join(dataDir, "pglite");
    await mkdir(location, { recursive: true });
    if (!existsSync(path.join(location, "PG_VERSION"))) await createCluster(location);
  }
  const client = await PGlite.create(location, {
    startParams: PGLITE_START_PARAMS,
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: template,
  });
  if (location !== IN_MEMORY_DATA_DIR) syncWritesToDisk(client);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    await client.close();
    throw error;
  }
  const database = wrap(
    db,
    "pglite",
    () => client.close(),
    () => client.closed,
  );
  if (location !== IN_MEMORY_DATA_DIR) return database;
  // A checkpoint first, so a copy starts from its files without replaying the write-ahead log.
  const dump = async () => {
    await client.exec("CHECKPOINT");
    return client.dumpDataDir("none");
  };
  return { ...database, dump };
}

/** The PostgreSQL driver, loaded only when DATABASE_URL is set (the embedded default never needs it). */
async function postgresDriver() {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("drizzle-orm/node-postgres/migrator"),
  ]);
  return { pg, drizzlePostgres: drizzle, migratePostgres: migrate };
}

async function openPostgres(url: string, settings: PoolSettings): Promise<Database> {
  const { pg, drizzlePostgres } = await postgresDriver();
  await migratePostgresOnce(url);
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 5_000,
    // Sent at connect, so every pooled session has them (0 = none, as in PostgreSQL). Long
    // legitimate work (seeds, imports) lifts them for its own transaction (db/long-work.ts);
    // migrations run on their own connection below, without them.
    statement_timeout: settings.dbStatementTimeoutMs,
    lock_timeout: settings.dbLockTimeoutMs,
    idle_in_transaction_session_timeout: settings.dbIdleTransactionTimeoutMs,
    // No JIT compilation: the catalogue's reads are short, but at market scale the planner's
    // cost estimates of some (a detail's related list) pass jit_above_cost, and compiling took
    // ~100 ms a statement, hundreds of times the read (docs/scaling.md, "Cold pages at scale 50").
    // No parallel workers either: starting them cost a search ~10 ms even for a part of a plan
    // never run, and requests in flight already keep the cores busy; long work (the refresh,
    // seeds, imports) has them back for its transaction (db/long-work.ts).
    options: "-c jit=off -c max_parallel_workers_per_gather=0",
    // A connection keeps the statements prepared on it (the detail reads, one set per calendar:
    // catalog/store/prepared.ts; a few hundred kB of plans each) until it closes; replacing it
    // after an hour (when idle, or when released) bounds them to the calendars of that hour.
    maxLifetimeSeconds: CONNECTION_LIFETIME_S,
    // Few connections: more busy ones than about twice the database's CPUs cost every query
    // more CPU (DEFAULT_DB_POOL); requests beyond them wait in the pool's queue.
    max: settings.dbPoolSize,
  });
  // An idle client losing its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query simply gets a fresh connection.
  pool.on("error", () => {});
  // A connection lost while checked out (a transaction under way when PostgreSQL restarts or
  // terminates the backend) emits 'error' on its client, which the pool does not listen to
  // then: unheard, it would crash the process. The query under way is rejected anyway.
  pool.on("connect", (client) => client.on("error", () => {}));
  let ended = false;
  const db = drizzlePostgres({ client: pool, schema });
  const end = async () => {
    ended = true;
    await pool.end();
  };
  const poolStats = (): PoolStats => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: pool.options.max,
  });
  return wrap(db, "postgres", end, () => ended, poolStats);
}

/**
 * Several instances may boot at once against one PostgreSQL: a session advisory lock on a
 * dedicated connection lets exactly one apply pending migrations while the others wait (at most
 * MIGRATION_LOCK_WAIT_MS, then start-up fails naming the lock). Migrations themselves run
 * without the pool's timeouts.
 */
async function migratePostgresOnce(url: string): Promise<void> {
  const { pg, drizzlePostgres, migratePostgres } = await postgresDriver();
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${MIGRATION_LOCK_WAIT_MS}`);
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    } catch (error) {
      if (sqlStateOf(error) === LOCK_NOT_AVAILABLE) {
        throw new LockWaitTimeoutError(MIGRATION_LOCK_ID, MIGRATION_LOCK_WAIT_MS, { cause: error });
      }
      throw error;
    }
    await client.query("SET lock_timeout = 0");
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.end();
  }
}

function wrap(
  db: Db,
  kind: Database["kind"],
  end: () => Promise<void>,
  isClosed: () => boolean,
  poolStats: () => PoolStats | null = () => null,
): Database {
  let closing: Promise<void> | undefined;
  return {
    db,
    kind,
    poolStats,
    async ping() {
      if (isClosed()) throw new Error("database is closed");
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([db.execute(sql`SELECT 1`), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      closing ??= isClosed() ? Promise.resolve() : end();
      return closing;
    },
  };
}
