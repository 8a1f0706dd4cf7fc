// Writes a whole Dataset to the database, replacing the previous one, in batches and inside
// one transaction (a crash midway leaves the old dataset, never half of a new one): profiles and
// links, then the daily figures as month blocks built from the dataset's prefix sums
// (store/month-blocks.ts, store/daily-figures.ts). Used by the first start of the embedded
// default and by `npm run data:seed`; the search tables follow (store/search-documents.ts).
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import {
  categories,
  goods,
  goodsMonths,
  hashtags,
  hashtagsMonths,
  influencers,
  influencersMonths,
  markets,
  music,
  musicMonths,
  shops,
  showcaseLinks,
  videos,
  videosMonths,
} from "../../../db/schema";
import { ENTITY_KINDS, inBatches, SERIES_METRICS, type Dataset, type EntityKind } from "../engine";
import { analyzeBlocks, ensureMonthPartitions, writeBlocks } from "./daily-figures";
import { lockForTransaction, SEED_LOCK_ID } from "./locks";
import { readMeta, writeMeta, type MetaFields, type Queryable } from "./meta";
import { writeSearchDocuments } from "./search-documents";
import { blocksOfSeries } from "./month-blocks";
import { toRow } from "./rows";

// Well under PostgreSQL's 65,535 parameters per statement for the widest table (9 columns).
const PROFILE_BATCH = 1000;
// Instances booting together wait while one of them seeds (minutes at the largest scales).
const SEED_LOCK_WAIT_MS = 15 * 60_000;

export const DATASET_TABLES = [
  goodsMonths,
  influencersMonths,
  videosMonths,
  musicMonths,
  hashtagsMonths,
  showcaseLinks,
  videos,
  hashtags,
  music,
  influencers,
  goods,
  shops,
  categories,
  markets,
] as const;

async function insertAll<T extends PgTable>(
  db: Queryable,
  table: T,
  items: Iterable<PgInsertValue<T>>,
  size: number,
): Promise<void> {
  for (const batch of inBatches(items, size)) await db.insert(table).values(batch);
}

/** Every month block of one kind's series. */
function blocksOf(dataset: Dataset, kind: EntityKind) {
  const entities: readonly { id: string }[] = dataset[kind];
  return blocksOfSeries(
    dataset.series[kind],
    SERIES_METRICS[kind],
    entities.map((entity) => entity.id),
  );
}

/**
 * Replaces every dataset table with `dataset`; returns the new snapshot version. With
 * `onlyIfEmpty` (first start) it writes nothing and returns null when a dataset already exists,
 * checked under a lock so instances booting together seed once.
 */
export async function replaceDataset(
  db: Db,
  dataset: Dataset,
  meta: Omit<MetaFields, "calendar">,
  options: { onlyIfEmpty?: boolean } = {},
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await lockForTransaction(tx, SEED_LOCK_ID, SEED_LOCK_WAIT_MS);
    if (options.onlyIfEmpty && (await readMeta(tx))) return null;
    for (const table of DATASET_TABLES) await tx.delete(table);
    await insertAll(tx, markets, dataset.markets.map(toRow.market), PROFILE_BATCH);
    await insertAll(tx, categories, dataset.categories.map(toRow.category), PROFILE_BATCH);
    await insertAll(tx, shops, dataset.shops.map(toRow.shop), PROFILE_BATCH);
    await insertAll(tx, goods, dataset.goods.map(toRow.goods), PROFILE_BATCH);
    await insertAll(tx, influencers, dataset.influencers.map(toRow.influencer), PROFILE_BATCH);
    await insertAll(tx, music, dataset.music.map(toRow.music), PROFILE_BATCH);
    await insertAll(tx, hashtags, dataset.hashtags.map(toRow.hashtag), PROFILE_BATCH);
    await insertAll(tx, videos, dataset.videos.map(toRow.video), PROFILE_BATCH);
    await insertAll(tx, showcaseLinks, dataset.showcase.map(toRow.link), PROFILE_BATCH);
    await ensureMonthPartitions(tx, dataset.calendar.startDate, dataset.calendar.endDate);
    for (const kind of ENTITY_KINDS) await writeBlocks(tx, kind, blocksOf(dataset, kind));
    await analyzeBlocks(tx);
    const version = await writeMeta(tx, { ...meta, calendar: dataset.calendar }, "seed");
    await writeSearchDocuments(tx);
    return version;
  });
}
