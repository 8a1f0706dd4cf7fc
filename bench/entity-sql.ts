// `npm run bench:entity-sql`: what one detail read costs when answered from the database, as
// the detail routes build it on a cache miss (services/details/*.ts over store/*-sql.ts) on the
// demo dataset (SCALE, default 1; SEED; IDS per kind, default 300): for sampled goods,
// influencers, videos, music and hashtags, the time of the detail page's answer (the entity with
// its stats; the shop and category path, or the author and product; the first page of each
// related list with its cards; the influencer's 30-day analysis; the music and hashtag rank
// history) and the last 30 days' trend, p50 / p99 / mean per kind, read one after another,
// twice (the second pass with the database's caches warm); then the parts of the largest
// hashtag's page. In-memory PGlite, or PostgreSQL when DATABASE_URL is set (its tables are
// replaced). Figures, never assertions.
import { sql } from "drizzle-orm";
import { IN_MEMORY_DATA_DIR } from "../server/config";
import { openDatabase } from "../server/db/client";
import { rangeEndingOn, type Calendar, type EntityKind } from "../server/modules/catalog/engine";
import { seedDemoDataset } from "../server/modules/catalog/seed";
import { goodsDetail } from "../server/modules/catalog/services/details/goods";
import { influencerDetail, influencerVideos } from "../server/modules/catalog/services/details/influencers";
import { usageDetail } from "../server/modules/catalog/services/details/usage";
import { videoDetail } from "../server/modules/catalog/services/details/videos";
import type { Queryable } from "../server/modules/catalog/store/meta";
import { readRankHistory } from "../server/modules/catalog/store/rank-history-sql";
import { readRelatedCards } from "../server/modules/catalog/store/cards-sql";
import { usageGoods, usageInfluencers, usageVideos } from "../server/modules/catalog/store/related-sql";
import { readTrend } from "../server/modules/catalog/store/trend-sql";

const SCALE = Number(process.env.SCALE ?? 1);
const SEED = process.env.SEED ?? "bench";
const IDS = Number(process.env.IDS ?? 300);
const RELATED = { limit: 10, offset: 0 };

const database = await openDatabase({ dataDir: IN_MEMORY_DATA_DIR, databaseUrl: process.env.DATABASE_URL ?? null });
const { db } = database;
const seeded = await seedDemoDataset(db, { seed: SEED, scale: SCALE });
// Statistics for the planner, as autovacuum would gather them shortly after a seed: without
// them PostgreSQL misestimates the freshly written tables and JIT-compiles these small reads
// (~100 ms each instead of a few).
await db.execute(sql`ANALYZE`);
const { dataset } = seeded;
const calendar: Calendar = dataset.calendar;
console.log(
  `scale ${SCALE} on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}: stored in ${(seeded.storeMs / 1000).toFixed(1)} s`,
);

/** What one entity's detail page answers (the influencer's with its first page of videos). */
const DETAIL: { [K in EntityKind]: (db: Queryable, id: string) => Promise<unknown> } = {
  goods: (db, id) => goodsDetail(db, calendar, id, "en"),
  influencers: async (db, id) => [
    await influencerDetail(db, calendar, id),
    await influencerVideos(db, calendar, id, "all", 1, 10),
  ],
  videos: (db, id) => videoDetail(db, calendar, id),
  music: (db, id) => usageDetail(db, calendar, "music", id),
  hashtags: (db, id) => usageDetail(db, calendar, "hashtags", id),
};

/** Every `step`-th entity, up to IDS of them: spread over the kind's ids. */
function sample(kind: EntityKind): string[] {
  const entities = dataset[kind] as readonly { id: string }[];
  const step = Math.max(1, Math.floor(entities.length / IDS));
  return entities
    .filter((_, row) => row % step === 0)
    .slice(0, IDS)
    .map((e) => e.id);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const trendRange = rangeEndingOn(calendar.endDate, 30);

for (const pass of ["cold", "warm"]) {
  for (const kind of Object.keys(DETAIL) as EntityKind[]) {
    const times: number[] = [];
    for (const id of sample(kind)) {
      const started = performance.now();
      await DETAIL[kind](db, id);
      await readTrend(db, calendar, kind, id, trendRange);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${pass} ${kind}: ${times.length} details, p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms, mean ${mean.toFixed(1)} ms`,
    );
  }
}
// The parts of the page of the hashtag used by the most videos (the slowest page).
const uses = new Map<string, number>();
for (const video of dataset.videos) for (const tag of video.hashtagIds) uses.set(tag, (uses.get(tag) ?? 0) + 1);
const [largest, videos] = [...uses].sort((a, b) => b[1] - a[1])[0];
const parts: [string, () => Promise<unknown>][] = [
  ["whole page", () => DETAIL.hashtags(db, largest)],
  ["top videos by views", () => readRelatedCards(db, calendar, usageVideos("hashtags", largest), RELATED)],
  ["related goods by sales", () => readRelatedCards(db, calendar, usageGoods("hashtags", largest), RELATED)],
  [
    "related influencers by followers",
    () => readRelatedCards(db, calendar, usageInfluencers("hashtags", largest), RELATED),
  ],
  ["rank history", () => readRankHistory(db, calendar, "hashtags", largest)],
];
for (const [name, read] of parts) {
  const times: number[] = [];
  for (let k = 0; k < 9; k++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`hashtag ${largest} (${videos} videos), ${name}: median ${percentile(times, 0.5).toFixed(1)} ms`);
}
await database.close();
