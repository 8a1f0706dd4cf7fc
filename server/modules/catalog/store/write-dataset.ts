// Writes a dataset to the database, replacing the previous one, inside one transaction (a crash
// midway leaves the old dataset, never half of a new one): part by part as the generator yields
// its shards (engine/generate), each shard's profiles and links, then its daily figures as month
// blocks built from its prefix sums (store/month-blocks.ts, store/daily-figures.ts), in batches,
// so only one part is in memory at a time. Used by the first start of the embedded default and
// by `npm run data:seed`; the search tables (store/search-documents.ts) and the music and
// hashtag rank history (store/rank-history-sql.ts) follow.
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
import { ENTITY_KINDS, SERIES_METRICS, type DatasetCore, type EntityKind } from "../engine";
import { insertRows } from "./bulk-insert";
import { analyzeBlocks, ensureMonthPartitions, writeBlocks } from "./daily-figures";
import { analyzeProfiles } from "./profile-statistics";
import { lockForTransaction, SEED_LOCK_ID } from "./locks";
import { readMeta, writeMeta, type MetaFields } from "./meta";
import { writeRankHistory } from "./rank-history-sql";
import { writeSearchDocuments } from "./search-documents";
import { blocksOfSeries } from "./month-blocks";
import { toRow } from "./rows";

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

/** Every month block of one kind's series. */
function blocksOf(part: DatasetCore, kind: EntityKind) {
  const entities: readonly { id: string }[] = part[kind];
  return blocksOfSeries(
    part.series[kind],
    SERIES_METRICS[kind],
    entities.map((entity) => entity.id),
  );
}

/** Rows written so far (profiles, links and month blocks) and the parts done. */
export interface WriteProgress {
  rows: number;
  entities: number;
  parts: number;
}

export interface WriteOptions {
  /** Write nothing and return null when a dataset already exists (the first start). */
  onlyIfEmpty?: boolean;
  /** Called after each table of each part. */
  onProgress?: (progress: WriteProgress) => void;
}

/**
 * Replaces every dataset table with `parts` (profiles, links and series of disjoint entities over
 * the same calendar, markets and categories, consumed one at a time); returns the new snapshot
 * version. With `onlyIfEmpty` it is null, and no part is read, when a dataset already exists,
 * checked under a lock so instances booting together seed once.
 */
export async function writeDatasetParts(
  db: Db,
  parts: Iterable<DatasetCore>,
  meta: Omit<MetaFields, "calendar">,
  options: WriteOptions = {},
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await lockForTransaction(tx, SEED_LOCK_ID, SEED_LOCK_WAIT_MS);
    if (options.onlyIfEmpty && (await readMeta(tx))) return null;
    for (const table of DATASET_TABLES) await tx.delete(table);
    const progress: WriteProgress = { rows: 0, entities: 0, parts: 0 };
    const wrote = (rows: number, entities = 0) => {
      progress.rows += rows;
      progress.entities += entities;
      options.onProgress?.({ ...progress });
    };
    let calendar: DatasetCore["calendar"] | undefined;
    for (const part of parts) {
      if (!calendar) {
        calendar = part.calendar;
        wrote(await insertRows(tx, markets, part.markets.map(toRow.market)));
        wrote(await insertRows(tx, categories, part.categories.map(toRow.category)));
        await ensureMonthPartitions(tx, calendar.startDate, calendar.endDate);
      }
      wrote(await insertRows(tx, shops, part.shops.map(toRow.shop)));
      const entity = async <T extends PgTable>(table: T, rows: PgInsertValue<T>[]) =>
        wrote(await insertRows(tx, table, rows), rows.length);
      await entity(goods, part.goods.map(toRow.goods));
      await entity(influencers, part.influencers.map(toRow.influencer));
      await entity(music, part.music.map(toRow.music));
      await entity(hashtags, part.hashtags.map(toRow.hashtag));
      await entity(videos, part.videos.map(toRow.video));
      wrote(await insertRows(tx, showcaseLinks, part.showcase.map(toRow.link)));
      for (const kind of ENTITY_KINDS) wrote(await writeBlocks(tx, kind, blocksOf(part, kind)));
      progress.parts++;
      wrote(0);
    }
    if (!calendar) throw new Error("a dataset needs at least one part");
    await analyzeBlocks(tx);
    await analyzeProfiles(tx);
    const version = await writeMeta(tx, { ...meta, calendar }, "seed");
    await writeSearchDocuments(tx);
    await writeRankHistory(tx, calendar);
    return version;
  });
}
