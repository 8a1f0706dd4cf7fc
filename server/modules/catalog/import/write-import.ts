// The writes of an import. Each batch of lines in one transaction (writeBatch), its rows
// streamed with COPY on PostgreSQL and inserted in batches on PGlite (store/bulk-insert.ts):
// entity rows upserted (a row with the same key is replaced by the imported values, so importing
// twice leaves identical rows), showcase links inserted once, the keys of the imported records noted
// for the reference checks (problems.ts), the batch's days staged in import_days (merged into
// the month blocks once the whole file is read: merge-days.ts) and the batch journaled, all or
// nothing. At the end (finishImport), in one transaction: dataset_meta gets the calendar and a
// new version, the search tables (store/search-documents.ts) and the music and hashtag rank
// history (store/rank-history-sql.ts) are rewritten and the run is done.
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import {
  categories,
  goods,
  hashtags,
  importDays,
  importKeys,
  influencers,
  markets,
  music,
  shops,
  showcaseLinks,
  videos,
} from "../../../db/schema";
import { KIND_OF_DAILY_ENTITY, SERIES_METRICS, type Calendar } from "../engine";
import { analyzeBlocks } from "../store/daily-figures";
import { bulkWriteMethod, insertRows, type BulkWriteMethod } from "../store/bulk-insert";
import { readMeta, writeMeta, type Queryable } from "../store/meta";
import { writeRankHistory } from "../store/rank-history-sql";
import { toRow } from "../store/rows";
import { writeSearchDocuments } from "../store/search-documents";
import type { Collected } from "./collect";
import { finishRun, journalBatch } from "./journal";

/** Upsert: a stored row with the same key takes every incoming value. */
function upsert<T extends PgTable>(
  tx: Queryable,
  table: T,
  key: keyof T["_"]["columns"] & string,
  rows: PgInsertValue<T>[],
): Promise<number> {
  return insertRows(tx, table, rows, { key: [key], action: "replace" });
}

/** The keys of a batch's records by type, as import_keys holds them (a link: "influencer goods"). */
function keysOf(c: Collected): { type: string; key: string }[] {
  const keys: { type: string; key: string }[] = [];
  const add = (type: string, ids: Iterable<string | number>) => {
    for (const id of ids) keys.push({ type, key: String(id) });
  };
  add("category", c.categories.keys());
  add("shop", c.shops.keys());
  add("goods", c.goods.keys());
  add("influencer", c.influencers.keys());
  add("video", c.videos.keys());
  add(
    "link",
    [...c.links.values()].map((link) => `${link.influencerId} ${link.goodsId}`),
  );
  return keys;
}

/** Stages a batch's days: one row per key, its metrics in SERIES_METRICS order (null: not named). */
async function stageDays(tx: Queryable, runId: number, batch: number, c: Collected): Promise<void> {
  const rows = function* (): Generator<typeof importDays.$inferInsert> {
    for (const [entity, byId] of c.daily) {
      const kind = KIND_OF_DAILY_ENTITY[entity];
      const metrics: readonly string[] = SERIES_METRICS[kind];
      for (const [id, byDate] of byId)
        for (const [day, values] of byDate)
          yield { runId, kind, id, day, batch, metrics: metrics.map((m) => values[m] ?? null) };
    }
  };
  await insertRows(tx, importDays, rows());
}

/**
 * Writes one batch of collected lines and journals it, in one transaction; answers how its rows
 * were written (COPY on PostgreSQL, INSERT on PGlite: store/bulk-insert.ts).
 */
export async function writeBatch(
  db: Db,
  runId: number,
  batch: number,
  hash: string,
  c: Collected,
): Promise<BulkWriteMethod> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await upsert(tx, markets, "code", [...c.markets.values()].map(toRow.market));
    await upsert(tx, categories, "id", [...c.categories.values()].map(toRow.category));
    await upsert(tx, shops, "id", [...c.shops.values()].map(toRow.shop));
    await upsert(tx, goods, "id", [...c.goods.values()].map(toRow.goods));
    await upsert(tx, influencers, "id", [...c.influencers.values()].map(toRow.influencer));
    await upsert(tx, music, "id", [...c.music.values()].map(toRow.music));
    await upsert(tx, hashtags, "id", [...c.hashtags.values()].map(toRow.hashtag));
    await upsert(tx, videos, "id", [...c.videos.values()].map(toRow.video));
    await insertRows(tx, showcaseLinks, c.links.values(), { action: "keep" });
    await insertRows(
      tx,
      importKeys,
      keysOf(c).map((k) => ({ runId, ...k })),
      { action: "keep" },
    );
    await stageDays(tx, runId, batch, c);
    await journalBatch(tx, runId, batch, hash);
    return bulkWriteMethod(tx);
  });
}

/**
 * The import's last transaction: fresh planner statistics when days were merged, the calendar
 * and a new snapshot version when any line loaded (null otherwise), the search tables and the
 * rank history, the run marked done with its staging dropped.
 */
export async function finishImport(
  db: Db,
  runId: number,
  calendar: Calendar,
  options: { loaded: boolean; days: boolean },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    let version: number | null = null;
    if (options.days) await analyzeBlocks(tx);
    if (options.loaded) {
      const meta = await readMeta(tx);
      version = await writeMeta(
        tx,
        {
          source: meta?.source === "demo" ? "demo" : "import",
          seed: meta?.seed ?? null,
          scale: meta?.scale ?? null,
          calendar,
        },
        "import",
      );
      await writeSearchDocuments(tx);
      await writeRankHistory(tx, calendar);
    }
    await finishRun(tx, runId);
    return version;
  });
}
