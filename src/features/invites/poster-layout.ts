// Line breaking for the invite poster's canvas text: a canvas draws one line at a time, so the
// poster splits each text into lines that fit a width. Breaks fall between words as the
// language has them (Intl.Segmenter: Thai and Chinese have no spaces between words), and a
// word wider than the line is broken between characters. Pure: widths come from `measure`.

export type Measure = (text: string) => number;

/** The text's pieces that a line may end after: words with their trailing spaces. */
export function breakPieces(text: string, locale: string): string[] {
  if (typeof Intl.Segmenter === "function") {
    const pieces: string[] = [];
    for (const { segment, isWordLike } of new Intl.Segmenter(locale, { granularity: "word" }).segment(text)) {
      // Spaces and punctuation stay with the word before them, so no line starts with them.
      if (!isWordLike && pieces.length > 0) pieces[pieces.length - 1] += segment;
      else pieces.push(segment);
    }
    return pieces;
  }
  // Without a segmenter: words between spaces; characters for scripts written without spaces.
  return text.split(/(?<=\s)/).flatMap((word) => (/[\u0E00-\u0E7F\u3000-\u9FFF]/.test(word) ? [...word] : [word]));
}

/** Breaks a piece wider than the line between characters. */
function splitWide(piece: string, maxWidth: number, measure: Measure): string[] {
  const parts: string[] = [];
  let part = "";
  for (const char of piece) {
    if (part && measure(part + char) > maxWidth) {
      parts.push(part);
      part = char;
    } else part += char;
  }
  if (part) parts.push(part);
  return parts;
}

/**
 * The lines of `text` no wider than `maxWidth` (trailing spaces not counted). With `maxLines`,
 * the last line allowed ends in "…" when text is left over.
 */
export function wrapLines(
  text: string,
  maxWidth: number,
  measure: Measure,
  locale: string,
  maxLines = Number.POSITIVE_INFINITY,
): string[] {
  const lines: string[] = [];
  let line = "";
  const fits = (candidate: string) => measure(candidate.trimEnd()) <= maxWidth;
  for (const piece of breakPieces(text.trim(), locale)) {
    if (fits(line + piece)) {
      line += piece;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    const word = piece.trimEnd();
    const parts = fits(piece) ? [piece] : splitWide(word, maxWidth, measure);
    // The spaces after a broken word stay with its last part.
    if (parts.length > 1) parts[parts.length - 1] += piece.slice(word.length);
    lines.push(...parts.slice(0, -1));
    line = parts.at(-1) ?? "";
  }
  if (line.trim()) lines.push(line.trimEnd());
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  let last = kept[maxLines - 1];
  while (last && !fits(`${last}…`)) last = [...last].slice(0, -1).join("");
  kept[maxLines - 1] = `${last.trimEnd()}…`;
  return kept;
}
