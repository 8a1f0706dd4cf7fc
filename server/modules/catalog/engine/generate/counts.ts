// How many of each entity a demo dataset has, and how they split across markets. Scale 1 is
// the size the issue asks for; scale N multiplies every count (categories and markets stay).
import { MARKET_CODES, type MarketCode } from "../model/markets";

export const SCALE_1_COUNTS = {
  shops: 1_200,
  goods: 10_000,
  influencers: 3_000,
  videos: 20_000,
  music: 500,
  hashtags: 1_000,
} as const;
export type CountedKind = keyof typeof SCALE_1_COUNTS;

/** Share of each market in every entity kind (bigger markets, more of everything). */
export const MARKET_WEIGHTS: Readonly<Record<MarketCode, number>> = {
  VN: 0.24,
  ID: 0.26,
  TH: 0.18,
  MY: 0.12,
  PH: 0.12,
  SG: 0.08,
};

export function scaledCounts(scale: number): Record<CountedKind, number> {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`scale must be a positive number, got ${scale}`);
  const entries = Object.entries(SCALE_1_COUNTS).map(([kind, count]) => [
    kind,
    Math.max(MARKET_CODES.length, Math.round(count * scale)),
  ]);
  return Object.fromEntries(entries) as Record<CountedKind, number>;
}

/** Splits a total across markets by weight (largest remainder, so the parts add up). */
export function splitByMarket(total: number): Array<[MarketCode, number]> {
  const raw = MARKET_CODES.map((code) => total * MARKET_WEIGHTS[code]);
  const parts = raw.map((value) => Math.max(1, Math.floor(value)));
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = raw
    .map((value, i) => [value - Math.floor(value), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k][1]]++;
  for (let k = parts.length - 1; left < 0; k = (k - 1 + parts.length) % parts.length)
    if (parts[k] > 1) {
      parts[k]--;
      left++;
    }
  return MARKET_CODES.map((code, i) => [code, parts[i]]);
}

export function entityId(prefix: string, index: number): string {
  return `${prefix}${String(index + 1).padStart(6, "0")}`;
}
