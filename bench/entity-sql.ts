// `npm run bench:entity-sql`: what one detail read costs when answered from the database
// (store/entity-stats-sql.ts, cards-sql.ts, related-sql.ts, trend-sql.ts) on the demo dataset
// (SCALE, default 1; SEED; IDS per kind, default 300): for sampled goods, influencers, videos,
// music and hashtags, the time of everything their detail page shows except the profile's
// labels (the entity with its stats; the shop, or the author and product; the first page of
// each related list with its cards; the last 30 days' trend), p50 / p99 / mean per kind, read
// one after another on one connection, twice (the second pass with the database's caches
// warm). In-memory PGlite, or PostgreSQL when DATABASE_URL is set (its tables are replaced).
// Figures, never assertions.
import { sql } from "drizzle-orm";
import { IN_MEMORY_DATA_DIR } from "../server/config";
import { openDatabase } from "../server/db/client";
import { rangeEndingOn, type Calendar, type EntityKind } from "../server/modules/catalog/engine";
import { seedDemoDataset } from "../server/modules/catalog/seed";
import { readCards } from "../server/modules/catalog/store/cards-sql";
import { readEntity, readShops } from "../server/modules/catalog/store/entity-stats-sql";
import type { Queryable } from "../server/modules/catalog/store/meta";
import {
  goodsInfluencers,
  goodsVideos,
  influencerGoods,
  influencerVideos,
  usageGoods,
  usageInfluencers,
  usageVideos,
} from "../server/modules/catalog/store/related-sql";
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

/** Reads what one entity's detail page shows. */
const DETAIL: { [K in EntityKind]: (db: Queryable, id: string) => Promise<unknown> } = {
  goods: async (db, id) => {
    const goods = await readEntity(db, calendar, "goods", id);
    const videos = await goodsVideos(db, calendar, id, RELATED);
    const influencers = await goodsInfluencers(db, calendar, id, RELATED);
    return [
      goods,
      await readShops(db, calendar, goods ? [goods.shopId] : []),
      await readCards(db, calendar, "videos", videos.ids),
      await readCards(db, calendar, "influencers", influencers.ids),
    ];
  },
  influencers: async (db, id) => {
    const goods = await influencerGoods(db, calendar, id, { limit: 20, offset: 0 });
    const videos = await influencerVideos(db, id, "all", RELATED);
    return [
      await readEntity(db, calendar, "influencers", id),
      await readCards(db, calendar, "goods", goods.ids),
      await readCards(db, calendar, "videos", videos.ids),
    ];
  },
  videos: async (db, id) => {
    const video = await readEntity(db, calendar, "videos", id);
    return [
      video,
      await readCards(db, calendar, "influencers", video ? [video.influencerId] : []),
      await readCards(db, calendar, "goods", video?.goodsId ? [video.goodsId] : []),
    ];
  },
  music: (db, id) => usage(db, "music", id),
  hashtags: (db, id) => usage(db, "hashtags", id),
};

async function usage(db: Queryable, kind: "music" | "hashtags", id: string) {
  const videos = await usageVideos(db, calendar, kind, id, RELATED);
  const goods = await usageGoods(db, calendar, kind, id, RELATED);
  const influencers = await usageInfluencers(db, calendar, kind, id, RELATED);
  return [
    await readEntity(db, calendar, kind, id),
    await readCards(db, calendar, "videos", videos.ids),
    await readCards(db, calendar, "goods", goods.ids),
    await readCards(db, calendar, "influencers", influencers.ids),
  ];
}

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
await database.close();
