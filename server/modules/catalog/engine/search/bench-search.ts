// Prints search timings on the demo dataset (scale 1): index build time and the median and
// p95 of a mixed set of queries (exact, typos, no diacritics, Thai, handles). A figure for the
// README, never an assertion. Run: npx tsx server/modules/catalog/engine/search/bench-search.ts
import { generateDataset } from "../generate/generate-dataset";
import { buildSearchIndexes } from "./documents";

const QUERIES: Array<[kind: "videos" | "influencers", keyword: string, market?: string]> = [
  ["videos", "kem chống nắng"],
  ["videos", "kem chong nang"],
  ["videos", "sunscren"],
  ["videos", "serum vitamin c", "VN"],
  ["videos", "ครีมกันแดด"],
  ["videos", "ลิปสติก"],
  ["videos", "racun belanja"],
  ["videos", "tai nghe bluetoth"],
  ["videos", "review"],
  ["videos", "air fryer", "SG"],
  ["videos", "baju kurung"],
  ["videos", "sulit finds"],
  ["influencers", "linh review"],
  ["influencers", "nguyen"],
  ["influencers", "putri"],
  ["influencers", "ปิ่น"],
  ["influencers", "pashop"],
  ["influencers", "chloe tan"],
  ["influencers", "tuan"],
  ["influencers", "dewi lestari"],
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const today = new Date().toISOString().slice(0, 10);
let started = performance.now();
const dataset = generateDataset({ seed: "bench", scale: 1, today });
console.log(`dataset (scale 1): ${(performance.now() - started).toFixed(0)} ms`);
started = performance.now();
const indexes = buildSearchIndexes(dataset);
console.log(
  `search indexes: ${(performance.now() - started).toFixed(0)} ms for ${indexes.videos.size} videos, ${indexes.influencers.size} influencers`,
);

const timings: number[] = [];
for (let round = 0; round < 10; round++) {
  for (const [kind, keyword, market] of QUERIES) {
    const t = performance.now();
    const result = indexes[kind].search({ keyword, market, page: 1, size: 20 });
    timings.push(performance.now() - t);
    if (round === 0) console.log(`  ${kind} "${keyword}"${market ? ` in ${market}` : ""}: ${result.total} hits`);
  }
}
timings.sort((a, b) => a - b);
console.log(
  `search: median ${percentile(timings, 0.5).toFixed(2)} ms, p95 ${percentile(timings, 0.95).toFixed(2)} ms, max ${timings.at(-1)!.toFixed(2)} ms over ${timings.length} queries`,
);
