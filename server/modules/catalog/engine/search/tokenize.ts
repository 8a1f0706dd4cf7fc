// Splits folded text (normalize.ts) into search tokens. Latin-script and digit runs become
// words; Thai and CJK have no spaces between words, so their runs become overlapping character
// n-grams, which match inside longer runs and survive a typo with partial overlap: trigrams for
// Thai (its vowels and tone marks are code points of their own, so its bigrams are few and each
// is in most Thai titles), bigrams for CJK (most Chinese words have two characters). A document
// indexes a Thai run's bigrams too (indexedGrams), so that a two-letter query matches inside it.

export type TokenKind = "word" | "ngram";

export interface Token {
  kind: TokenKind;
  /** For a word: the word. For an n-gram run: the run, whose grams are in `grams`. */
  text: string;
  grams: string[];
}

const WORD_PATTERN = /[\p{L}\p{N}\p{M}]+/gu;
export const SEGMENTED_SCRIPT = /[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]/u;
const SCRIPT_RUNS =
  /[\u0e00-\u0e7f]+|[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+|[^\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]+/gu;

const THAI_RUN = /^[\u0e00-\u0e7f]/u;
export const NGRAM_SIZE = 2;
export const THAI_NGRAM_SIZE = 3;

/** The code points per gram of a segmented-script run: trigrams for Thai, bigrams otherwise. */
export function gramSize(run: string): number {
  return THAI_RUN.test(run) ? THAI_NGRAM_SIZE : NGRAM_SIZE;
}

/** Overlapping n-grams of a run, by code point; a run shorter than n is one gram. */
export function ngrams(run: string, n = NGRAM_SIZE): string[] {
  const chars = [...run];
  if (chars.length <= n) return [run];
  const grams: string[] = [];
  for (let i = 0; i + n <= chars.length; i++) grams.push(chars.slice(i, i + n).join(""));
  return grams;
}

export function tokenize(folded: string): Token[] {
  const tokens: Token[] = [];
  for (const word of folded.match(WORD_PATTERN) ?? []) {
    for (const run of word.match(SCRIPT_RUNS) ?? []) {
      if (SEGMENTED_SCRIPT.test(run)) tokens.push({ kind: "ngram", text: run, grams: ngrams(run, gramSize(run)) });
      else tokens.push({ kind: "word", text: run, grams: [] });
    }
  }
  return tokens;
}

/**
 * The terms a document indexes for a token: a word itself; a run's grams, and for a Thai run its
 * bigrams as well (a query of two letters is one bigram).
 */
export function indexedGrams(token: Token): string[] {
  if (token.kind === "word") return [token.text];
  if (gramSize(token.text) === NGRAM_SIZE) return token.grams;
  return [...new Set([...token.grams, ...ngrams(token.text, NGRAM_SIZE)])];
}
