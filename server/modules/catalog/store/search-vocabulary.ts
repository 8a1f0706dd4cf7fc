// The vocabulary side of a database search (store/search-sql.ts): what search_term_counts, the
// words and grams of the searched documents per kind and market, says of a query. A query word is
// held or not, has a prefix term when a longer word starts with it (those words listed when few),
// and typo terms: words sharing enough trigrams with it (pg_trgm's GIN index of that kind and
// market) within the allowed edit distance (edit-distance.ts), 1 - 0.25 per edit. Looked up in
// one statement and kept in a bounded per-process cache (WordTermsCache) until the data version
// changes. Also the stored counts a plan or a one-word query's shortcut needs: how many documents
// hold each gram of a Thai/CJK run (readGramDocuments) and a word's terms (readWordCounts).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { allowedEdits, minimumTrigramSimilarity, typoEdits } from "../engine/search/edit-distance";
import { SEARCH_SCORE } from "../engine/search/query";
import { MARKET_CODES } from "../engine";
import type { SearchKind } from "./search-documents";

/** Below minimumTrigramSimilarity, for pg_trgm's float4 rounding. */
const SIMILARITY_MARGIN = 0.99;
/** The most typos allowed in a word (allowedEdits). */
const MAX_EDITS = 2;
/** Typo candidates checked per query word, the most similar first (a bound for huge vocabularies). */
const MAX_TYPO_CANDIDATES = 1000;
/** Typo terms kept per query word. */
const MAX_TYPO_TERMS = 100;
/** Query words whose terms a WordTermsCache keeps. */
const WORD_TERMS_CACHE_WORDS = 5000;

export interface Term {
  /** A tsquery: a quoted lexeme; for a prefix, its words listed or `:*` (prefixQuery). */
  query: string;
  score: number;
  /** The lexeme (of a prefix: what the words start with). */
  text: string;
  prefix: boolean;
}

/**
 * What the vocabulary of a search (the kind's words in the market: search_term_counts) says of a
 * query word: whether any document holds it (`held`), and its terms besides itself (`others`:
 * its prefix, when a longer word starts with it, and its typos).
 */
export interface WordLookup {
  held: boolean;
  others: Term[];
}

export function lexeme(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The lookups (WordLookup: held or not, prefix, typos) of query words already looked up, each
 * under its wordTermsKey (the word, and the kind and market whose vocabulary it was looked up
 * in), per data version (the vocabulary changes only with a seed or an import): a bounded map,
 * the least recently used word dropped first.
 */
export class WordTermsCache {
  private version: number | null = null;
  private readonly words = new Map<string, WordLookup>();

  constructor(private readonly maxWords = WORD_TERMS_CACHE_WORDS) {}

  get(version: number, key: string): WordLookup | undefined {
    if (version !== this.version) {
      this.words.clear();
      this.version = version;
    }
    const lookup = this.words.get(key);
    if (lookup) {
      this.words.delete(key);
      this.words.set(key, lookup);
    }
    return lookup;
  }

  set(version: number, key: string, lookup: WordLookup): void {
    if (version !== this.version) return;
    this.words.set(key, lookup);
    if (this.words.size > this.maxWords) this.words.delete(this.words.keys().next().value!);
  }
}

/**
 * Longer words a word's prefix term lists instead of being a prefix (`word:*`) when the searched
 * documents hold no more of them (prefixQuery).
 */
const MAX_PREFIX_WORDS = 32;

/**
 * The tsquery of a word's prefix term, given the `longer` words starting with it that
 * lookUpWordTerms read from the searched kind's and market's vocabulary (at most one past
 * MAX_PREFIX_WORDS): the word or one of them, when they are no more than MAX_PREFIX_WORDS; else
 * `word:*`. Both match the same rows there, since the vocabulary is every lexeme of those
 * documents. A prefix is a GIN partial match: every entry starting with the word, every market's,
 * is read whole into the bitmap, where listed words are entries the index can skip through when
 * ANDed with the other words' ("unboxing dress" in Malaysia's videos: 14 ms for the hits' bitmap
 * with 'dress':*, 7 ms with the market's four longer words listed).
 */
export function prefixQuery(word: string, longer: string[]): string {
  if (longer.length === 0 || longer.length > MAX_PREFIX_WORDS) return `${lexeme(word)}:*`;
  return `(${[word, ...longer].map(lexeme).join(" | ")})`;
}

/** Above every text that starts with a word, in "C" order: the word and the last code point. */
const AFTER_EVERY_CHARACTER = String.fromCodePoint(0x10ffff);

/**
 * The vocabulary (search_term_counts) of a search of `kind` in `market` (null: every market):
 * the kind and a known market as literals, so that the planner picks their trigram index
 * (migration 0020); the market as a list otherwise, so that a prefix is one primary-key range
 * per market.
 */
function vocabularyScope(kind: SearchKind, market: string | null): SQL {
  const known = (MARKET_CODES as readonly string[]).includes(market ?? "");
  const markets =
    market === null
      ? sql`market = ANY(${sql.param([...MARKET_CODES])}::text[])`
      : known
        ? sql.raw(`market = '${market}'`)
        : sql`market = ${market}`;
  return sql`kind = ${sql.raw(`'${kind}'`)} AND ${markets}`;
}

/**
 * Each query word's lookup (WordLookup) in the words of the documents searched (the kind's, in
 * the market): whether they hold it (a key of the primary key), its prefix when they hold a
 * longer word starting with it (a range of the primary key, read to one past MAX_PREFIX_WORDS
 * words: prefixQuery), and the words within its allowed edits (through the trigram index), with
 * their typo scores. One statement.
 */
async function lookUpWordTerms(
  db: Db,
  kind: SearchKind,
  market: string | null,
  words: string[],
): Promise<Map<string, WordLookup>> {
  const found = new Map<string, WordLookup>(words.map((word) => [word, { held: false, others: [] }]));
  if (words.length === 0) return found;
  const typoWords = words.filter((word) => allowedEdits(word.length) > 0);
  // The index scan runs at the lowest threshold of the query's words; each word then keeps
  // the indexed words above its own (the trigram rule of typoEdits, checked after, is stricter).
  const minimum = typoWords.map(minimumTrigramSimilarity);
  const threshold = Math.min(1, ...minimum) * SIMILARITY_MARGIN;
  const scope = vocabularyScope(kind, market);
  // The threshold is set for this statement's own transaction by its first part (a CTE with a
  // volatile function is materialized, and the typo read refers to it, so it runs after).
  const rows = rowsOf<{ word: string; found: "held" | "prefix" | "typo"; term: string | null }>(
    await db.execute(sql`WITH threshold AS MATERIALIZED (
        SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true) AS value
      )
      SELECT q.word, 'held' AS found, NULL AS term
      FROM unnest(${sql.param(words)}::text[]) AS q(word)
      WHERE EXISTS (SELECT 1 FROM search_term_counts WHERE ${scope} AND term = q.word)
      UNION ALL
      SELECT q.word, 'prefix', t.term
      FROM unnest(${sql.param(words)}::text[]) AS q(word)
      CROSS JOIN LATERAL (
        SELECT DISTINCT term FROM search_term_counts
        WHERE ${scope} AND term > q.word AND term < q.word || ${AFTER_EVERY_CHARACTER}::text
        ORDER BY term
        LIMIT ${MAX_PREFIX_WORDS + 1}
      ) t
      UNION ALL
      SELECT q.word, 'typo', t.term
      FROM threshold,
        unnest(${sql.param(typoWords)}::text[], ${sql.param(minimum.map((m) => m * SIMILARITY_MARGIN))}::float4[]) AS q(word, minimum)
      CROSS JOIN LATERAL (
        SELECT term FROM search_term_counts
        WHERE threshold.value IS NOT NULL AND ${scope} AND term % q.word AND similarity(term, q.word) >= q.minimum
          AND term <> q.word AND abs(length(term) - length(q.word)) <= ${MAX_EDITS}
        GROUP BY term
        ORDER BY similarity(term, q.word) DESC, term
        LIMIT ${MAX_TYPO_CANDIDATES}
      ) t`),
  );
  const typos = new Map<string, Term[]>(words.map((word) => [word, []]));
  const longer = new Map<string, string[]>();
  for (const { word, found: what, term } of rows) {
    if (what === "held") {
      found.get(word)!.held = true;
      continue;
    }
    if (term === null) continue;
    if (what === "prefix") {
      longer.set(word, [...(longer.get(word) ?? []), term]);
      continue;
    }
    const distance = typoEdits(word, term);
    if (distance === null) continue;
    typos.get(word)!.push({
      query: lexeme(term),
      score: SEARCH_SCORE.exact - SEARCH_SCORE.typoPerEdit * distance,
      text: term,
      prefix: false,
    });
  }
  for (const [word, terms] of longer)
    found
      .get(word)!
      .others.push({ query: prefixQuery(word, terms), score: SEARCH_SCORE.prefix, text: word, prefix: true });
  // The closest typos first; a bound on the statement's size (a 100-character query of short words).
  for (const [word, terms] of typos)
    found.get(word)!.others.push(...terms.sort((a, b) => b.score - a.score).slice(0, MAX_TYPO_TERMS));
  return found;
}

/** The WordTermsCache key of a query word searched in `kind` and `market` (null: every market). */
export function wordTermsKey(kind: SearchKind, market: string | null, word: string): string {
  return `${kind}|${market ?? "*"}|${word}`;
}

/** The query's words' lookups (WordLookup): from the cache when given and known, else looked up. */
export async function lookUpWords(
  db: Db,
  kind: SearchKind,
  market: string | null,
  words: string[],
  cache?: CacheUse,
): Promise<Map<string, WordLookup>> {
  const lookups = new Map<string, WordLookup>();
  const missing: string[] = [];
  for (const word of words) {
    // A one-letter word has neither a prefix term nor typos (wordTerms: itself only).
    if (word.length < 2) continue;
    const known = cache?.cache.get(cache.version, wordTermsKey(kind, market, word));
    if (known) lookups.set(word, known);
    else missing.push(word);
  }
  for (const [word, found] of await lookUpWordTerms(db, kind, market, missing)) {
    lookups.set(word, found);
    cache?.cache.set(cache.version, wordTermsKey(kind, market, word), found);
  }
  return lookups;
}

export interface CacheUse {
  cache: WordTermsCache;
  /** The data version the answer is for (the snapshot's). */
  version: number;
}

/**
 * A query word's terms: itself (exact), as a prefix (prefixQuery, when some longer word starts
 * with it) and its typos. Itself is left out when no searched document holds it and it has other
 * terms: it could match nothing, and its tier of rows scoring 1 was read empty, through the
 * popularity btree row by row over the whole market ("Mate" in the Philippines' videos: 70 ms
 * at scale 50). A one-letter word is not looked up: itself only.
 */
export function wordTerms(word: string, lookups: Map<string, WordLookup>): Term[] {
  const lookup = lookups.get(word);
  const exact: Term = { query: lexeme(word), score: SEARCH_SCORE.exact, text: word, prefix: false };
  if (!lookup) return [exact];
  return lookup.held || lookup.others.length === 0 ? [exact, ...lookup.others] : lookup.others;
}

/**
 * How many of the kind's documents in `market` (null: every market) hold each of `grams` in
 * their searched text (at most: a title and shop name holding one gram each count twice), from
 * search_term_counts; a gram no document holds is left out. One read of its primary key.
 */
export async function readGramDocuments(
  db: Db,
  kind: SearchKind,
  market: string | null,
  grams: string[],
): Promise<Map<string, number>> {
  if (grams.length === 0) return new Map();
  const rows = rowsOf<{ term: string; documents: number }>(
    await db.execute(sql`SELECT term, sum(main_documents + extra_documents)::int AS documents
      FROM search_term_counts WHERE ${vocabularyScope(kind, market)} AND term = ANY(${sql.param([...new Set(grams)])}::text[])
      GROUP BY term`),
  );
  return new Map(rows.map((row) => [row.term, Number(row.documents)]));
}

/**
 * What search_term_counts (migration 0020) says of a one-word query's hits in its scope: `exact`
 * rows hold the word in the title (score 1), and at least `most` rows are hits (the most rows any
 * one of its terms is in: itself, the words it is a prefix of, its typos; for goods also in the
 * shop name). One read of the counts' primary key.
 */
export async function readWordCounts(
  db: Db,
  kind: SearchKind,
  market: string | null,
  word: string,
  terms: Term[],
): Promise<{ exact: number; most: number }> {
  const exactTerms = terms.filter((term) => !term.prefix).map((term) => term.text);
  const prefix = terms.some((term) => term.prefix)
    ? sql` OR (term > ${word} AND term < ${word + AFTER_EVERY_CHARACTER})`
    : sql``;
  const [row] = rowsOf<{ exact: number; most: number }>(
    await db.execute(sql`SELECT coalesce(max(main) FILTER (WHERE term = ${word}), 0)::int AS exact,
        coalesce(max(GREATEST(main, extra)), 0)::int AS most
      FROM (SELECT term, sum(main_documents) AS main, sum(extra_documents) AS extra
        FROM search_term_counts
        WHERE kind = ${kind} ${market === null ? sql`` : sql`AND market = ${market}`}
          AND (term = ANY(${sql.param(exactTerms)}::text[])${prefix})
        GROUP BY term) t`),
  );
  return { exact: Number(row.exact), most: Number(row.most) };
}
