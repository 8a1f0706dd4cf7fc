// A database search's query in SQL (store/search-sql.ts reads with it): each token of the query
// (engine/search/query.ts) becomes a TokenPlan. A word matches through its terms (search-vocabulary.ts:
// exact, prefix, typos), a shop-name match weighing SHOP_NAME_WEIGHT; a Thai/CJK run matches a
// document holding at least half of its n-grams (Thai trigrams, CJK bigrams), its GIN test split
// into gram groups by rarity. From the plans: a hit's GIN test and condition (a one- or two-word
// query needs every token, a longer one two thirds), its rounded score, and the score tiers a
// page is read by, best first.
import { sql, type SQL } from "drizzle-orm";
import { SHOP_NAME_WEIGHT } from "../engine/search/documents";
import { MIN_NGRAM_COVERAGE } from "../engine/search/query";
import type { Token } from "../engine/search/tokenize";
import { lexeme, wordTerms, type Term, type WordLookup } from "./search-vocabulary";

/** Combinations of the words' match levels a query may be split into score tiers by (scoreTiers). */
const MAX_TIER_COMBINATIONS = 256;

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
 * One test of the hit's GIN test (migration 0022's indexes): the row holds `query` (a tsquery) in
 * its searched text (searchedText) or its market's lexeme. Score tiers keep their tests on the
 * columns alone, whose indexes the planner estimates well when it chooses between them and a read
 * in popularity order.
 */
function searchedIn(withExtra: boolean, query: string): SQL {
  return sql`(${searchedText(withExtra)} || ${MARKET_LEXEME}) @@ ${query}::tsquery`;
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
  /**
   * A tsquery every row scoring the token's best (levels[0]) satisfies in its searched text: one
   * of the best terms of a word; every tested gram of an n-gram run.
   */
  bestCandidates: string;
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

export function wordPlan(word: string, lookups: Map<string, WordLookup>, withExtra: boolean): TokenPlan {
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
    bestCandidates: `(${[...terms, ...(withExtra ? extra : [])]
      .filter((term) => term.score >= scores[0])
      .map((term) => term.query)
      .join(" | ")})`,
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

/** A tsquery: the row holds at least all but one of `grams` (one AND of the others per gram). */
function allButOne(grams: string[]): string {
  return grams.map((_, skipped) => `(${grams.filter((__, i) => i !== skipped).join(" & ")})`).join(" | ");
}

export function ngramPlan(token: Token, withExtra: boolean, documents: Map<string, number>): TokenPlan {
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
    bestCandidates: `(${testedLexemes.join(" & ")})`,
    matches: sql`(${holdsAny(grams, withExtra ? grams : [])} AND ${coverage} >= ${MIN_NGRAM_COVERAGE})`,
    check: sql`${coverage} >= ${MIN_NGRAM_COVERAGE}`,
    levels,
    unlisted: coverages[levels.length] ?? null,
  };
}

/** A hit's score as the database rounds it (float8 to numeric keeps 15 digits, then 4 places). */
export function roundedScore(sum: number, tokens: number): number {
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
export function scoreTiers(plans: TokenPlan[], required: number): { tiers: SQL[]; complete: boolean } | null {
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

/** Sets of tokens a longer query's hit test lists one by one (hitCandidates), at most. */
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
 * The GIN test of a hit: tests (searchedIn) ANDed, each its own scan key of the index. A hit may
 * miss `plans.length - required` tokens, so it holds the candidates of at least one token of every
 * set of one more than that: one test per such set (for a one- or two-word query, one per token),
 * or, past MAX_TOKEN_SETS sets, the first and the last tokens' sets only (the count of matched
 * tokens then decides). In one market, its lexeme is one more test, so that the index yields that
 * market's rows only instead of every market's (each then read from the table to be dropped).
 * GIN intersects separate keys by skipping through the rarer one's items; one tsquery of the whole
 * condition had every item of its commonest terms checked against all its terms: "Review Váy" in
 * Vietnam's videos (27,961 hits) took 80-98 ms as one tsquery, 36-48 ms as three keys at scale 50.
 */
function hitCandidates(plans: TokenPlan[], required: number, searched: Searched): SQL {
  const candidates = plans.map((plan) => plan.candidates);
  const size = plans.length - required + 1;
  const first = Array.from({ length: size }, (_, i) => i);
  const sets = choices(plans.length, size, MAX_TOKEN_SETS) ?? [first, first.map((i) => plans.length - size + i)];
  const tests = sets.map((set) => searchedIn(searched.withExtra, set.map((i) => candidates[i]).join(" | ")));
  if (searched.market !== null) tests.push(searchedIn(searched.withExtra, lexeme(`@${searched.market}`)));
  return sql.join(tests, sql` AND `);
}

/**
 * A row scores every token's best (levels[0]): its tests of each token's best level, after one
 * GIN test per token of its best candidates (searchedIn) and, in one market, of the market's
 * lexeme, so that the index yields the market's rows holding them only. The levels' own tests
 * are on the columns (scoreTiers), whose indexes hold every market: "Jade Home" in Malaysia's
 * goods read 8,775 rows of every market from the table for its 1,001 best rows there (5,688
 * heap blocks, 35 ms warm at scale 50); through the market's lexeme 1,303 rows (724 blocks).
 */
export function bestCondition(plans: TokenPlan[], searched: Searched): SQL {
  const tests = plans.map((plan) => searchedIn(searched.withExtra, plan.bestCandidates));
  if (searched.market !== null) tests.push(searchedIn(searched.withExtra, lexeme(`@${searched.market}`)));
  return sql.join([...tests, ...plans.map((plan) => plan.levels[0].atLeast)], sql` AND `);
}

/**
 * A row is a hit: it matches every token of a one- or two-word query, or `required` of a longer
 * one's; the lexeme test (hitCandidates) comes first, for the GIN indexes.
 */
export function hitCondition(plans: TokenPlan[], required: number, searched: Searched): SQL {
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
