// Writes the search tables (migration 0012_search) from what the dataset tables hold: one
// search_documents row per video, influencer and product with its terms as full-text lexemes
// and its popularity (views, followers, units sold over the stored calendar, summed from its
// daily_series row as the dataset's stats are), and the Latin-script words into search_terms. Profiles are read in keyset
// batches, so memory stays bounded whatever the catalogue's size. Runs inside the transaction
// of every seed and import (after dataset_meta has its calendar), and once at boot for a
// database stored before search moved here.
import { sql, type SQL } from "drizzle-orm";
import { daysBetween, type Calendar } from "../engine";
import { documentTerms, influencerTexts } from "../engine/search/documents";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import { lockForTransaction, SEARCH_BACKFILL_LOCK_ID } from "./locks";
import { calendarOf, readMeta, type Queryable } from "./meta";
import { parseSeriesValues } from "./series-codec";

const BATCH = 1000;
const GIN_INDEXES = [
  "search_documents_videos_idx",
  "search_documents_influencers_idx",
  "search_documents_goods_idx",
  "search_documents_goods_extra_idx",
  "search_terms_trgm_idx",
];
const BACKFILL_LOCK_WAIT_MS = 15 * 60_000;

export type SearchKind = "videos" | "influencers" | "goods";

/** One searchable entity: its main texts, a secondary text (a shop name) and its popularity. */
export interface SearchSource {
  id: string;
  market: string;
  popularity: number;
  texts: string[];
  extra?: string | null;
}

interface SourceRow {
  id: string;
  market: string;
  a: string;
  b: string | null;
  /** Added to the metric's total (an influencer's initial followers). */
  base: number | string;
  /** The entity's daily_series row, if any. */
  start: string | null;
  daily: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Each kind's source rows after `after` (keyset): texts (a, b), series row and popularity metric. */
const SOURCES: Record<SearchKind, { metric: string; rows: (after: string) => SQL }> = {
  videos: {
    metric: "views",
    rows: (after) => sql`SELECT v.id, v.market, v.title AS a, NULL AS b, 0 AS base,
        s.start_date::text AS start, s.values AS daily
      FROM videos v LEFT JOIN daily_series s ON s.entity = 'videos' AND s.id = v.id
      WHERE v.id > ${after} ORDER BY v.id LIMIT ${BATCH}`,
  },
  influencers: {
    metric: "followersGained",
    rows: (after) => sql`SELECT i.id, i.market, i.nickname AS a, i.handle AS b, i.initial_followers AS base,
        s.start_date::text AS start, s.values AS daily
      FROM influencers i LEFT JOIN daily_series s ON s.entity = 'influencers' AND s.id = i.id
      WHERE i.id > ${after} ORDER BY i.id LIMIT ${BATCH}`,
  },
  goods: {
    metric: "salesVolume",
    rows: (after) => sql`SELECT g.id, g.market, g.title AS a, p.name AS b, 0 AS base,
        s.start_date::text AS start, s.values AS daily
      FROM goods g LEFT JOIN shops p ON p.id = g.shop_id
        LEFT JOIN daily_series s ON s.entity = 'goods' AND s.id = g.id
      WHERE g.id > ${after} ORDER BY g.id LIMIT ${BATCH}`,
  },
};

/** The metric's total over the calendar's days (as the dataset's stats sum it), plus the base. */
function popularityOf(row: SourceRow, metric: string, calendar: Calendar): number {
  let total = Number(row.base);
  if (row.start === null || row.daily === null) return total;
  const offset = daysBetween(calendar.startDate, row.start);
  (parseSeriesValues(row.daily)[metric] ?? []).forEach((value, k) => {
    const day = offset + k;
    if (day >= 0 && day < calendar.days) total += value;
  });
  return total;
}

function sourceOf(kind: SearchKind, row: SourceRow, calendar: Calendar): SearchSource {
  const texts = kind === "influencers" ? influencerTexts(row.a, row.b ?? "") : [row.a];
  const extra = kind === "influencers" ? null : row.b;
  return {
    id: row.id,
    market: row.market,
    popularity: popularityOf(row, SOURCES[kind].metric, calendar),
    texts,
    extra,
  };
}

/** Adds search rows (and their words) for entities of one kind; ids must not be there yet. */
export async function insertSearchDocuments(tx: Queryable, kind: SearchKind, sources: SearchSource[]): Promise<void> {
  if (sources.length === 0) return;
  const terms = sources.map((source) => documentTerms(source.texts, source.extra ?? null));
  const values = sources.map(
    (source, i) =>
      sql`(${kind}, ${source.id}, ${source.market}, ${source.popularity}, array_to_tsvector(${sql.param(terms[i].main)}::text[]), array_to_tsvector(${sql.param(terms[i].extra)}::text[]))`,
  );
  await tx.execute(
    sql`INSERT INTO search_documents (kind, id, market, popularity, main, extra) VALUES ${sql.join(values, sql`, `)}`,
  );
  const words = [...new Set(terms.flatMap((t) => t.words))];
  if (words.length > 0)
    await tx.execute(
      sql`INSERT INTO search_terms (term) SELECT unnest(${sql.param(words)}::text[]) ON CONFLICT DO NOTHING`,
    );
}

/** Replaces every search row with the current dataset tables' content; returns the rows written. */
export async function writeSearchDocuments(tx: Queryable): Promise<number> {
  await tx.execute(sql`DELETE FROM search_documents`);
  await tx.execute(sql`DELETE FROM search_terms`);
  const meta = await readMeta(tx);
  if (!meta) return 0;
  const calendar = calendarOf(meta);
  let written = 0;
  for (const kind of Object.keys(SOURCES) as SearchKind[]) {
    let after = "";
    for (;;) {
      const rows = rowsOf<SourceRow>(await tx.execute(SOURCES[kind].rows(after)));
      if (rows.length === 0) break;
      await insertSearchDocuments(
        tx,
        kind,
        rows.map((row) => sourceOf(kind, row, calendar)),
      );
      written += rows.length;
      after = rows[rows.length - 1].id;
    }
  }
  // Rows go through the GIN indexes' pending lists (fast in bulk), merged here: PGlite has no
  // autovacuum to merge them, and the planner costs a long pending list as a scan. Then fresh
  // statistics, so that it picks the indexes.
  for (const index of GIN_INDEXES) await tx.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`);
  await tx.execute(sql`ANALYZE search_documents`);
  await tx.execute(sql`ANALYZE search_terms`);
  return written;
}

/**
 * For a database whose dataset was stored before the search tables existed: writes them once
 * (under a lock, so instances booting together do it once). True when it wrote them.
 */
export async function backfillSearchDocuments(db: Db): Promise<boolean> {
  const missing = sql`EXISTS (SELECT 1 FROM dataset_meta) AND NOT EXISTS (SELECT 1 FROM search_documents)
    AND (EXISTS (SELECT 1 FROM videos) OR EXISTS (SELECT 1 FROM influencers) OR EXISTS (SELECT 1 FROM goods))`;
  const [first] = rowsOf<{ missing: boolean }>(await db.execute(sql`SELECT ${missing} AS missing`));
  if (!first.missing) return false;
  return db.transaction(async (tx) => {
    await allowLongStatements(tx);
    await lockForTransaction(tx, SEARCH_BACKFILL_LOCK_ID, BACKFILL_LOCK_WAIT_MS);
    const [again] = rowsOf<{ missing: boolean }>(await tx.execute(sql`SELECT ${missing} AS missing`));
    if (!again.missing) return false;
    await writeSearchDocuments(tx);
    return true;
  });
}
