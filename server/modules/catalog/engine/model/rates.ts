// The two ratios every list and detail uses, defined once so growth means the same thing on
// a goods card, a rank row and a trend chart.

/** (current - previous) / previous; null when there is no previous base to compare with. */
export function growthRate(current: number, previous: number): number | null {
  return previous > 0 ? (current - previous) / previous : null;
}

/** part / whole; null when whole is zero. */
export function ratio(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
