// Search answered by the database over the tables store/search-documents.ts writes. A query's
// tokens (engine/search/query.ts) become full-text lexemes: each word matches exactly (score 1),
// as a prefix (0.8, `word:*`), or as a typo: indexed words sharing enough trigrams with it
// (found through pg_trgm's GIN index on search_terms) within the allowed edit distance
// (edit-distance.ts), 1 - 0.25 per edit; a Thai/CJK run matches a document holding at least half of its bigrams. A shop-name
// match weighs SHOP_NAME_WEIGHT. Candidates come from the GIN index of the kind's lexemes; a hit
// must match every word of a one- or two-word query and two thirds of a longer one; hits are
// ordered by relevance (mean token score), then popularity, then id. A word's typo terms are
// kept in a bounded per-process cache (TypoCache) until the data version changes.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { SHOP_NAME_WEIGHT } from "../engine/search/documents";
import { allowedEdits, minimumTrigramSimilarity, typoEdits } from "../engine/search/edit-distance";
import {
  MIN_NGRAM_COVERAGE,
  parseSearchQuery,
  SEARCH_SCORE,
  type SearchQuery,
  type SearchResult,
} from "../engine/search/query";
import type { Token } from "../engine/search/tokenize";
import type { SearchKind } from "./search-documents";

/** Below minimumTrigramSimilarity, for pg_trgm's float4 rounding. */
const SIMILARITY_MARGIN = 0.99;
/** The most typos allowed in a word (allowedEdits). */
const MAX_EDITS = 2;
/** Typo candidates checked per query word, the most similar first (a bound for huge vocabularies). */
const MAX_TYPO_CANDIDATES = 1000;
/** Typo terms kept per query word. */
const MAX_TYPO_TERMS = 100;
/** Query words whose typo terms a TypoCache keeps. */
const TYPO_CACHE_WORDS = 5000;

interface Term {
  /** A tsquery: a quoted lexeme, `:*` for a prefix. */
  query: string;
  score: number;
}

function lexeme(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * Typo terms of query words already looked up, per data version (the vocabulary changes only
 * with a seed or an import): a bounded map, the least recently used word dropped first.
 */
export class TypoCache {
  private version: number | null = null;
  private readonly words = new Map<string, Term[]>();

  constructor(private readonly maxWords = TYPO_CACHE_WORDS) {}

  get(version: number, word: string): Term[] | undefined {
    if (version !== this.version) {
      this.words.clear();
      this.version = version;
    }
    const terms = this.words.get(word);
    if (terms) {
      this.words.delete(word);
      this.words.set(word, terms);
    }
    return terms;
  }

  set(version: number, word: string, terms: Term[]): void {
    if (version !== this.version) return;
    this.words.set(word, terms);
    if (this.words.size > this.maxWords) this.words.delete(this.words.keys().next().value!);
  }
}

/** Indexed words within the allowed edits of each query word, with their typo scores. */
async function lookUpTypos(db: Db, words: string[]): Promise<Map<string, Term[]>> {
  const typos = new Map<string, Term[]>(words.map((word) => [word, []]));
  if (words.length === 0) return typos;
  // The index scan runs at the lowest threshold of the query's words; each word then keeps
  // the indexed words above its own (the trigram rule of typoEdits, checked after, is stricter).
  const minimum = words.map(minimumTrigramSimilarity);
  const threshold = Math.min(...minimum) * SIMILARITY_MARGIN;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(threshold)}, true)`);
    return rowsOf<{ word: string; term: string }>(
      await tx.execute(sql`SELECT q.word, t.term
        FROM unnest(${sql.param(words)}::text[], ${sql.param(minimum.map((m) => m * SIMILARITY_MARGIN))}::float4[]) AS q(word, minimum)
        CROSS JOIN LATERAL (
          SELECT term FROM search_terms
          WHERE term % q.word AND similarity(term, q.word) >= q.minimum AND term <> q.word
            AND abs(length(term) - length(q.word)) <= ${MAX_EDITS}
          ORDER BY similarity(term, q.word) DESC, term
          LIMIT ${MAX_TYPO_CANDIDATES}
        ) t`),
    );
  });
  for (const { word, term } of rows) {
    const distance = typoEdits(word, term);
    if (distance === null) continue;
    typos.get(word)!.push({ query: lexeme(term), score: SEARCH_SCORE.exact - SEARCH_SCORE.typoPerEdit * distance });
  }
  // The closest first; a bound on the statement's size (a 100-character query of short words).
  for (const [word, terms] of typos) typos.set(word, terms.sort((a, b) => b.score - a.score).slice(0, MAX_TYPO_TERMS));
  return typos;
}

/** Typo terms of the query's words: from the cache when given and known, else looked up. */
async function typoTerms(db: Db, words: string[], cache?: CacheUse): Promise<Map<string, Term[]>> {
  const typos = new Map<string, Term[]>();
  const missing: string[] = [];
  for (const word of words) {
    if (allowedEdits(word.length) === 0) continue;
    const known = cache?.cache.get(cache.version, word);
    if (known) typos.set(word, known);
    else missing.push(word);
  }
  for (const [word, terms] of await lookUpTypos(db, missing)) {
    typos.set(word, terms);
    cache?.cache.set(cache.version, word, terms);
  }
  return typos;
}

export interface CacheUse {
  cache: TypoCache;
  /** The data version the answer is for (the snapshot's). */
  version: number;
}

function wordTerms(word: string, typos: Map<string, Term[]>): Term[] {
  const terms: Term[] = [{ query: lexeme(word), score: SEARCH_SCORE.exact }];
  if (word.length >= 2) terms.push({ query: `${lexeme(word)}:*`, score: SEARCH_SCORE.prefix });
  return terms.concat(typos.get(word) ?? []);
}

/** The best score of `terms` (sorted best first) in one tsvector column: the first that matches. */
function bestIn(column: SQL, terms: Term[], weight: number): SQL {
  const cases = terms.map((term) => sql`WHEN ${column} @@ ${term.query}::tsquery THEN ${term.score * weight}::float8`);
  return sql`CASE ${sql.join(cases, sql` `)} ELSE 0 END`;
}

/** One token's score in a document row, in [0, 1]. */
function tokenScore(token: Token, typos: Map<string, Term[]>, withExtra: boolean): { expr: SQL; queries: string[] } {
  if (token.kind === "word") {
    const terms = wordTerms(token.text, typos).sort((a, b) => b.score - a.score);
    const main = bestIn(sql`main`, terms, 1);
    return {
      expr: withExtra ? sql`GREATEST(${main}, ${bestIn(sql`extra`, terms, SHOP_NAME_WEIGHT)})` : main,
      queries: terms.map((term) => term.query),
    };
  }
  const grams = [...new Set(token.grams)].map(lexeme);
  const present = grams.map((gram) =>
    withExtra
      ? sql`(main @@ ${gram}::tsquery OR extra @@ ${gram}::tsquery)::int`
      : sql`(main @@ ${gram}::tsquery)::int`,
  );
  const coverage = sql`((${sql.join(present, sql` + `)})::float8 / ${grams.length})`;
  return {
    expr: sql`CASE WHEN ${coverage} >= ${MIN_NGRAM_COVERAGE} THEN ${coverage} ELSE 0 END`,
    queries: grams,
  };
}

/** The kind's hits for a search request; throws SearchKeywordError on bad input. */
export async function searchDocuments(
  db: Db,
  kind: SearchKind,
  request: SearchQuery,
  cache?: CacheUse,
): Promise<SearchResult> {
  const { tokens, market, page, size, required } = parseSearchQuery(request);
  if (tokens.length === 0) return { total: 0, page, size, hits: [] };
  const withExtra = kind === "goods";
  const words = tokens.filter((token) => token.kind === "word").map((token) => token.text);
  const typos = await typoTerms(db, words, cache);
  const scored = tokens.map((token) => tokenScore(token, typos, withExtra));
  const any = [...new Set(scored.flatMap((token) => token.queries))].join(" | ");
  const matchesAny = withExtra
    ? sql`(main @@ ${any}::tsquery OR extra @@ ${any}::tsquery)`
    : sql`main @@ ${any}::tsquery`;
  const columns = scored.map((token, i) => sql`${token.expr} AS ${sql.identifier(`t${i}`)}`);
  const sum = sql.join(
    scored.map((_, i) => sql.identifier(`t${i}`)),
    sql` + `,
  );
  const matched = sql.join(
    scored.map((_, i) => sql`(${sql.identifier(`t${i}`)} > 0)::int`),
    sql` + `,
  );
  // The kind is a literal so that the planner picks that kind's partial GIN index.
  const rows = rowsOf<{ id: string | null; score: number | null; total: number | string | null }>(
    await db.execute(sql`WITH scored AS MATERIALIZED (
        SELECT id, popularity, ${sql.join(columns, sql`, `)}
        FROM search_documents
        WHERE kind = ${sql.raw(`'${kind}'`)} AND ${matchesAny}
          ${market === null ? sql`` : sql`AND market = ${market}`}
      ), hits AS MATERIALIZED (
        SELECT id, popularity, round(((${sum}) / ${tokens.length})::numeric, 4)::float8 AS score
        FROM scored WHERE ${matched} >= ${required}
      )
      SELECT NULL AS id, NULL::float8 AS score, count(*) AS total FROM hits
      UNION ALL
      (SELECT id, score, NULL FROM hits
        ORDER BY score DESC, popularity DESC, id COLLATE "C"
        LIMIT ${size} OFFSET ${(page - 1) * size})`),
  );
  // The count row has no id; the page's rows keep the order of their subquery.
  const total = Number(rows.find((row) => row.id === null)?.total ?? 0);
  const hits = rows.filter((row) => row.id !== null).map((row) => ({ id: row.id!, score: Number(row.score) }));
  return { total, page, size, hits };
}
