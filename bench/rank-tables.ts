// `npx tsx bench/rank-tables.ts`: what the database-side rank lists cost on the demo dataset
// (SCALE, default 1; SEED): seed time (the seed writes the daily figures as month blocks) and
// the daily-figure tables' rows and bytes, then three publications of a rank-table generation
// (store/rank-generations.ts: fill every list, bump the version, drop the generations no
// reader needs), each with its fill time, its longest single statement, the event loop's
// longest delay during it (PGlite runs each statement in this thread: that is the stall every
// request of the process sees) and the slowest of the page reads issued every 20 ms during it;
// the third one's cleanup drops the first generation (rows, longest drop, PGlite's VACUUM). Then PAGES
// (default 3,000) random page reads from the rank tables (store/rank-pages.ts: every kind,
// rank type, window, market and category, pages 1-5 of 20 rows, some cut by a plan's row
// limit), one at a time: p50, p99. In-memory PGlite, or PostgreSQL when DATABASE_URL is set
// (its tables are replaced; RANK_FILL_CONNECTIONS, as the server reads it, shares each fill out
// to that many connections). Figures, never assertions.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { IN_MEMORY_DATA_DIR, loadConfig } from "../server/config";
import { openDatabase } from "../server/db/client";
import { ENTITY_KINDS } from "../server/modules/catalog/engine";
import { seedDemoDataset } from "../server/modules/catalog/seed";
import { DAILY_FIGURES } from "../server/modules/catalog/store/daily-figures";
import { publishRankGeneration } from "../server/modules/catalog/store/rank-generations";
import { everyRankListPage, readRankPage, type RankPageQuery } from "../server/modules/catalog/store/rank-pages";

const SCALE = Number(process.env.SCALE ?? 1);
const SEED = process.env.SEED ?? "bench";
const PAGES = Number(process.env.PAGES ?? 3000);
const FILL_CONNECTIONS = loadConfig(process.env).rankFillConnections;

const database = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR, databaseUrl: process.env.DATABASE_URL ?? null });
const { db } = database;

async function size(table: string): Promise<string> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n,
      (SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
        WHERE c.oid = ${table}::regclass OR c.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = ${table}::regclass))::bigint AS bytes
      FROM ${sql.identifier(table)}`,
  );
  const [row] = (result as { rows: { n: number; bytes: string }[] }).rows;
  return `${table}: ${row.n.toLocaleString("en")} rows, ${(Number(row.bytes) / 2 ** 20).toFixed(1)} MB`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const seeded = await seedDemoDataset(db, { seed: SEED, scale: SCALE });
console.log(
  `scale ${SCALE} on ${database.kind === "postgres" ? "PostgreSQL" : "PGlite"}: generated in ${seconds(seeded.generateMs)}, stored in ${seconds(seeded.storeMs)}`,
);
for (const table of ENTITY_KINDS.map((kind) => DAILY_FIGURES[kind].table)) console.log(await size(table));

const lists = everyRankListPage(
  seeded.dataset.categories.map((c) => c.id),
  20,
);
const randomPage = (): RankPageQuery => ({
  ...lists[Math.floor(Math.random() * lists.length)],
  page: 1 + Math.floor(Math.random() * 5),
  visibleRows: [null, null, null, 10, 100][Math.floor(Math.random() * 5)],
});

/** Reads a random page of `generation` every 20 ms until stopped; answers the slowest read (ms). */
function probeReads(generation: () => number): { stop: () => Promise<number> } {
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      await readRankPage(db, generation(), randomPage());
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return slowest;
    },
  };
}

let version = 0;
for (let run = 1; run <= 3; run++) {
  const probe = probeReads(() => version);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const published = await publishRankGeneration(database, { slot: null, connections: FILL_CONNECTIONS });
  loop.disable();
  const slowestRead = await probe.stop();
  if (!published) throw new Error("nothing published");
  const { filled, deleted } = published;
  version = published.version;
  console.log(
    `generation ${filled.generation}: ${filled.lists.toLocaleString("en")} lists, ${filled.rows.toLocaleString("en")} rows filled in ${seconds(filled.ms)} by ${filled.connections} connection(s) (${filled.statements} statements, longest ${filled.longest.ms.toFixed(0)} ms: ${filled.longest.label}); event loop delayed up to ${(loop.max / 1e6).toFixed(0)} ms, slowest page read ${slowestRead.toFixed(0)} ms` +
      (deleted.generations.length
        ? `; deleted generation ${deleted.generations.join(", ")}: ${deleted.rows.toLocaleString("en")} rows, longest drop ${deleted.longestMs.toFixed(0)} ms${deleted.vacuumMs === undefined ? "" : `, VACUUM ${deleted.vacuumMs.toFixed(0)} ms`}`
        : ""),
  );
}
for (const table of ["rank_lists", "rank_rows"]) console.log(`${await size(table)} (two generations)`);

const times: number[] = [];
let rows = 0;
for (let i = 0; i < PAGES; i++) {
  const started = performance.now();
  const page = await readRankPage(db, version, randomPage());
  times.push(performance.now() - started);
  rows += page?.rows.length ?? 0;
}
times.sort((a, b) => a - b);
console.log(
  `${PAGES.toLocaleString("en")} random pages (${rows.toLocaleString("en")} rows) read one at a time: p50 ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
);
await database.close();
