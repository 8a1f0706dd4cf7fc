// `npx tsx bench/rank-tables.ts`: what the database-side catalogue costs on the demo dataset
// (SCALE, default 1; SEED): seed time (the seed writes the daily figures as month blocks), the
// rows and bytes of the daily-figure tables (store/daily-figures.ts), then the time of filling
// every rank list in SQL (store/rank-tables.ts) with the rank tables' rows and bytes. In-memory PGlite, or PostgreSQL when DATABASE_URL is set (its tables are replaced).
// Figures, never assertions.
import { sql } from "drizzle-orm";
import { IN_MEMORY_DATA_DIR } from "../server/config";
import { openDatabase } from "../server/db/client";
import { ENTITY_KINDS } from "../server/modules/catalog/engine";
import { seedDemoDataset } from "../server/modules/catalog/seed";
import { DAILY_FIGURES } from "../server/modules/catalog/store/daily-figures";
import { fillRankTables } from "../server/modules/catalog/store/rank-tables";

const SCALE = Number(process.env.SCALE ?? 1);
const SEED = process.env.SEED ?? "bench";

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

const seeded = await seedDemoDataset(db, { seed: SEED, scale: SCALE });
console.log(
  `scale ${SCALE} on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}: generated in ${(seeded.generateMs / 1000).toFixed(1)} s, stored in ${(seeded.storeMs / 1000).toFixed(1)} s`,
);
const { calendar } = seeded.dataset;
for (const table of ENTITY_KINDS.map((kind) => DAILY_FIGURES[kind].table)) console.log(await size(table));
for (let run = 1; run <= 2; run++) {
  const filled = await db.transaction((tx) =>
    fillRankTables(tx, { startDate: calendar.startDate, endDate: calendar.endDate }),
  );
  console.log(
    `rank tables, run ${run}: ${filled.lists.toLocaleString("en")} lists, ${filled.rows.toLocaleString("en")} rows in ${(filled.ms / 1000).toFixed(1)} s`,
  );
}
for (const table of ["rank_lists", "rank_rows"]) console.log(await size(table));
await database.close();
