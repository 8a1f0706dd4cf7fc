// Text folding for search and for latin handles: Unicode compatibility decomposition (NFKD),
// Latin diacritics removed (Vietnamese "Áo" -> "ao", "Đầm" -> "dam"), lower case. Marks of
// other scripts are kept: Thai vowels and tone marks are part of the spelling, not accents.

// Combining marks used by Latin-script languages (Vietnamese stacks two of them on a letter).
// eslint-disable-next-line no-misleading-character-class -- ranges of lone combining marks on purpose: the text is NFD-decomposed first and each mark is stripped on its own
const LATIN_COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

// Latin letters that carry their stroke in the base letter and so do not decompose.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  đ: "d",
  Đ: "d",
  ø: "o",
  Ø: "o",
  ł: "l",
  Ł: "l",
  ß: "ss",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
};
const SPECIAL_PATTERN = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join("")}]`, "g");

export function foldText(text: string): string {
  return text
    .normalize("NFKD")
    .replace(LATIN_COMBINING_MARKS, "")
    .replace(SPECIAL_PATTERN, (letter) => SPECIAL_LETTERS[letter])
    .toLowerCase();
}

/** Folded and reduced to a-z and 0-9: for @handles built from names. */
export function foldToAscii(text: string): string {
  return foldText(text).replace(/[^a-z0-9]+/g, "");
}
