// Search answered by the database over the tables store/search-documents.ts writes. A query's
// tokens (engine/search/query.ts) become full-text lexemes: each word matches exactly (score 1),
// as a prefix (0.8, `word:*`), or as a typo: words of the searched documents (the kind's, in the
// market: search_term_counts) sharing enough trigrams with it (found through pg_trgm's GIN index
// of that kind and market) within the allowed edit distance (edit-distance.ts), 1 - 0.25 per
// edit; a Thai/CJK run matches a document holding at least half of its n-grams (Thai trigrams,
// CJK bigrams). A shop-name match weighs SHOP_NAME_WEIGHT. A hit must match every word of a
// one- or two-word query and two thirds of a longer one; hits are ordered by relevance (mean
// token score), then popularity, then id, and counted and paged up to SEARCH_MAX_RESULTS.
// A query costs what its page and that cap cost, not what its number of hits costs: hits are
// read in popularity order through the btree of migration 0017 (or from the GIN indexes when
// few; a search in one market tests its market there: searchedIn), the best-scoring rows
// first, score tier by score tier (scoreTiers), each read stopping at the page's end; only a
// query with at most the cap's number of hits is scored whole. A one-word
// query whose stored term counts show more than the cap reads its page at once, uncounted: in one
// market a slice of the word's stored list of its most popular titles (search_word_tops). A
// word's prefix term is searched only when the vocabulary holds a longer word starting with it,
// and the word itself only when the vocabulary holds it (or it has no other term), and a run's
// levels and GIN test are of the grams it holds (ngramPlan): a term matching nothing made an
// empty score tier, which the planner read through the popularity btree, row by row over the
// whole market. A word's lookup (held or not, prefix and typo terms) is kept in a bounded
// per-process cache (WordTermsCache) until the data version changes. A score tier's page is
// first looked for in a short walk of the scope in popularity order (tierRead).
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { SHOP_NAME_WEIGHT } from "../engine/search/documents";
import { allowedEdits, minimumTrigramSimilarity, typoEdits } from "../engine/search/edit-distance";
import {
  MIN_NGRAM_COVERAGE,
  parseSearchQuery,
  SEARCH_SCORE,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
} from "../engine/search/query";
import type { Token } from "../engine/search/tokenize";
import { MARKET_CODES } from "../engine";
import { WORD_TOP_ROWS, type SearchKind } from "./search-documents";

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
/** Hits a search counts and pages through: `total` is exact up to this many, and pages end there. */
export const SEARCH_MAX_RESULTS = 1000;
/** Combinations of the words' match levels a query may be split into score tiers by (scoreTiers). */
const MAX_TIER_COMBINATIONS = 256;
/** Tiers read for one page before the query is scored whole instead. */
const MAX_TIER_READS = 8;

interface Term {
  /** A tsquery: a quoted lexeme, `:*` for a prefix. */
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

function lexeme(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

function rowsOf<T>(result: unknown): T[] {
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
 * longer word starting with it (a range of the primary key), and the words within its allowed
 * edits (through the trigram index), with their typo scores. One statement.
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
      SELECT q.word, 'prefix', NULL
      FROM unnest(${sql.param(words)}::text[]) AS q(word)
      WHERE EXISTS (SELECT 1 FROM search_term_counts
        WHERE ${scope} AND term > q.word AND term < q.word || ${AFTER_EVERY_CHARACTER}::text)
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
  for (const { word, found: what, term } of rows) {
    if (what === "held") {
      found.get(word)!.held = true;
      continue;
    }
    if (what === "prefix" || term === null) {
      found
        .get(word)!
        .others.push({ query: `${lexeme(word)}:*`, score: SEARCH_SCORE.prefix, text: word, prefix: true });
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
async function lookUpWords(
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
 * A query word's terms: itself (exact), as a prefix (`word:*`, when some longer word starts
 * with it) and its typos. Itself is left out when no searched document holds it and it has other
 * terms: it could match nothing, and its tier of rows scoring 1 was read empty, through the
 * popularity btree row by row over the whole market ("Mate" in the Philippines' videos: 70 ms
 * at scale 50). A one-letter word is not looked up: itself only.
 */
function wordTerms(word: string, lookups: Map<string, WordLookup>): Term[] {
  const lookup = lookups.get(word);
  const exact: Term = { query: lexeme(word), score: SEARCH_SCORE.exact, text: word, prefix: false };
  if (!lookup) return [exact];
  return lookup.held || lookup.others.length === 0 ? [exact, ...lookup.others] : lookup.others;
}

/** The best score of `terms` (sorted best first) in one tsvector column: the first that matches. */
function bestIn(column: SQL, terms: Term[], weight: number): SQL {
  const cases = terms.map((term) => sql`WHEN ${column} @@ ${term.query}::tsquery THEN ${term.score * weight}::float8`);
  return sql`CASE ${sql.join(cases, sql` `)} ELSE 0 END`;
}

/**
 * The lexemes a row searched in `kind` (withExtra: goods) holds, for the GIN indexes: a title's,
 * or a product's title and shop name together (migration 0021), so that a word held in either and
 * a run's grams held between both are one test.
 */
function searchedText(withExtra: boolean): SQL {
  return withExtra ? sql`(main || extra)` : sql`main`;
}

/** What a search's hits are tested in: the kind's searched text (searchedText) and the market, if one. */
interface Searched {
  withExtra: boolean;
  market: string | null;
}

/** A document's market as a lexeme of the hit tests' GIN indexes (migration 0022): '@' and its code. */
const MARKET_LEXEME = sql.raw(`array_to_tsvector(ARRAY['@' || market])`);

/**
 * The hit test's GIN test (migration 0022's indexes): the row holds `query` (a tsquery) in its
 * searched text (searchedText) or its market's lexeme; in one market that lexeme is ANDed in, so
 * that the index yields that market's rows only instead of every market's (each then read from
 * the table to be dropped). Score tiers keep their tests on the columns alone, whose indexes the
 * planner estimates well when it chooses between them and a read in popularity order.
 */
function searchedIn(searched: Searched, query: string): SQL {
  const tsquery = searched.market === null ? query : `(${query}) & ${lexeme(`@${searched.market}`)}`;
  return sql`(${searchedText(searched.withExtra)} || ${MARKET_LEXEME}) @@ ${tsquery}::tsquery`;
}

/** A row holds one of `queries` (tsquery lexemes) in main, or in extra when searched. */
function holdsAny(queries: string[], extraQueries: string[]): SQL {
  const parts: SQL[] = [];
  if (queries.length > 0) parts.push(sql`main @@ ${queries.join(" | ")}::tsquery`);
  if (extraQueries.length > 0) parts.push(sql`extra @@ ${extraQueries.join(" | ")}::tsquery`);
  return parts.length === 0 ? sql`FALSE` : sql`(${sql.join(parts, sql` OR `)})`;
}

/**
 * The searched text (searchedText) as a GIN index holds it, for tests of a token's levels: a
 * title (0012's per-column indexes), or a product's title and shop name with its market's lexeme
 * (0022's index, the only one of the two together: no gram or word matches the lexeme). A test of
 * the two alone had no index since 0022 and read every product of the market ("คุกกี้ช็อกโกแลต
 * คุณภาพดี" in TH: 471 ms for its best rows, 33 ms through the index).
 */
function indexedSearchedText(withExtra: boolean): SQL {
  return withExtra ? sql`(${searchedText(true)} || ${MARKET_LEXEME})` : searchedText(false);
}

/** One query token in SQL: its score, whether a row matches it, and the scores it can take. */
interface TokenPlan {
  /** The token's score in a row, in [0, 1]. */
  score: SQL;
  /**
   * A tsquery every row matching the token satisfies in its searched text (searchedText): one of
   * a word's lexemes; every gram of one of an n-gram run's groups (gramGroups).
   */
  candidates: string;
  /** The row matches the token (score > 0). */
  matches: SQL;
  /** What a match needs beyond its candidates, or null. */
  check: SQL | null;
  /**
   * Every score a match can have, best first, each with "scores at least this" in SQL; or only
   * the best ones, when `unlisted` is set.
   */
  levels: Array<{ score: number; atLeast: SQL }>;
  /** When `levels` leaves out lower scores (an n-gram run's lower coverages): the best of them; else null. */
  unlisted: number | null;
}

function wordPlan(word: string, lookups: Map<string, WordLookup>, withExtra: boolean): TokenPlan {
  const terms = wordTerms(word, lookups).sort((a, b) => b.score - a.score);
  const main = bestIn(sql`main`, terms, 1);
  const extra = terms.map((term) => ({ ...term, score: term.score * SHOP_NAME_WEIGHT }));
  const scores = [...new Set([...terms, ...(withExtra ? extra : [])].map((term) => term.score))].sort((a, b) => b - a);
  const atLeast = (score: number) =>
    holdsAny(
      terms.filter((term) => term.score >= score).map((term) => term.query),
      withExtra ? extra.filter((term) => term.score >= score).map((term) => term.query) : [],
    );
  return {
    score: withExtra ? sql`GREATEST(${main}, ${bestIn(sql`extra`, terms, SHOP_NAME_WEIGHT)})` : main,
    candidates: `(${terms.map((term) => term.query).join(" | ")})`,
    matches: atLeast(scores[scores.length - 1]),
    check: null,
    levels: scores.map((score) => ({ score, atLeast: atLeast(score) })),
    unlisted: null,
  };
}

/** Grams up to which a run's "every gram but one" level is listed (its tsquery has one AND per gram). */
const MAX_LISTED_GRAMS = 16;

/**
 * The grams of a run split into `groups` groups: a row missing fewer than `groups` grams holds
 * every gram of at least one of them (pigeonhole), whatever the split, a far narrower test than
 * holding one gram. The grams are dealt out rarest first (`documents`: how many searched
 * documents hold each), so that each group holds one of the `groups` rarest: the GIN index then
 * takes its candidates from those grams' rows only, and a common word's grams ("รีวิว" is in a
 * third of a market's Thai captions) are only tested in them (groups of neighbouring grams made
 * "รีวิวไฟเส้น" a test of 58,664 rows for 747 hits at scale 50).
 */
function gramGroups(grams: string[], groups: number, documents: Map<string, number>): string[][] {
  const rarestFirst = [...grams].sort((a, b) => (documents.get(a) ?? 0) - (documents.get(b) ?? 0));
  const split: string[][] = Array.from({ length: groups }, () => []);
  // Dealt back and forth: the group of the commonest first gram gets the rarest second one.
  rarestFirst.forEach((gram, i) => {
    const round = Math.floor(i / groups);
    const place = i % groups;
    split[round % 2 === 0 ? place : groups - 1 - place].push(gram);
  });
  return split;
}

/**
 * How many of the kind's documents in `market` (null: every market) hold each of `grams` in
 * their searched text (at most: a title and shop name holding one gram each count twice), from
 * search_term_counts; a gram no document holds is left out. One read of its primary key.
 */
async function readGramDocuments(
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

/** A tsquery: the row holds at least all but one of `grams` (one AND of the others per gram). */
function allButOne(grams: string[]): string {
  return grams.map((_, skipped) => `(${grams.filter((__, i) => i !== skipped).join(" & ")})`).join(" | ");
}

function ngramPlan(token: Token, withExtra: boolean, documents: Map<string, number>): TokenPlan {
  const distinct = [...new Set(token.grams)];
  const grams = distinct.map(lexeme);
  const n = grams.length;
  // The grams some searched document holds: a letter missing or wrong in the run makes one or two
  // that none holds, which every row misses. When enough are held for a match, the levels and
  // the GIN test are of the held ones: "ทำาหารกันเถอะ" (10 of its 12 grams held) reads its best
  // tier, the 16,887 captions holding those 10, instead of scoring them all.
  const heldGrams = distinct.filter((gram) => (documents.get(gram) ?? 0) > 0);
  const matchable = heldGrams.length / n >= MIN_NGRAM_COVERAGE;
  const tested = matchable ? heldGrams : distinct;
  const missed = n - tested.length;
  const window = n - Math.ceil(n * MIN_NGRAM_COVERAGE) + 1 - missed;
  const holds = (gram: string) =>
    withExtra ? sql`(main @@ ${gram}::tsquery OR extra @@ ${gram}::tsquery)` : sql`(main @@ ${gram}::tsquery)`;
  const coverage = sql`((${sql.join(
    grams.map((gram) => sql`${holds(gram)}::int`),
    sql` + `,
  )})::float8 / ${n})`;
  const testedLexemes = tested.map(lexeme);
  const every = sql`${indexedSearchedText(withExtra)} @@ ${testedLexemes.join(" & ")}::tsquery`;
  // Coverages a match can have, best first: every tested gram, then one missing, ... down to the
  // minimum.
  const coverages: number[] = [];
  for (let held = tested.length; held / n >= MIN_NGRAM_COVERAGE && held > 0; held--) coverages.push(held / n);
  // Listed: every tested gram, and all but one (one tsquery the GIN index answers), so that a run
  // with a typo (a letter missing or wrong changes one or two grams) is read tier by tier instead
  // of scored whole.
  const levels = [{ score: coverages[0] ?? 1, atLeast: every }];
  if (tested.length > 1 && tested.length <= MAX_LISTED_GRAMS && coverages.length > 1)
    levels.push({
      score: coverages[1],
      atLeast: sql`${indexedSearchedText(withExtra)} @@ ${allButOne(testedLexemes)}::tsquery`,
    });
  return {
    score: sql`CASE WHEN ${coverage} >= ${MIN_NGRAM_COVERAGE} THEN ${coverage} ELSE 0 END`,
    // A match misses fewer than `window` of the tested grams, so it holds every gram of one of
    // `window` groups of them.
    candidates: `(${gramGroups(tested, Math.max(1, window), documents)
      .map((group) => `(${group.map(lexeme).join(" & ")})`)
      .join(" | ")})`,
    matches: sql`(${holdsAny(grams, withExtra ? grams : [])} AND ${coverage} >= ${MIN_NGRAM_COVERAGE})`,
    check: sql`${coverage} >= ${MIN_NGRAM_COVERAGE}`,
    levels,
    unlisted: coverages[levels.length] ?? null,
  };
}

/** A hit's score as the database rounds it (float8 to numeric keeps 15 digits, then 4 places). */
function roundedScore(sum: number, tokens: number): number {
  const mean = Number((sum / tokens).toPrecision(15));
  return Math.round(Number((mean * 1e4).toPrecision(12))) / 1e4;
}

/**
 * The query's hits split by score, best first: each tier is the rows whose tokens score exactly
 * a combination of levels with that mean, so that a tier read in popularity order is that stretch
 * of the ranking. When a token's levels leave out lower scores (`unlisted`: an n-gram run's lower
 * coverages), only the tiers scoring above every combination that includes such a score are
 * given, and `complete` is false: those tiers are the top of the ranking, the rest is not split.
 * Null when there are too many combinations (a long query) and every level is listed.
 */
function scoreTiers(plans: TokenPlan[], required: number): { tiers: SQL[]; complete: boolean } | null {
  const best = sql`(${sql.join(
    plans.map((plan) => plan.levels[0].atLeast),
    sql` AND `,
  )})`;
  // A token's options: each level exactly (at least it, not the one above); below the lowest
  // listed level, either the best unlisted score (bounding what is not split) or, when a hit
  // may miss some tokens, no match at all.
  const options = plans.map((plan) => {
    const exactly = plan.levels.map((level, i) => ({
      score: level.score,
      listed: true,
      condition: i === 0 ? level.atLeast : sql`(${level.atLeast} AND NOT ${plan.levels[i - 1].atLeast})`,
    }));
    const below = sql`NOT ${plan.levels[plan.levels.length - 1].atLeast}`;
    if (plan.unlisted !== null) exactly.push({ score: plan.unlisted, listed: false, condition: below });
    else if (required < plans.length) exactly.push({ score: 0, listed: true, condition: below });
    return exactly;
  });
  const partial = plans.some((plan) => plan.unlisted !== null);
  if (options.reduce((product, list) => product * list.length, 1) > MAX_TIER_COMBINATIONS)
    return partial ? { tiers: [best], complete: false } : null;
  let combinations: Array<{ sum: number; matched: number; listed: boolean; conditions: SQL[] }> = [
    { sum: 0, matched: 0, listed: true, conditions: [] },
  ];
  for (const list of options)
    combinations = combinations.flatMap((combination) =>
      list.map((option) => ({
        sum: combination.sum + option.score,
        matched: combination.matched + (option.score > 0 ? 1 : 0),
        listed: combination.listed && option.listed,
        conditions: [...combination.conditions, option.condition],
      })),
    );
  // The best score a hit outside the listed combinations can have (at most: an unlisted option
  // is counted as its best score, and as a match).
  let bound = -Infinity;
  const tiers = new Map<number, SQL[]>();
  for (const combination of combinations) {
    if (combination.matched < required) continue;
    const score = roundedScore(combination.sum, plans.length);
    if (!combination.listed) {
      bound = Math.max(bound, score);
      continue;
    }
    const condition = sql`(${sql.join(combination.conditions, sql` AND `)})`;
    tiers.set(score, [...(tiers.get(score) ?? []), condition]);
  }
  return {
    tiers: [...tiers.entries()]
      .filter(([score]) => score > bound)
      .sort((a, b) => b[0] - a[0])
      .map(([, conditions]) => sql`(${sql.join(conditions, sql` OR `)})`),
    complete: !partial,
  };
}

/** Sets of tokens a longer query's hit condition lists one by one (hitCandidates), at most. */
const MAX_TOKEN_SETS = 64;

/** Every way to choose `k` of `n` items (index lists, in order); null when more than `most`. */
function choices(n: number, k: number, most: number): number[][] | null {
  let count = 1;
  for (let i = 0; i < k; i++) count = (count * (n - i)) / (i + 1);
  if (count > most) return null;
  const out: number[][] = [];
  const walk = (from: number, chosen: number[]) => {
    if (chosen.length === k) return void out.push(chosen);
    for (let i = from; i <= n - (k - chosen.length); i++) walk(i + 1, [...chosen, i]);
  };
  walk(0, []);
  return out;
}

/**
 * The GIN test of a hit, one tsquery of the tokens' candidates: all of them (a one- or two-word
 * query), or, for a longer one, those of one of the sets of `required` tokens (or, past
 * MAX_TOKEN_SETS sets, one of the first and one of the last tokens a hit cannot all miss).
 */
function hitCandidates(plans: TokenPlan[], required: number, searched: Searched): SQL {
  const candidates = plans.map((plan) => plan.candidates);
  const test = (query: string) => searchedIn(searched, query);
  if (required === plans.length) return test(candidates.join(" & "));
  const sets = choices(plans.length, required, MAX_TOKEN_SETS);
  if (sets) return test(sets.map((set) => `(${set.map((i) => candidates[i]).join(" & ")})`).join(" | "));
  const window = plans.length - required + 1;
  const ends = [candidates.slice(0, window), candidates.slice(-window)];
  return test(ends.map((end) => `(${end.join(" | ")})`).join(" & "));
}

/**
 * A row is a hit: it matches every token of a one- or two-word query, or `required` of a longer
 * one's; the lexeme test (hitCandidates) comes first, for the GIN indexes.
 */
function hitCondition(plans: TokenPlan[], required: number, searched: Searched): SQL {
  const holds = hitCandidates(plans, required, searched);
  if (required < plans.length) {
    const matched = sql.join(
      plans.map((plan) => sql`${plan.matches}::int`),
      sql` + `,
    );
    return sql`${holds} AND (${matched}) >= ${required}`;
  }
  const checks = plans.flatMap((plan) => (plan.check ? [plan.check] : []));
  return sql.join([holds, ...checks], sql` AND `);
}

/**
 * The stored list (search_word_tops, listWordTops) of `word` in `kind` and `market`: a subquery
 * of one row (ids, popularity: the word's most popular titles in search order), or none when the
 * word is held by no more than WORD_TOP_ROWS titles there, or no list is stored yet.
 */
function wordList(kind: SearchKind, market: string, word: string): SQL {
  return sql`SELECT ids, popularity FROM search_word_tops WHERE kind = ${kind} AND market = ${market} AND term = ${word}`;
}

/**
 * What search_term_counts (migration 0020) says of a one-word query's hits in its scope: `exact`
 * rows hold the word in the title (score 1), and at least `most` rows are hits (the most rows any
 * one of its terms is in: itself, the words it is a prefix of, its typos; for goods also in the
 * shop name). One read of the counts' primary key.
 */
async function readWordCounts(
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
    const first = await firstRead({ db, scope, best, bestScore, readBest, hit, score, limit, offset });
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
 * popularity, counted in no order to one past the cap, or to more when the page ends deeper
 * (unless `readBest` is false: their number is known to be no more than the cap). When they are
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
  bestScore: number;
  readBest: boolean;
  hit: SQL;
  score: SQL;
  limit: number;
  offset: number;
}): Promise<{ result: Pick<StoredSearchResult, "total" | "hits"> } | { total: number }> {
  const { scope, best, hit, score, limit, offset } = q;
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
          AND ${best}
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
            AND ${best}
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
