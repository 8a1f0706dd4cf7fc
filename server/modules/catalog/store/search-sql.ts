// Search answered by the database over the tables store/search-documents.ts writes: the reads of
// a query's page and total. The query's words are looked up in the vocabulary
// (search-vocabulary.ts: held, prefix, typos) and its tokens planned in SQL (search-plans.ts:
// scores, hit test, score tiers). Hits are ordered by relevance (mean token score), then
// popularity, then id, and counted and paged up to SEARCH_MAX_RESULTS. A query costs what its page
// and that cap cost, not what its number of hits costs: hits are read in popularity order through
// the btree of migration 0017 (or from the GIN indexes when few), the best-scoring rows first,
// score tier by score tier, each read stopping at the page's end; only a query with at most the
// cap's number of hits is scored whole (firstRead). A one-word query whose stored term counts
// show more than the cap reads its page at once, uncounted: in one market a slice of the word's
// stored list of its most popular titles (search_word_tops). A score tier's page is first looked
// for in a short walk of the scope in popularity order (tierRead).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { parseSearchQuery, type SearchHit, type SearchQuery, type SearchResult } from "../engine/search/query";
import { WORD_TOP_ROWS, type SearchKind } from "./search-documents";
import { bestCondition, hitCondition, ngramPlan, roundedScore, scoreTiers, wordPlan } from "./search-plans";
import { lookUpWords, readGramDocuments, readWordCounts, rowsOf, wordTerms, type CacheUse } from "./search-vocabulary";

/** Hits a search counts and pages through: `total` is exact up to this many, and pages end there. */
export const SEARCH_MAX_RESULTS = 1000;
/** Tiers read for one page before the query is scored whole instead. */
const MAX_TIER_READS = 8;

/**
 * The stored list (search_word_tops, listWordTops) of `word` in `kind` and `market`: a subquery
 * of one row (ids, popularity: the word's most popular titles in search order), or none when the
 * word is held by no more than WORD_TOP_ROWS titles there, or no list is stored yet.
 */
function wordList(kind: SearchKind, market: string, word: string): SQL {
  return sql`SELECT ids, popularity FROM search_word_tops WHERE kind = ${kind} AND market = ${market} AND term = ${word}`;
}

/**
 * The kind's hits for a search request; throws SearchKeywordError on bad input. `total` counts
 * hits up to SEARCH_MAX_RESULTS and pages end there. Besides the typo lookup, one statement
 * answers a common word combination (rows scoring 1 reaching the page's end: the page is theirs)
 * and any query with at most the cap's number of hits (the page scored among them); a query with
 * more hits, but too few rows scoring 1, then reads its page score tier by score tier. A
 * one-word query first reads its terms' stored counts (readWordCounts): when they show more rows
 * scoring 1 than the cap, or more hits, nothing is counted row by row: the page is read in
 * popularity order, or tier by tier, at once.
 */
export async function searchDocuments(
  db: Db,
  kind: SearchKind,
  request: SearchQuery,
  cache?: CacheUse,
): Promise<SearchResult> {
  const { hits, ...result } = await searchStoredDocuments(db, kind, request, cache);
  return { ...result, hits: hits.map(({ id, score }) => ({ id, score })) };
}

/** A search hit with its search row's popularity (cards-sql.ts readSearchHitCards takes it as the card total). */
export interface StoredSearchHit extends SearchHit {
  popularity: number;
}

export interface StoredSearchResult extends Omit<SearchResult, "hits"> {
  hits: StoredSearchHit[];
}

/** A row of a search read: a hit's id, score and popularity (numbers, or their text from the driver). */
interface StoredRow {
  id: string;
  score: number | string;
  popularity: number | string;
}

function storedHit(row: StoredRow): StoredSearchHit {
  return { id: row.id, score: Number(row.score), popularity: Number(row.popularity) };
}

/** searchDocuments, each hit with its search row's popularity (StoredSearchHit). */
export async function searchStoredDocuments(
  db: Db,
  kind: SearchKind,
  request: SearchQuery,
  cache?: CacheUse,
): Promise<StoredSearchResult> {
  const { tokens, market, page, size, required } = parseSearchQuery(request);
  if (tokens.length === 0) return { total: 0, page, size, hits: [] };
  const withExtra = kind === "goods";
  const words = tokens.filter((token) => token.kind === "word").map((token) => token.text);
  const lookups = await lookUpWords(db, kind, market, words, cache);
  const grams = tokens.flatMap((token) => (token.kind === "ngram" ? token.grams : []));
  const gramDocuments = await readGramDocuments(db, kind, market, grams);
  const plans = tokens.map((token) =>
    token.kind === "word" ? wordPlan(token.text, lookups, withExtra) : ngramPlan(token, withExtra, gramDocuments),
  );
  // The kind is a literal so that the planner picks that kind's partial GIN index.
  const scope = sql`kind = ${sql.raw(`'${kind}'`)} ${market === null ? sql`` : sql`AND market = ${market}`}`;
  const hit = hitCondition(plans, required, { withExtra, market });
  const score = sql`round(((${sql.join(
    plans.map((plan) => plan.score),
    sql` + `,
  )}) / ${plans.length})::numeric, 4)::float8`;
  const offset = (page - 1) * size;
  const limit = Math.max(0, Math.min(offset + size, SEARCH_MAX_RESULTS) - offset);
  const best = sql.join(
    plans.map((plan) => plan.levels[0].atLeast),
    sql` AND `,
  );
  const bestScore = roundedScore(
    plans.reduce((sum, plan) => sum + plan.levels[0].score, 0),
    plans.length,
  );
  const cap = SEARCH_MAX_RESULTS;
  const word = tokens.length === 1 && tokens[0].kind === "word" ? tokens[0].text : null;
  const counts = word === null ? null : await readWordCounts(db, kind, market, word, wordTerms(word, lookups));
  if (counts && counts.exact > cap) {
    // More rows scoring 1 than the cap: the page is theirs, in popularity order.
    if (limit === 0) return { total: cap, page, size, hits: [] };
    // From the word's list (listWordTops) when the page ends within it; else, or with no list
    // stored yet, read in popularity order.
    const list = market !== null && offset + limit <= WORD_TOP_ROWS ? wordList(kind, market, word!) : null;
    const listed = list
      ? sql`(SELECT u.id, u.popularity FROM (${list}) t,
            unnest(t.ids[${offset + 1}:${offset + limit}], t.popularity[${offset + 1}:${offset + limit}])
              WITH ORDINALITY AS u(id, popularity, place)
          ORDER BY u.place)
        UNION ALL `
      : sql``;
    const rows = rowsOf<Omit<StoredRow, "score">>(
      await db.execute(sql`${listed}(SELECT id, popularity FROM search_documents
        WHERE ${list ? sql`NOT EXISTS (${list}) AND ` : sql``}${scope} AND ${best}
        ORDER BY popularity DESC, id COLLATE "C" LIMIT ${limit} OFFSET ${offset})`),
    );
    return { total: cap, page, size, hits: rows.map((row) => storedHit({ ...row, score: bestScore })) };
  }
  const split = scoreTiers(plans, required);
  let total = cap;
  if (!counts || counts.most <= cap) {
    // A word's rows scoring 1 are counted already (no more than the cap here): not read apart.
    const readBest = counts === null;
    const bestRows = bestCondition(plans, { withExtra, market });
    const first = await firstRead({ db, scope, best, bestRows, bestScore, readBest, hit, score, limit, offset });
    if ("result" in first) return { ...first.result, page, size };
    total = first.total;
  }
  const end = offset + limit;
  if (limit === 0) return { total, page, size, hits: [] };
  if (split) {
    const rows: StoredRow[] = [];
    for (const tier of split.tiers.slice(0, MAX_TIER_READS)) {
      rows.push(...rowsOf<StoredRow>(await db.execute(tierRead(scope, tier, score, end - rows.length))));
      if (rows.length >= end) break;
    }
    if (rows.length >= end || (split.complete && split.tiers.length <= MAX_TIER_READS))
      return {
        total,
        page,
        size,
        hits: rows.slice(offset, end).map((row) => storedHit(row)),
      };
  }
  // Scored whole: a query the tiers do not cover (a long one, an n-gram run below its best tier).
  const rows = rowsOf<StoredRow>(
    await db.execute(sql`SELECT id, score, popularity FROM (
        SELECT id, popularity, ${score} AS score FROM search_documents WHERE ${scope} AND ${hit}) h
      ORDER BY score DESC, popularity DESC, id COLLATE "C"
      LIMIT ${end - offset} OFFSET ${offset}`),
  );
  return { total, page, size, hits: rows.map((row) => storedHit(row)) };
}

/** Rows of the scope, in popularity order, a tier read walks before it reads the tier whole. */
const TIER_WALKED_ROWS = 1000;

/**
 * The first `need` rows of one score tier in popularity order, one statement: the tier's rows
 * among the first TIER_WALKED_ROWS rows of the scope in popularity order (a test of a few lexemes
 * per row, stopping at `need`), which are the tier's first rows when they are `need`; else the
 * tier read whole and sorted, as the planner chooses (GIN or popularity order). A common tier
 * (the 46,222 Thai captions holding all but one of the grams of "#ขงดีบอกต่อ", a letter missing)
 * had every row read from the table to be sorted (160 ms at scale 50); the walk finds its page
 * in its first hundred rows, and costs a rare tier about a millisecond.
 */
function tierRead(scope: SQL, tier: SQL, score: SQL, need: number): SQL {
  return sql`WITH walked AS MATERIALIZED (
      SELECT id, popularity, main, extra FROM (
        SELECT id, popularity, main, extra, market FROM search_documents WHERE ${scope}
        ORDER BY popularity DESC, id COLLATE "C" LIMIT ${TIER_WALKED_ROWS}) w
      WHERE coalesce(${tier}, FALSE) LIMIT ${need}
    )
    SELECT d.id, ${score} AS score, d.popularity FROM (
      SELECT id, popularity, main, extra FROM walked WHERE (SELECT count(*) FROM walked) >= ${need}
      UNION ALL
      (SELECT id, popularity, main, extra FROM search_documents
        WHERE (SELECT count(*) FROM walked) < ${need} AND ${scope} AND ${tier}
        ORDER BY popularity DESC, id COLLATE "C" LIMIT ${need})) d
    ORDER BY d.popularity DESC, d.id COLLATE "C"`;
}

/**
 * A first read counts a query's best rows in no order up to this many per row of the page's end
 * (and at least one past the cap); when they reach that count they are common enough for a walk
 * of the scope in popularity order (WALKED_ROWS at most) to find the page, instead of all of them
 * being sorted for it.
 */
const FEW_BEST_PER_PAGE_ROW = 50;
/** Rows of the scope, in popularity order, a first read walks for the page of common best rows. */
const WALKED_ROWS = 5000;

/**
 * A query's first read (searchDocuments), one statement: first the rows where every token scores
 * its best (1: each word exactly in the title, every gram of a Thai/CJK run), which rank first by
 * popularity, found through the market's GIN index (bestCondition) and counted in no order to
 * one past the cap, or to more when the page ends deeper (unless `readBest` is false: their
 * number is known to be no more than the cap). When they are
 * fewer than that count they are sorted for the page; when they reach it (a common word
 * combination or Thai run: tens of thousands of rows, each read from the table to be sorted),
 * the page is the first best rows of a walk of the scope in popularity order (a test of a few
 * lexemes per row; the planner, which takes a Thai run's grams for rare, is kept off the GIN
 * index by the test's coalesce), or, if the walk's rows hold too few, of all of them sorted.
 * When the best rows reach the page's end, the page is theirs. Unless more than the cap hold
 * them, the hits, counted to one past the cap likewise, in no order: the read stops at the
 * 1,001st hit instead of reading them all to sort them; with no more than the cap and a page the
 * best rows do not fill, the page is scored among them. Either is the `result`; otherwise the
 * hits' `total` (the cap), for the tiers, which then often fill the page without scoring every
 * hit, even when they do not cover every score (an n-gram run's lower coverages).
 */
async function firstRead(q: {
  db: Db;
  scope: SQL;
  best: SQL;
  /** `best` with the GIN tests that find those rows in the scope's market (bestCondition). */
  bestRows: SQL;
  bestScore: number;
  readBest: boolean;
  hit: SQL;
  score: SQL;
  limit: number;
  offset: number;
}): Promise<{ result: Pick<StoredSearchResult, "total" | "hits"> } | { total: number }> {
  const { scope, best, bestRows, hit, score, limit, offset } = q;
  const cap = SEARCH_MAX_RESULTS;
  // The best rows rank first: when they reach the page's end, the page is theirs.
  const end = offset + limit;
  const common = Math.max(cap + 1, FEW_BEST_PER_PAGE_ROW * end);
  const first = rowsOf<{
    part: "top" | "hits" | "page";
    id: string | null;
    score: number | null;
    popularity: number | null;
    n: number | null;
  }>(
    await q.db.execute(sql`WITH few AS MATERIALIZED (
        SELECT id, popularity FROM search_documents WHERE ${q.readBest ? sql`TRUE` : sql`FALSE`} AND ${scope}
          AND ${bestRows}
        LIMIT ${common}
      ), counted AS MATERIALIZED (
        SELECT count(*) AS few, least(count(*), ${cap + 1}) AS best FROM few
      ), walked AS MATERIALIZED (
        SELECT id, popularity FROM (
          SELECT id, popularity, main, extra, market FROM search_documents
          WHERE (SELECT few FROM counted) >= ${common} AND ${scope}
          ORDER BY popularity DESC, id COLLATE "C" LIMIT ${WALKED_ROWS}) w
        WHERE coalesce(${best}, FALSE)
        ORDER BY popularity DESC, id COLLATE "C" LIMIT ${end}
      ), top AS MATERIALIZED (
        (SELECT id, popularity FROM few WHERE (SELECT few FROM counted) < ${common}
          ORDER BY popularity DESC, id COLLATE "C" LIMIT ${cap + 1})
        UNION ALL
        SELECT id, popularity FROM walked WHERE (SELECT count(*) FROM walked) >= ${end}
        UNION ALL
        (SELECT id, popularity FROM search_documents
          WHERE (SELECT few FROM counted) >= ${common} AND (SELECT count(*) FROM walked) < ${end} AND ${scope}
            AND ${bestRows}
          ORDER BY popularity DESC, id COLLATE "C" LIMIT ${end})
      ), hits AS MATERIALIZED (
        SELECT id, popularity, main, extra FROM search_documents
        WHERE (SELECT best FROM counted) <= ${cap} AND ${scope} AND ${hit}
        LIMIT ${cap + 1}
      )
      SELECT 'top' AS part, NULL AS id, NULL::float8 AS score, NULL::float8 AS popularity, best::int AS n FROM counted
      UNION ALL
      SELECT 'hits', NULL, NULL, NULL, count(*)::int FROM hits
      UNION ALL
      (SELECT 'page', id, ${q.bestScore}::float8, popularity, NULL FROM top WHERE (SELECT best FROM counted) >= ${end}
        ORDER BY popularity DESC, id COLLATE "C" LIMIT ${limit} OFFSET ${offset})
      UNION ALL
      (SELECT 'page', id, score, popularity, NULL FROM (
          SELECT id, popularity, ${score} AS score FROM hits
          WHERE (SELECT count(*) FROM hits) <= ${cap} AND (SELECT best FROM counted) < ${end}) h
        ORDER BY score DESC, popularity DESC, id COLLATE "C" LIMIT ${limit} OFFSET ${offset})`),
  );
  // The page's rows keep the order of their subquery.
  const counted = (part: string) => Number(first.find((row) => row.part === part)?.n ?? 0);
  const hits = first
    .filter((row) => row.part === "page")
    .map((row) => storedHit({ id: row.id!, score: row.score!, popularity: row.popularity! }));
  if (counted("top") > cap) return { result: { total: cap, hits } };
  if (counted("top") >= end || counted("hits") <= cap)
    return { result: { total: Math.min(counted("hits"), cap), hits } };
  return { total: cap };
}
