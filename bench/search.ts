// `npx tsx bench/search.ts`: search latency and throughput answered by the database
// (store/search-sql.ts) on the demo dataset (SCALE, default 1), next to the in-memory index
// that answered before (tests/server/catalog/search-oracle.ts) in the same run. Stores the
// dataset in an in-memory PGlite, or in PostgreSQL when DATABASE_URL is set (its tables are
// replaced). Prints per-query hits, then median, p95 and p99 of ROUNDS sequential passes over a
// mixed set of queries (exact, typos, no diacritics, Thai, Chinese, handles, markets, pages,
// common words with thousands of hits; the first pass with the typo cache cold) and the slowest
// queries, then queries per second with CONCURRENCY searches in flight. Figures, never assertions.
import { IN_MEMORY_DATA_DIR } from "../server/config";
import { openDatabase } from "../server/db/client";
import { seedDemoDataset } from "../server/modules/catalog/seed";
import type { SearchKind } from "../server/modules/catalog/store/search-documents";
import { searchDocuments } from "../server/modules/catalog/store/search-sql";
import { WordTermsCache } from "../server/modules/catalog/store/search-vocabulary";
import { buildSearchIndexes } from "../tests/server/catalog/search-oracle";

const SCALE = Number(process.env.SCALE ?? 1);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 20);
const THROUGHPUT_SECONDS = Number(process.env.THROUGHPUT_SECONDS ?? 10);

const QUERIES: Array<[kind: SearchKind, keyword: string, market?: string]> = [
  ["videos", "kem chống nắng"],
  ["videos", "kem chong nang"],
  ["videos", "sunscren"],
  ["videos", "serum vitamin c", "VN"],
  ["videos", "ครีมกันแดด"],
  ["videos", "ลิปสติก"],
  ["videos", "racun belanja"],
  ["videos", "tai nghe bluetoth"],
  ["videos", "review"],
  ["videos", "review", "VN"],
  ["videos", "reiew", "VN"],
  ["videos", "mo hop", "VN"],
  ["videos", "air fryer", "SG"],
  ["videos", "baju kurung"],
  ["videos", "防晒"],
  ["influencers", "linh review"],
  ["influencers", "nguyen"],
  ["influencers", "putri"],
  ["influencers", "ปิ่น"],
  ["influencers", "pashop"],
  ["influencers", "tuan"],
  ["influencers", "dewi lestari"],
  ["goods", "ao thun"],
  ["goods", "iphnoe case"],
  ["goods", "serum", "ID"],
  ["goods", "sepatu"],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

function summary(timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `median ${percentile(sorted, 0.5).toFixed(2)} ms, p95 ${percentile(sorted, 0.95).toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms over ${sorted.length} queries`;
}

const database = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR, databaseUrl: process.env.DATABASE_URL ?? null });
try {
  let started = performance.now();
  const { dataset, storeMs } = await seedDemoDataset(database.db, { seed: "bench", scale: SCALE });
  console.log(
    `dataset (scale ${SCALE}, ${database.kind}): ${dataset.goods.length} goods, ${dataset.influencers.length} influencers, ${dataset.videos.length} videos; stored with its search tables in ${(storeMs / 1000).toFixed(1)} s (${((performance.now() - started) / 1000).toFixed(1)} s with generation)`,
  );
  started = performance.now();
  const oracle = buildSearchIndexes(dataset);
  console.log(`in-memory index (before): built in ${(performance.now() - started).toFixed(0)} ms`);

  // Each pass asks page 1 and page 2 of every query, as the app's infinite scroll does.
  const requests = QUERIES.flatMap(([kind, keyword, market]) =>
    [1, 2].map((page) => ({ kind, request: { keyword, market, page, size: 20 } })),
  );
  // As the route does: typo terms of words seen before come from a per-process cache.
  const cache = { cache: new WordTermsCache(), version: 1 };
  const coldTimings: number[] = [];
  const sqlTimings: number[] = [];
  const slowest = new Map<string, number>();
  const memoryTimings: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const { kind, request } of requests) {
      let t = performance.now();
      const result = await searchDocuments(database.db, kind, request, cache);
      const ms = performance.now() - t;
      (round === 0 ? coldTimings : sqlTimings).push(ms);
      const label = `${kind} "${request.keyword}"${request.market ? ` in ${request.market}` : ""} page ${request.page}`;
      if (round > 0) slowest.set(label, Math.max(slowest.get(label) ?? 0, ms));
      t = performance.now();
      const expected = oracle[kind].search(request);
      memoryTimings.push(performance.now() - t);
      if (round === 0 && request.page === 1) {
        const same = JSON.stringify(result) === JSON.stringify(expected) ? "" : " (differs from the in-memory index)";
        console.log(
          `  ${kind} "${request.keyword}"${request.market ? ` in ${request.market}` : ""}: ${result.total} hits${same}`,
        );
      }
    }
  }
  console.log(`database search, sequential, first pass (typo cache cold): ${summary(coldTimings)}`);
  console.log(`database search, sequential, later passes: ${summary(sqlTimings)}`);
  console.log(`in-memory index, sequential: ${summary(memoryTimings)}`);
  const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(
    `slowest (later passes, worst of ${ROUNDS - 1}): ${worst.map(([label, ms]) => `${label} ${ms.toFixed(1)} ms`).join("; ")}`,
  );

  let done = 0;
  const latencies: number[] = [];
  const until = performance.now() + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      for (let i = worker; performance.now() < until; i += CONCURRENCY) {
        const { kind, request } = requests[i % requests.length];
        const t = performance.now();
        await searchDocuments(database.db, kind, request, cache);
        latencies.push(performance.now() - t);
        done++;
      }
    }),
  );
  console.log(
    `database search, ${CONCURRENCY} in flight for ${THROUGHPUT_SECONDS} s: ${(done / THROUGHPUT_SECONDS).toFixed(0)} queries/s; ${summary(latencies)}`,
  );
} finally {
  await database.close();
}
