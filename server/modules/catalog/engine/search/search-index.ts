// An in-memory, typo-tolerant search index over short texts (video captions, creator names and
// handles) in every market's language. Documents are folded (normalize.ts) and tokenized
// (tokenize.ts); each query word is matched exactly, as a prefix, or within a bounded edit
// distance of an indexed word found through shared letter trigrams. Thai and CJK runs match by
// bigram overlap. Results are ordered by relevance, then popularity, then id.
import type { Id } from "../model/entities";
import { allowedEdits, boundedEditDistance } from "./edit-distance";
import { foldText } from "./normalize";
import { tokenize, type Token } from "./tokenize";
import { InputError } from "../../../../lib/domain-error";

export const MAX_KEYWORD_LENGTH = 100;
export const MAX_PAGE_SIZE = 100;

const SCORE = { exact: 1, prefix: 0.8, typoPerEdit: 0.25 } as const;
/** An n-gram run matches a document when at least this share of its grams occur there. */
const MIN_NGRAM_COVERAGE = 0.5;
const MAX_PREFIX_EXPANSION = 64;

export class SearchKeywordError extends InputError {
  override name = "SearchKeywordError";
}

export interface SearchField {
  text: string;
  /** Relative importance of a match in this field; 1 by default. */
  weight?: number;
}

export interface SearchDocument {
  id: Id;
  /** Free-form partition key (a market code); queries may restrict to one. */
  market: string;
  fields: SearchField[];
  /** Orders equally relevant results: views, followers. */
  popularity: number;
}

export interface SearchQuery {
  keyword: string;
  market?: string | null;
  /** 1-based. */
  page?: number;
  size?: number;
}

export interface SearchHit {
  id: Id;
  /** Relevance in (0, 1]: 1 means every query word matched exactly. */
  score: number;
}

export interface SearchResult {
  total: number;
  page: number;
  size: number;
  hits: SearchHit[];
}

interface TermMatch {
  term: number;
  score: number;
}

function paddedTrigrams(word: string): string[] {
  const padded = `\u0001\u0001${word}\u0002\u0002`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

export class SearchIndex {
  private readonly ids: Id[] = [];
  private readonly markets: string[] = [];
  private readonly popularity: Float64Array;
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postingDocs: number[][] = [];
  private readonly postingWeights: number[][] = [];
  /** Whether a term is a word (true) or an n-gram (false). */
  private readonly isWord: boolean[] = [];
  /** Word terms sorted, for prefix lookups. */
  private readonly sortedWords: string[];
  /** Trigram -> word term ids, for typo candidates. */
  private readonly trigramTerms = new Map<string, number[]>();

  constructor(documents: Iterable<SearchDocument>) {
    const popularity: number[] = [];
    for (const document of documents) {
      const doc = this.ids.length;
      this.ids.push(document.id);
      this.markets.push(document.market);
      popularity.push(document.popularity);
      for (const field of document.fields) {
        const weight = field.weight ?? 1;
        for (const token of tokenize(foldText(field.text))) {
          for (const term of token.kind === "word" ? [token.text] : token.grams)
            this.post(term, doc, weight, token.kind === "word");
        }
      }
    }
    this.popularity = Float64Array.from(popularity);
    this.sortedWords = this.terms.filter((_, id) => this.isWord[id]).sort();
  }

  get size(): number {
    return this.ids.length;
  }

  private post(term: string, doc: number, weight: number, word: boolean): void {
    let id = this.termIds.get(term);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(term, id);
      this.terms.push(term);
      this.postingDocs.push([]);
      this.postingWeights.push([]);
      this.isWord.push(word);
      if (word) {
        for (const gram of new Set(paddedTrigrams(term))) {
          const list = this.trigramTerms.get(gram);
          if (list) list.push(id);
          else this.trigramTerms.set(gram, [id]);
        }
      }
    }
    const docs = this.postingDocs[id];
    const weights = this.postingWeights[id];
    if (docs[docs.length - 1] === doc) weights[weights.length - 1] = Math.max(weights[weights.length - 1], weight);
    else {
      docs.push(doc);
      weights.push(weight);
    }
  }

  /** Indexed words matching a query word exactly, as a prefix, or within the allowed typos. */
  private wordMatches(word: string): TermMatch[] {
    const matches = new Map<number, number>();
    const offer = (term: number, score: number) => {
      if ((matches.get(term) ?? 0) < score) matches.set(term, score);
    };
    const exact = this.termIds.get(word);
    if (exact !== undefined) offer(exact, SCORE.exact);
    if (word.length >= 2) {
      let lo = 0,
        hi = this.sortedWords.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (this.sortedWords[mid] < word) lo = mid + 1;
        else hi = mid;
      }
      for (
        let i = lo, n = 0;
        i < this.sortedWords.length && n < MAX_PREFIX_EXPANSION && this.sortedWords[i].startsWith(word);
        i++, n++
      ) {
        if (this.sortedWords[i] !== word) offer(this.termIds.get(this.sortedWords[i])!, SCORE.prefix);
      }
    }
    const edits = allowedEdits(word.length);
    if (edits > 0) {
      const grams = paddedTrigrams(word);
      const needed = Math.max(1, grams.length - 3 * edits);
      const shared = new Map<number, number>();
      for (const gram of new Set(grams))
        for (const term of this.trigramTerms.get(gram) ?? []) shared.set(term, (shared.get(term) ?? 0) + 1);
      for (const [term, count] of shared) {
        if (count < needed || matches.has(term)) continue;
        const distance = boundedEditDistance(word, this.terms[term], edits);
        if (distance <= edits) offer(term, SCORE.exact - SCORE.typoPerEdit * distance);
      }
    }
    return [...matches].map(([term, score]) => ({ term, score }));
  }

  /** Scores of one query token per document, written into `scores` (docs listed in `touched`). */
  private scoreToken(token: Token, scores: Float32Array, touched: number[]): void {
    if (token.kind === "word") {
      for (const { term, score } of this.wordMatches(token.text)) {
        const docs = this.postingDocs[term],
          weights = this.postingWeights[term];
        for (let i = 0; i < docs.length; i++) {
          const doc = docs[i],
            value = score * weights[i];
          if (scores[doc] === 0) touched.push(doc);
          if (value > scores[doc]) scores[doc] = value;
        }
      }
      return;
    }
    const grams = [...new Set(token.grams)];
    for (const gram of grams) {
      const term = this.termIds.get(gram);
      if (term === undefined) continue;
      const docs = this.postingDocs[term];
      for (const doc of docs) {
        if (scores[doc] === 0) touched.push(doc);
        scores[doc] += 1 / grams.length;
      }
    }
    for (const doc of touched) if (scores[doc] < MIN_NGRAM_COVERAGE) scores[doc] = 0;
  }

  search(query: SearchQuery): SearchResult {
    const keyword = query.keyword.trim();
    if (!keyword) throw new SearchKeywordError("Enter a keyword to search");
    if ([...keyword].length > MAX_KEYWORD_LENGTH)
      throw new SearchKeywordError(`Keyword must be at most ${MAX_KEYWORD_LENGTH} characters`);
    const page = query.page ?? 1;
    const size = query.size ?? 20;
    if (!Number.isInteger(page) || page < 1) throw new SearchKeywordError("page must be a whole number from 1");
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
      throw new SearchKeywordError(`size must be a whole number from 1 to ${MAX_PAGE_SIZE}`);

    const unique = new Map<string, Token>();
    for (const token of tokenize(foldText(keyword))) unique.set(`${token.kind}:${token.text}`, token);
    const tokens = [...unique.values()];
    if (tokens.length === 0) return { total: 0, page, size, hits: [] };

    const n = this.ids.length;
    const total = new Float32Array(n);
    const matched = new Uint8Array(n);
    const candidates: number[] = [];
    const scores = new Float32Array(n);
    for (const token of tokens) {
      const touched: number[] = [];
      this.scoreToken(token, scores, touched);
      for (const doc of touched) {
        const score = scores[doc];
        scores[doc] = 0;
        if (score <= 0) continue;
        if (matched[doc] === 0) candidates.push(doc);
        matched[doc]++;
        total[doc] += score;
      }
    }

    // Every word must match when there are one or two; longer queries (a pasted title) need
    // two thirds of their words, and the rest only raises the score.
    const required = tokens.length <= 2 ? tokens.length : Math.ceil((tokens.length * 2) / 3);
    const market = query.market ?? null;
    const results: Array<{ doc: number; score: number }> = [];
    for (const doc of candidates) {
      if (matched[doc] < required || (market !== null && this.markets[doc] !== market)) continue;
      results.push({ doc, score: Math.round((total[doc] / tokens.length) * 1e4) / 1e4 });
    }
    results.sort(
      (a, b) =>
        b.score - a.score ||
        this.popularity[b.doc] - this.popularity[a.doc] ||
        (this.ids[a.doc] < this.ids[b.doc] ? -1 : 1),
    );
    const start = (page - 1) * size;
    return {
      total: results.length,
      page,
      size,
      hits: results.slice(start, start + size).map(({ doc, score }) => ({ id: this.ids[doc], score })),
    };
  }
}
