// Bounded Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
// substitutions and swaps of neighbours), the check behind typo tolerance. Gives up as soon as
// the distance must exceed `max`, so checking a candidate costs a few dozen steps. Also which
// indexed words are checked at all: those sharing enough letter trigrams with the query word.

/** The distance, or max + 1 when it is larger than max. */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length], max + 1);
}

/** Typos allowed for a query word of this length: none up to 2 letters, 1 up to 5, then 2. */
export function allowedEdits(length: number): number {
  return length <= 2 ? 0 : length <= 5 ? 1 : 2;
}

/** A word's letter trigrams, padded with two marks at each end. */
export function paddedTrigrams(word: string): string[] {
  const padded = `\u0001\u0001${word}\u0002\u0002`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/** Trigrams an indexed word must share with a query word to be checked as its typo. */
export function trigramsNeeded(word: string): number {
  return Math.max(1, paddedTrigrams(word).length - 3 * allowedEdits(word.length));
}

/**
 * The lowest pg_trgm similarity (2 blanks before a word, 1 after) of an indexed word that shares
 * trigramsNeeded(word) padded trigrams with `word` and differs by at most allowedEdits in
 * length: searching the trigram index from it finds every candidate.
 */
export function minimumTrigramSimilarity(word: string): number {
  const length = word.length;
  const edits = allowedEdits(length);
  const shared = Math.max(1, trigramsNeeded(word) - 1);
  return shared / (2 * (length + 1) + edits - shared);
}

/** The typo edits between a query word and an indexed word, or null when it is not one. */
export function typoEdits(word: string, term: string): number | null {
  const edits = allowedEdits(word.length);
  if (edits === 0) return null;
  const grams = new Set(paddedTrigrams(term));
  let shared = 0;
  for (const gram of new Set(paddedTrigrams(word))) if (grams.has(gram)) shared++;
  if (shared < trigramsNeeded(word)) return null;
  const distance = boundedEditDistance(word, term, edits);
  return distance <= edits ? distance : null;
}
