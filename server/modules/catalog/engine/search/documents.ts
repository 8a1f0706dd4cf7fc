// What is searchable, as the terms stored per document: videos by caption (hashtags included),
// ranked by views; influencers by nickname and @handle (also as one word, so "linhreview" finds
// @linh.review), ranked by followers; goods by title and, weighing less, their shop's name,
// ranked by units sold. Terms are folded words and the n-grams of Thai/CJK runs (indexedGrams).
import { foldText } from "./normalize";
import { indexedGrams, tokenize } from "./tokenize";

/** A shop-name match counts less than a title match, so a product named for the word comes first. */
export const SHOP_NAME_WEIGHT = 0.6;
/** Longer "words" (a pasted URL, a run without spaces) are not searchable terms. */
const MAX_TERM_LENGTH = 100;

export interface DocumentTerms {
  /** Terms of the main texts (weight 1). */
  main: string[];
  /** Terms of the secondary text (a product's shop name: SHOP_NAME_WEIGHT). */
  extra: string[];
}

function addTerms(text: string, terms: Set<string>): void {
  for (const token of tokenize(foldText(text))) {
    if (token.kind === "word") {
      if (token.text.length > MAX_TERM_LENGTH) continue;
      terms.add(token.text);
    } else for (const gram of indexedGrams(token)) terms.add(gram);
  }
}

export function documentTerms(mainTexts: readonly string[], extraText: string | null = null): DocumentTerms {
  const main = new Set<string>();
  const extra = new Set<string>();
  for (const text of mainTexts) addTerms(text, main);
  if (extraText) addTerms(extraText, extra);
  return { main: [...main], extra: [...extra] };
}

/** An influencer's searchable texts: nickname, handle, and the handle as one word. */
export function influencerTexts(nickname: string, handle: string): string[] {
  return [nickname, handle, handle.replace(/[^a-z0-9]+/gi, "")];
}
