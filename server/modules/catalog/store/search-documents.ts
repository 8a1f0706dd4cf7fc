// Writes the search tables (migrations 0012_search, 0020_search_term_counts, the indexes of 0021
// and 0022) from what the dataset tables hold: one search_documents row per video, influencer and
// product with its terms as full-text lexemes and its popularity (views, followers, units sold
// over the stored calendar: its card total, calendar-sums.ts, plus an influencer's initial
// followers); then, per kind and market, every lexeme with the documents holding it into
// search_term_counts (countSearchTerms), the vocabulary typos and prefixes are looked up in, and
// each common word's most popular rows into search_word_tops (listWordTops).
// The popularity is then also the card total of the calendar it was written for
// (popularityCardTotal: cards-sql.ts reads it instead of summing month blocks). Profiles are read
// in keyset batches, so memory stays bounded whatever the catalogue's size. Runs inside the
// transaction of every seed and of an import that moves the calendar (after dataset_meta has its
// calendar; an import that keeps it updates its own entities' rows: search-changes.ts, with the
// row reads, term counts and pending-list merge exported here), and once at boot for a database
// stored before search moved here.
import { sql, type SQL } from "drizzle-orm";
import { makePgArray } from "drizzle-orm/pg-core";
import type { Calendar } from "../engine";
import { documentTerms, influencerTexts } from "../engine/search/documents";
import { SEGMENTED_SCRIPT } from "../engine/search/tokenize";
import type { Db } from "../../../db/client";
import { allowLongStatements } from "../../../db/long-work";
import { cardTotal } from "./calendar-sums";
import { dateLiteral } from "./daily-figures";
import { lockForTransaction, SEARCH_BACKFILL_LOCK_ID } from "./locks";
import { calendarOf, readMeta, type Queryable } from "./meta";

const BATCH = 1000;
/**
 * The rows search_word_tops keeps of a word (its most popular ones), and the documents that must
 * hold a word in a kind and market for it to be listed there: search-sql.ts reads a page from a
 * list only when the page ends within it.
 */
export const WORD_TOP_ROWS = 1000;
const GIN_INDEXES = [
  "search_documents_videos_idx",
  "search_documents_influencers_idx",
  "search_documents_goods_idx",
  "search_documents_goods_extra_idx",
  "search_documents_goods_searched_idx",
  "search_documents_videos_searched_idx",
  "search_documents_influencers_searched_idx",
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
  /** The popularity metric's total over the calendar, plus a base (an influencer's initial followers). */
  popularity: number | string;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Each kind's source rows after `after` (keyset) among those `only` keeps (a condition on the
 * entity `e`; `true` for every row): texts (a, b) and popularity.
 */
const SOURCES: Record<SearchKind, (after: string, calendar: Calendar, only: SQL) => SQL> = {
  videos: (after, calendar, only) => sql`SELECT e.id, e.market, e.title AS a, NULL AS b,
        ${cardTotal("videos", calendar, sql`e.id`)}::bigint AS popularity
      FROM videos e WHERE e.id > ${after} AND ${only} ORDER BY e.id LIMIT ${BATCH}`,
  influencers: (after, calendar, only) => sql`SELECT e.id, e.market, e.nickname AS a, e.handle AS b,
        (e.initial_followers + ${cardTotal("influencers", calendar, sql`e.id`)})::bigint AS popularity
      FROM influencers e WHERE e.id > ${after} AND ${only} ORDER BY e.id LIMIT ${BATCH}`,
  goods: (after, calendar, only) => sql`SELECT e.id, e.market, e.title AS a, p.name AS b,
        ${cardTotal("goods", calendar, sql`e.id`)}::bigint AS popularity
      FROM goods e LEFT JOIN shops p ON p.id = e.shop_id
      WHERE e.id > ${after} AND ${only} ORDER BY e.id LIMIT ${BATCH}`,
};
export const SEARCH_KINDS = Object.keys(SOURCES) as SearchKind[];

/**
 * The card total (calendar-sums.ts cardTotal) an entity's search row's `popularity` holds
 * (SOURCES: for an influencer, less its `initialFollowers`), when the stored dataset's calendar
 * is `calendar` (the rows are rewritten with it by every seed and import); null otherwise.
 */
export function cardTotalOfPopularity(
  kind: SearchKind,
  calendar: Calendar,
  popularity: SQL,
  initialFollowers: SQL,
): SQL {
  const base = kind === "influencers" ? sql` - ${initialFollowers}` : sql``;
  return sql`CASE WHEN EXISTS (SELECT 1 FROM dataset_meta m
      WHERE m.start_date = ${dateLiteral(calendar.startDate)} AND m.end_date = ${dateLiteral(calendar.endDate)})
    THEN ${popularity}${base} END`;
}

/**
 * The card total of entity `id` as its search row's popularity holds it (cardTotalOfPopularity);
 * null when the calendar differs or the entity has no search row. A scalar subquery: one read by
 * key instead of the entity's month blocks.
 */
export function popularityCardTotal(kind: SearchKind, calendar: Calendar, id: SQL): SQL {
  const initialFollowers = sql`(SELECT e.initial_followers FROM influencers e WHERE e.id = d.id)`;
  return sql`(SELECT ${cardTotalOfPopularity(kind, calendar, sql`d.popularity`, initialFollowers)}
    FROM search_documents d WHERE d.kind = ${kind} AND d.id = ${id})`;
}

function sourceOf(kind: SearchKind, row: SourceRow): SearchSource {
  const texts = kind === "influencers" ? influencerTexts(row.a, row.b ?? "") : [row.a];
  const extra = kind === "influencers" ? null : row.b;
  return { id: row.id, market: row.market, popularity: Number(row.popularity), texts, extra };
}

/**
 * Adds search rows for entities of one kind; ids must not be there yet. The caller recounts the
 * terms (countSearchTerms) once its rows are written.
 */
export async function insertSearchDocuments(tx: Queryable, kind: SearchKind, sources: SearchSource[]): Promise<void> {
  if (sources.length === 0) return;
  const terms = sources.map((source) => documentTerms(source.texts, source.extra ?? null));
  // One array parameter per column, unnested into rows; each row's lexemes as array literal text.
  const columns = [
    sql`${sql.param(sources.map((source) => source.id))}::text[]`,
    sql`${sql.param(sources.map((source) => source.market))}::text[]`,
    sql`${sql.param(sources.map((source) => source.popularity))}::float8[]`,
    sql`${sql.param(terms.map((t) => makePgArray(t.main)))}::text[]`,
    sql`${sql.param(terms.map((t) => makePgArray(t.extra)))}::text[]`,
  ];
  await tx.execute(sql`INSERT INTO search_documents (kind, id, market, popularity, main, extra)
    SELECT ${kind}::text, u.id, u.market, u.popularity, array_to_tsvector(u.main::text[]), array_to_tsvector(u.extra::text[])
    FROM unnest(${sql.join(columns, sql`, `)}) AS u(id, market, popularity, main, extra)`);
}

/**
 * Writes the search rows of the entities of `kind` that `only` keeps (a condition on the entity
 * `e`), read in keyset batches; their ids must have no row yet. Returns the rows written.
 */
export async function writeSearchRows(tx: Queryable, calendar: Calendar, kind: SearchKind, only: SQL): Promise<number> {
  let written = 0;
  let after = "";
  for (;;) {
    const rows = rowsOf<SourceRow>(await tx.execute(SOURCES[kind](after, calendar, only)));
    if (rows.length === 0) break;
    await insertSearchDocuments(
      tx,
      kind,
      rows.map((row) => sourceOf(kind, row)),
    );
    written += rows.length;
    after = rows[rows.length - 1].id;
  }
  return written;
}

/**
 * Merges the GIN indexes' pending lists, where new rows go (fast in bulk): PGlite has no
 * autovacuum to merge them, and the planner costs a long pending list as a scan.
 */
export async function mergePendingSearchRows(tx: Queryable): Promise<void> {
  for (const index of GIN_INDEXES) await tx.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`);
}

/** Replaces every search row with the current dataset tables' content; returns the rows written. */
export async function writeSearchDocuments(tx: Queryable): Promise<number> {
  const meta = await readMeta(tx);
  if (!meta) {
    // No dataset: no documents, and no counts of the ones deleted.
    await tx.execute(sql`DELETE FROM search_documents`);
    await countSearchTerms(tx);
    return 0;
  }
  const written = await writeEverySearchRow(tx, calendarOf(meta));
  await countSearchTerms(tx);
  return written;
}

/**
 * Writes the search row of every entity over `calendar` into an emptied search_documents, with
 * fresh planner statistics; the caller brings the term counts up to date. Returns the rows written.
 */
export async function writeEverySearchRow(tx: Queryable, calendar: Calendar): Promise<number> {
  await tx.execute(sql`DELETE FROM search_documents`);
  let written = 0;
  for (const kind of SEARCH_KINDS) written += await writeSearchRows(tx, calendar, kind, sql`true`);
  await mergePendingSearchRows(tx);
  // Fresh statistics, so that the planner picks the indexes.
  await tx.execute(sql`ANALYZE search_documents`);
  return written;
}

/**
 * Per kind, market and lexeme of the search rows `rows` yields (a query of search_documents'
 * kind, market, main and extra), the rows holding it in main and in extra: what
 * search_term_counts holds for every row.
 */
export function termCountsOf(rows: SQL): SQL {
  return sql`SELECT kind, market, term, count(*) FILTER (WHERE part = 'main') AS main_documents,
      count(*) FILTER (WHERE part = 'extra') AS extra_documents
    FROM (
      SELECT r.kind, r.market, unnest(tsvector_to_array(r.main)) AS term, 'main' AS part FROM (${rows}) r
      UNION ALL
      SELECT r.kind, r.market, unnest(tsvector_to_array(r.extra)), 'extra' FROM (${rows}) r
    ) AS lexemes
    GROUP BY kind, market, term`;
}

/**
 * Recounts search_term_counts (migration 0020) from search_documents: per kind, market and
 * lexeme, the documents holding it in main and in extra: the vocabulary that search-vocabulary.ts
 * looks prefixes and typos up in, and whose counts search-sql.ts trusts to skip counting hits.
 * Whoever writes search_documents calls it once the rows are written.
 */
export async function countSearchTerms(tx: Queryable): Promise<void> {
  await tx.execute(sql`DELETE FROM search_term_counts`);
  await tx.execute(sql`INSERT INTO search_term_counts (kind, market, term, main_documents, extra_documents)
    ${termCountsOf(sql`SELECT kind, market, main, extra FROM search_documents`)}`);
  await tx.execute(sql`ANALYZE search_term_counts`);
  await listWordTops(tx);
}

/** A lexeme search_word_tops may list: a word, not a gram of a Thai or CJK run (tokenize.ts). */
export function isListedWord(term: SQL): SQL {
  return sql`${term} !~ ${SEGMENTED_SCRIPT.source}`;
}

/**
 * Rewrites search_word_tops (migration 0023) from search_documents and search_term_counts: for
 * each word that more than WORD_TOP_ROWS titles of a kind and market hold, the first
 * WORD_TOP_ROWS of them in search order (popularity, largest first, then id) and their number.
 * Only words: a Thai or CJK lexeme is a gram of a run (tokenize.ts), which search-sql.ts never
 * reads a list of. One pass over every title's lexemes; countSearchTerms calls it once the
 * counts are written.
 */
export async function listWordTops(tx: Queryable): Promise<void> {
  await tx.execute(sql`DELETE FROM search_word_tops`);
  await tx.execute(sql`INSERT INTO search_word_tops (kind, market, term, documents, ids, popularity)
    SELECT r.kind, r.market, r.term, min(r.documents),
      array_agg(r.id ORDER BY r.place), array_agg(r.popularity ORDER BY r.place)
    FROM (
      SELECT d.kind, d.market, c.term, c.main_documents AS documents, d.id, d.popularity,
        row_number() OVER (PARTITION BY d.kind, d.market, c.term ORDER BY d.popularity DESC, d.id COLLATE "C") AS place
      FROM search_documents d
      CROSS JOIN LATERAL unnest(tsvector_to_array(d.main)) AS u(term)
      JOIN search_term_counts c ON c.kind = d.kind AND c.market = d.market AND c.term = u.term
      WHERE c.main_documents > ${WORD_TOP_ROWS} AND ${isListedWord(sql`c.term`)}
    ) r
    WHERE r.place <= ${WORD_TOP_ROWS}
    GROUP BY r.kind, r.market, r.term`);
  await tx.execute(sql`ANALYZE search_word_tops`);
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
