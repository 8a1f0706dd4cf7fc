// Brings the search tables (search-documents.ts) up to date after some entities changed while
// the calendar stayed (an import of late or corrected lines: import/write-import.ts), at a cost
// that follows the change instead of the catalogue: the changed entities' search rows rewritten,
// search_term_counts moved by the difference (the old rows' lexemes out, the new rows' in), and
// only the words those rows hold listed again in search_word_tops. A word's stored list is
// merged with the changed rows when that is exact (see mergeWordLists), and read again through
// the word's GIN index otherwise. Every other row keeps its popularity, because the calendar its
// card total is summed over did not move. An import that moves the calendar rewrites every row
// (their popularity moved) but still moves the term counts by the difference of the entities whose
// texts it may have changed, instead of recounting every row's lexemes (rewriteEveryRow). The
// results equal a full rewrite (writeSearchDocuments): tests/server/catalog/import-changes.test.ts
// compares them.
import { sql, type SQL } from "drizzle-orm";
import type { Calendar } from "../engine";
import type { Queryable } from "./meta";
import {
  isListedWord,
  listWordTops,
  mergePendingSearchRows,
  SEARCH_KINDS,
  termCountsOf,
  WORD_TOP_ROWS,
  writeEverySearchRow,
  writeSearchRows,
  writeSearchDocuments,
} from "./search-documents";
import { lexeme, rowsOf } from "./search-vocabulary";

/**
 * The share of the search rows above which a change rewrites them all instead (one pass over
 * every row costs less than that many reads by key and merges).
 */
const LARGEST_CHANGE = 0.25;
/** Words read again one by one; more than this and search_word_tops is listed again in one pass. */
const MOST_WORDS_READ = 2000;

/** What an update did: rows rewritten, and words whose list was merged, read again or dropped. */
export interface SearchUpdate {
  mode: "changed rows" | "every row";
  rows: number;
  listsMerged: number;
  listsRead: number;
  listsDropped: number;
}

/** Every search row rewritten (writeSearchDocuments), as an update's answer. */
export async function rewriteSearchDocuments(tx: Queryable): Promise<SearchUpdate> {
  const rows = await writeSearchDocuments(tx);
  return { mode: "every row", rows, listsMerged: 0, listsRead: 0, listsDropped: 0 };
}

/**
 * Rewrites the search rows of the entities `changed` yields (a query of (kind, id) rows: kind
 * videos, influencers or goods), all of them when they are more than LARGEST_CHANGE of the
 * rows or none are stored. Inside the caller's transaction, once the dataset tables and
 * dataset_meta hold the new data and `calendar` is the stored rows' calendar; once per
 * transaction (its temporary tables, search_changed and those below, are dropped at commit).
 */
export async function updateSearchDocuments(tx: Queryable, calendar: Calendar, changed: SQL): Promise<SearchUpdate> {
  if (!(await noteChanged(tx, changed))) return rewriteSearchDocuments(tx);
  const rows = await rewriteChangedRows(tx, calendar);
  return { mode: "changed rows", rows, ...(await listChangedWords(tx)) };
}

/**
 * Rewrites every search row over a calendar that moved (each row's popularity is a card total
 * over it), `texted` yielding the (kind, id) of the entities whose searched texts or market may
 * have changed (an import's profiles, the goods of its shops): only their lexemes move
 * search_term_counts, the other rows' are the same as before. Every common word is listed again
 * (listWordTops: the popularity order moved everywhere). A full rewrite with every term counted
 * again (rewriteSearchDocuments) when no rows are stored or the texted are more than
 * LARGEST_CHANGE of them. Same transaction rules as updateSearchDocuments.
 */
export async function rewriteEveryRow(tx: Queryable, calendar: Calendar, texted: SQL): Promise<SearchUpdate> {
  if (!(await noteChanged(tx, texted))) return rewriteSearchDocuments(tx);
  await takeOutOldTerms(tx);
  const rows = await writeEverySearchRow(tx, calendar);
  await addNewTerms(tx);
  await listWordTops(tx);
  return { mode: "every row", rows, listsMerged: 0, listsRead: 0, listsDropped: 0 };
}

/**
 * Keeps the (kind, id) rows `changed` yields in search_changed; false when they are too many to
 * follow by difference (more than LARGEST_CHANGE of the stored rows) or none are stored.
 */
async function noteChanged(tx: Queryable, changed: SQL): Promise<boolean> {
  await tx.execute(sql`CREATE TEMP TABLE search_changed (kind text, id text, PRIMARY KEY (kind, id)) ON COMMIT DROP`);
  await tx.execute(sql`INSERT INTO search_changed (kind, id) SELECT DISTINCT c.kind, c.id FROM (${changed}) c`);
  const [sizes] = rowsOf<{ changed: number; stored: number }>(
    await tx.execute(sql`SELECT (SELECT count(*) FROM search_changed)::integer AS changed,
      (SELECT count(*) FROM search_documents)::integer AS stored`),
  );
  return sizes.stored > 0 && sizes.changed <= sizes.stored * LARGEST_CHANGE;
}

/** The changed rows as search_documents holds them now. */
const CHANGED_ROWS = sql`SELECT d.kind, d.market, d.id, d.popularity, d.main, d.extra FROM search_documents d
  JOIN search_changed c ON c.kind = d.kind AND c.id = d.id`;

/**
 * Rewrites the rows of search_changed: the old rows' lexemes out of search_term_counts, the rows
 * written again, the new rows' lexemes in. Returns the rows written.
 */
async function rewriteChangedRows(tx: Queryable, calendar: Calendar): Promise<number> {
  await takeOutOldTerms(tx);
  await tx.execute(sql`DELETE FROM search_documents d USING search_changed c WHERE d.kind = c.kind AND d.id = c.id`);
  let rows = 0;
  for (const kind of SEARCH_KINDS)
    rows += await writeSearchRows(
      tx,
      calendar,
      kind,
      sql`e.id IN (SELECT c.id FROM search_changed c WHERE c.kind = ${kind})`,
    );
  await addNewTerms(tx);
  await mergePendingSearchRows(tx);
  return rows;
}

/** The lexemes of search_changed's stored rows, kept in search_old_terms, taken out of search_term_counts. */
async function takeOutOldTerms(tx: Queryable): Promise<void> {
  await tx.execute(sql`CREATE TEMP TABLE search_old_terms ON COMMIT DROP AS ${termCountsOf(CHANGED_ROWS)}`);
  await tx.execute(sql`UPDATE search_term_counts t SET main_documents = t.main_documents - o.main_documents,
      extra_documents = t.extra_documents - o.extra_documents
    FROM search_old_terms o WHERE t.kind = o.kind AND t.market = o.market AND t.term = o.term`);
}

/** The lexemes of search_changed's rows as written now, added to search_term_counts; terms left at zero deleted. */
async function addNewTerms(tx: Queryable): Promise<void> {
  await tx.execute(sql`INSERT INTO search_term_counts (kind, market, term, main_documents, extra_documents)
    ${termCountsOf(CHANGED_ROWS)}
    ON CONFLICT (kind, market, term) DO UPDATE SET
      main_documents = search_term_counts.main_documents + excluded.main_documents,
      extra_documents = search_term_counts.extra_documents + excluded.extra_documents`);
  await tx.execute(sql`DELETE FROM search_term_counts t USING search_old_terms o
    WHERE t.kind = o.kind AND t.market = o.market AND t.term = o.term
      AND t.main_documents = 0 AND t.extra_documents = 0`);
}

/**
 * Lists again the words the old or new changed rows hold in their titles (search_words, with
 * their count now): a word in WORD_TOP_ROWS titles or fewer loses its list, a stored list is
 * merged where that is exact (mergeWordLists), and the other words are read again.
 */
async function listChangedWords(
  tx: Queryable,
): Promise<Pick<SearchUpdate, "listsMerged" | "listsRead" | "listsDropped">> {
  await tx.execute(sql`CREATE TEMP TABLE search_new_words ON COMMIT DROP AS
    SELECT r.kind, r.market, u.term, r.id, r.popularity
    FROM (${CHANGED_ROWS}) r CROSS JOIN LATERAL unnest(tsvector_to_array(r.main)) AS u(term)
    WHERE ${isListedWord(sql`u.term`)}`);
  await tx.execute(sql`CREATE TEMP TABLE search_words ON COMMIT DROP AS
    SELECT w.kind, w.market, w.term, coalesce(t.main_documents, 0) AS documents
    FROM (
      SELECT o.kind, o.market, o.term FROM search_old_terms o WHERE o.main_documents > 0 AND ${isListedWord(sql`o.term`)}
      UNION
      SELECT n.kind, n.market, n.term FROM search_new_words n
    ) w
    LEFT JOIN search_term_counts t ON t.kind = w.kind AND t.market = w.market AND t.term = w.term`);
  const [{ dropped }] = rowsOf<{ dropped: number }>(
    await tx.execute(sql`WITH gone AS (
      DELETE FROM search_word_tops t USING search_words w
      WHERE t.kind = w.kind AND t.market = w.market AND t.term = w.term AND w.documents <= ${WORD_TOP_ROWS}
      RETURNING 1
    ) SELECT count(*)::integer AS dropped FROM gone`),
  );
  const merged = await mergeWordLists(tx);
  const toRead = rowsOf<{ kind: string; market: string; term: string; documents: number }>(
    await tx.execute(sql`SELECT w.kind, w.market, w.term, w.documents::integer AS documents FROM search_words w
      WHERE w.documents > ${WORD_TOP_ROWS} AND NOT EXISTS (SELECT 1 FROM search_merged m
        WHERE m.kind = w.kind AND m.market = w.market AND m.term = w.term)`),
  );
  if (toRead.length > MOST_WORDS_READ) await listWordTops(tx);
  else for (const word of toRead) await readWordList(tx, word);
  return { listsMerged: merged, listsRead: toRead.length, listsDropped: dropped };
}

/**
 * Merges each stored list of a changed word with the changed rows, where that is exact. The
 * list held the word's first WORD_TOP_ROWS rows in search order (popularity, largest first, then
 * id), so every unchanged row it left out comes after its last one. Its unchanged rows, with the
 * changed rows that hold the word and come before that last one, are then the first rows of the
 * new order: when they are WORD_TOP_ROWS or more, their first WORD_TOP_ROWS are the new list
 * (kept in search_merged). Fewer (changed rows fell behind or lost the word): the rows after
 * them are unknown, and the word is read again. Returns the lists merged.
 */
async function mergeWordLists(tx: Queryable): Promise<number> {
  await tx.execute(sql`CREATE TEMP TABLE search_merged ON COMMIT DROP AS
    WITH lists AS (
      SELECT t.kind, t.market, t.term, t.ids, t.popularity,
        t.ids[cardinality(t.ids)] AS last_id, t.popularity[cardinality(t.popularity)] AS last_popularity
      FROM search_word_tops t
      JOIN search_words w ON w.kind = t.kind AND w.market = t.market AND w.term = t.term
      WHERE w.documents > ${WORD_TOP_ROWS}
    ), candidates AS (
      SELECT l.kind, l.market, l.term, e.id, e.popularity
      FROM lists l CROSS JOIN LATERAL unnest(l.ids, l.popularity) AS e(id, popularity)
      WHERE NOT EXISTS (SELECT 1 FROM search_changed c WHERE c.kind = l.kind AND c.id = e.id)
      UNION ALL
      SELECT l.kind, l.market, l.term, n.id, n.popularity
      FROM lists l
      JOIN search_new_words n ON n.kind = l.kind AND n.market = l.market AND n.term = l.term
      WHERE n.popularity > l.last_popularity
        OR (n.popularity = l.last_popularity AND n.id COLLATE "C" <= l.last_id COLLATE "C")
    ), placed AS (
      SELECT c.*, row_number() OVER (PARTITION BY c.kind, c.market, c.term
        ORDER BY c.popularity DESC, c.id COLLATE "C") AS place
      FROM candidates c
    )
    SELECT p.kind, p.market, p.term,
      array_agg(p.id ORDER BY p.place) AS ids, array_agg(p.popularity ORDER BY p.place) AS popularity
    FROM placed p
    WHERE p.place <= ${WORD_TOP_ROWS}
    GROUP BY p.kind, p.market, p.term
    HAVING count(*) = ${WORD_TOP_ROWS}`);
  const [{ merged }] = rowsOf<{ merged: number }>(
    await tx.execute(sql`WITH updated AS (
      UPDATE search_word_tops t SET documents = w.documents, ids = m.ids, popularity = m.popularity
      FROM search_merged m
      JOIN search_words w ON w.kind = m.kind AND w.market = m.market AND w.term = m.term
      WHERE t.kind = m.kind AND t.market = m.market AND t.term = m.term
      RETURNING 1
    ) SELECT count(*)::integer AS merged FROM updated`),
  );
  return merged;
}

/** Lists one word again: its first WORD_TOP_ROWS rows in search order, read through its kind's GIN index. */
async function readWordList(
  tx: Queryable,
  word: { kind: string; market: string; term: string; documents: number },
): Promise<void> {
  await tx.execute(sql`INSERT INTO search_word_tops (kind, market, term, documents, ids, popularity)
    SELECT ${word.kind}, ${word.market}, ${word.term}, ${word.documents},
      coalesce(array_agg(r.id ORDER BY r.place), '{}'), coalesce(array_agg(r.popularity ORDER BY r.place), '{}')
    FROM (
      SELECT d.id, d.popularity, row_number() OVER (ORDER BY d.popularity DESC, d.id COLLATE "C") AS place
      FROM search_documents d
      WHERE d.kind = ${word.kind} AND d.market = ${word.market} AND d.main @@ ${lexeme(word.term)}::tsquery
      ORDER BY d.popularity DESC, d.id COLLATE "C"
      LIMIT ${WORD_TOP_ROWS}
    ) r
    ON CONFLICT (kind, market, term) DO UPDATE SET documents = excluded.documents, ids = excluded.ids,
      popularity = excluded.popularity`);
}
