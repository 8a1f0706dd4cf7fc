// The shape of one content language's word lists. Each list is small and hand-written; the
// generator combines them (text.ts), so variety comes from combination, not volume.

/** A word as written, or [as written, latin transliteration] where the script is not latin. */
export type Word = string | readonly [local: string, latin: string];

export interface LanguageWords {
  /** Quality words inserted in titles ("chính hãng", "Original"). */
  qualifiers: readonly string[];
  /** Bracketed shop tags ("[FREESHIP]", "[COD]"). */
  titleTags: readonly string[];
  /** Title layouts over {brand} {product} {qualifier} {tag} {spec}. */
  titlePatterns: readonly string[];
  /** Words after a brand in a shop name ("Official Store"). */
  shopSuffixes: readonly string[];
  givenNames: readonly Word[];
  familyNames: readonly Word[];
  /** Words creators put after their name ("Review", "ป้ายยา"). */
  nicknameSuffixes: readonly Word[];
  /** Bio layouts over {topic} and {email}. */
  bios: readonly string[];
  /** Captions for product videos over {product} and {qualifier}. */
  productCaptions: readonly string[];
  /** Captions for videos without a product. */
  lifestyleCaptions: readonly string[];
  /** Hashtags popular in this market, latin or local script. */
  hashtagWords: readonly string[];
  /** Suffixes that localise a hashtag (#skincare + vietnam). */
  hashtagSuffixes: readonly string[];
  /** Words for invented song titles. */
  songWords: readonly string[];
  /** "original sound" in this language. */
  originalSound: string;
}
