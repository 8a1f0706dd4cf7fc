// The writes of an import. Each batch of lines in one transaction (writeBatch), its rows
// streamed with COPY on PostgreSQL and inserted in batches on PGlite (store/bulk-insert.ts):
// entity rows upserted (a row with the same key is replaced by the imported values, so importing
// twice leaves identical rows), showcase links inserted once, the keys of the imported records noted
// for the reference checks (problems.ts), the batch's days staged in import_days (merged into
// the month blocks once the whole file is read: merge-days.ts) and the batch journaled, all or
// nothing. At the end (finishImport), in one transaction: dataset_meta gets the calendar and a
// new version, the search tables are brought up to date (store/search-changes.ts: every row
// when the calendar moved, with the term counts moved by the run's texts only; the run's
// entities only when it stayed), so is the music and hashtag rank history
// (store/rank-history-sql.ts: the days and markets the run touches, days past the history
// dropped) and the run is done.
import { inArray, sql, type SQL } from "drizzle-orm";
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
import { ENTITY_KINDS, KIND_OF_DAILY_ENTITY, SERIES_METRICS, type Calendar } from "../engine";
import { analyzeBlocks } from "../store/daily-figures";
import { analyzeProfiles } from "../store/profile-statistics";
import { bulkWriteMethod, insertRows, type BulkWriteMethod } from "../store/bulk-insert";
import { rowsOf } from "../store/calendar-sums";
import { calendarOf, readMeta, writeMeta, type Queryable } from "../store/meta";
import { updateRankHistory } from "../store/rank-history-sql";
import { toRow } from "../store/rows";
import { rewriteEveryRow, updateSearchDocuments, type SearchUpdate } from "../store/search-changes";
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

/**
 * Keys "music market" / "hashtag market" for the markets a batch's music and hashtags move
 * between (the stored row's market and the incoming one, when they differ), read before the rows
 * are upserted: the rank history of both markets changes (updateRankHistory).
 */
async function movedMarketKeys(tx: Queryable, c: Collected): Promise<{ type: string; key: string }[]> {
  const keys: { type: string; key: string }[] = [];
  for (const [type, table, incoming] of [
    ["music market", music, c.music],
    ["hashtag market", hashtags, c.hashtags],
  ] as const) {
    if (incoming.size === 0) continue;
    const stored = await tx
      .select({ id: table.id, market: table.market })
      .from(table)
      .where(inArray(table.id, [...incoming.keys()]));
    for (const row of stored) {
      const market = incoming.get(row.id)?.market;
      if (market !== undefined && market !== row.market) keys.push({ type, key: row.market }, { type, key: market });
    }
  }
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
    const moved = await movedMarketKeys(tx, c);
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
      [...keysOf(c), ...moved].map((k) => ({ runId, ...k })),
      { action: "keep" },
    );
    await stageDays(tx, runId, batch, c);
    await journalBatch(tx, runId, batch, hash);
    return bulkWriteMethod(tx);
  });
}

/**
 * The entities whose searched texts or market an import may change (kind and id): its videos,
 * influencers and goods, and the goods of its shops (the shop name is searched with the title).
 */
function textedRowsOfRun(runId: number): SQL {
  return sql`SELECT CASE k.type WHEN 'video' THEN 'videos' WHEN 'influencer' THEN 'influencers' ELSE 'goods' END AS kind,
      k.key AS id
    FROM import_keys k WHERE k.run_id = ${runId} AND k.type IN ('video', 'influencer', 'goods')
    UNION ALL
    SELECT 'goods', g.id FROM import_keys k JOIN goods g ON g.shop_id = k.key WHERE k.run_id = ${runId} AND k.type = 'shop'`;
}

/**
 * The entities whose search rows an import that keeps the calendar may change: the texted ones,
 * and the entities it staged days for (their card totals, the rows' popularity).
 */
function searchRowsOfRun(runId: number): SQL {
  return sql`${textedRowsOfRun(runId)}
    UNION ALL
    SELECT d.kind, d.id FROM import_days d WHERE d.run_id = ${runId} AND d.kind IN ('videos', 'influencers', 'goods')`;
}

/**
 * What an import changed for the rank history: its staged days, and the markets its music and
 * hashtags moved between.
 */
function usageChangesOfRun(runId: number): { days: SQL; markets: SQL } {
  return {
    days: sql`SELECT d.kind, d.id, d.day FROM import_days d WHERE d.run_id = ${runId}`,
    markets: sql`SELECT CASE k.type WHEN 'music market' THEN 'music' ELSE 'hashtags' END AS kind, k.key AS market
      FROM import_keys k WHERE k.run_id = ${runId} AND k.type IN ('music market', 'hashtag market')`,
  };
}

/**
 * Whether the run has days for, and wrote the profiles and links of, fewer than a tenth of the
 * stored entities each (autovacuum's default share for a new ANALYZE): the month blocks' and the
 * profiles' planner statistics then stay as good, and their ANALYZE (seconds at scale 50) is
 * skipped. One statement, the stored entities counted once.
 */
async function fewOfStored(tx: Queryable, runId: number): Promise<{ dated: boolean; written: boolean }> {
  const stored = ENTITY_KINDS.map((kind) => sql`(SELECT count(*) FROM ${sql.identifier(kind)})`);
  const result = await tx.execute(sql`SELECT
      (SELECT count(*) FROM (SELECT DISTINCT d.kind, d.id FROM import_days d WHERE d.run_id = ${runId}) n) * 10
        < s.entities AS dated,
      (SELECT count(*) FROM import_keys k WHERE k.run_id = ${runId}) * 10 < s.entities AS written
    FROM (SELECT ${sql.join(stored, sql` + `)} AS entities) s`);
  return rowsOf<{ dated: boolean; written: boolean }>(result)[0];
}

const sameCalendar = (a: Calendar, b: Calendar) => a.startDate === b.startDate && a.endDate === b.endDate;

/**
 * The import's last transaction: fresh planner statistics when days were merged (unless the
 * calendar stays and few entities got days: fewOfStored) and when the run wrote the profiles
 * and links of at least a tenth of the stored entities (whether or not the calendar moved: a
 * daily file of figures leaves the profiles' statistics as they were), the calendar
 * and a new snapshot version when any line loaded (null otherwise), the search tables and the
 * rank history, the run marked done with its staging dropped. The search rows are rewritten
 * whole when the calendar moved (every row's popularity is a total over it; the term counts
 * follow the run's texts), and for the run's entities only when it stayed
 * (store/search-changes.ts); the answer says which.
 */
export async function finishImport(
  db: Db,
  runId: number,
  calendar: Calendar,
  options: { loaded: boolean; days: boolean },
): Promise<{ version: number | null; search: SearchUpdate | null }> {
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    const meta = await readMeta(tx);
    const calendarStays = meta !== null && sameCalendar(calendarOf(meta), calendar);
    const few = await fewOfStored(tx, runId);
    if (options.days && (!calendarStays || !few.dated)) await analyzeBlocks(tx);
    if (options.loaded && !few.written) await analyzeProfiles(tx);
    let version: number | null = null;
    let search: SearchUpdate | null = null;
    if (options.loaded) {
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
      search = calendarStays
        ? await updateSearchDocuments(tx, calendar, searchRowsOfRun(runId))
        : await rewriteEveryRow(tx, calendar, textedRowsOfRun(runId));
      await updateRankHistory(tx, calendar, { ...usageChangesOfRun(runId), calendarMoved: !calendarStays });
    }
    await finishRun(tx, runId);
    return { version, search };
  });
}
