// The test oracle of search: the in-memory, typo-tolerant index that served search before it
// moved to the database (server/modules/catalog/store/search-sql.ts). Documents are folded and
// tokenized by the engine's own functions; each query word is matched exactly, as a prefix, or
// within a bounded edit distance of an indexed word found through shared letter trigrams; Thai
// and CJK runs match by n-gram overlap (Thai trigrams, CJK bigrams: tokenize.ts). Results are
// ordered by relevance, then popularity, then id, counted and paged up to the database search's
// SEARCH_MAX_RESULTS. Tests compare the SQL
// search with it on the demo dataset and on a set of documents with more hits than that.
import type { Dataset, Id } from "../../../server/modules/catalog/engine";
import { influencerTexts, SHOP_NAME_WEIGHT } from "../../../server/modules/catalog/engine/search/documents";
import {
  allowedEdits,
  boundedEditDistance,
  paddedTrigrams,
  trigramsNeeded,
} from "../../../server/modules/catalog/engine/search/edit-distance";
import { foldText } from "../../../server/modules/catalog/engine/search/normalize";
import {
  MIN_NGRAM_COVERAGE,
  parseSearchQuery,
  SEARCH_SCORE as SCORE,
  type SearchQuery,
  type SearchResult,
} from "../../../server/modules/catalog/engine/search/query";
import { indexedGrams, tokenize, type Token } from "../../../server/modules/catalog/engine/search/tokenize";
import { SEARCH_MAX_RESULTS } from "../../../server/modules/catalog/store/search-sql";

const MAX_PREFIX_EXPANSION = 64;

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

interface TermMatch {
  term: number;
  score: number;
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
          for (const term of indexedGrams(token)) this.post(term, doc, weight, token.kind === "word");
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
      const needed = trigramsNeeded(word);
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
    const { tokens, market, page, size, required } = parseSearchQuery(query);
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
    // As the database search answers: hits counted and paged up to SEARCH_MAX_RESULTS.
    const counted = Math.min(results.length, SEARCH_MAX_RESULTS);
    const start = (page - 1) * size;
    return {
      total: counted,
      page,
      size,
      hits: results
        .slice(start, Math.min(start + size, counted))
        .map(({ doc, score }) => ({ id: this.ids[doc], score })),
    };
  }
}

export function* videoDocuments(dataset: Dataset): Generator<SearchDocument> {
  for (const video of dataset.videos) {
    yield { id: video.id, market: video.market, fields: [{ text: video.title }], popularity: video.stats.views };
  }
}

export function* influencerDocuments(dataset: Dataset): Generator<SearchDocument> {
  for (const influencer of dataset.influencers) {
    yield {
      id: influencer.id,
      market: influencer.market,
      fields: influencerTexts(influencer.nickname, influencer.handle).map((text) => ({ text })),
      popularity: influencer.stats.followers,
    };
  }
}

export function* goodsDocuments(dataset: Dataset): Generator<SearchDocument> {
  const shopNames = new Map(dataset.shops.map((shop) => [shop.id, shop.name]));
  for (const goods of dataset.goods) {
    const shopName = shopNames.get(goods.shopId);
    yield {
      id: goods.id,
      market: goods.market,
      fields: shopName
        ? [{ text: goods.title }, { text: shopName, weight: SHOP_NAME_WEIGHT }]
        : [{ text: goods.title }],
      popularity: goods.stats.totalSales,
    };
  }
}

export interface SearchIndexes {
  videos: SearchIndex;
  influencers: SearchIndex;
  goods: SearchIndex;
}

export function buildSearchIndexes(dataset: Dataset): SearchIndexes {
  return {
    videos: new SearchIndex(videoDocuments(dataset)),
    influencers: new SearchIndex(influencerDocuments(dataset)),
    goods: new SearchIndex(goodsDocuments(dataset)),
  };
}
