// Bounded Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
// substitutions and swaps of neighbours), the check behind typo tolerance. Gives up as soon as
// the distance must exceed `max`, so checking a candidate costs a few dozen steps.

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
