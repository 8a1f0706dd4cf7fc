// How many of each entity a demo dataset has, how they split across markets, and into which
// shards the generator cuts a large dataset. Scale 1 is the size the issue asks for; scale N
// multiplies every count (categories and markets stay), from MIN_SCALE to MAX_SCALE.
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

export const MIN_SCALE = 0.01;
export const MAX_SCALE = 1000;
/**
 * The largest part of a dataset generated at once (generate-dataset.ts): a scale above it is cut
 * into shards of at most this scale, each a world of its own (its videos link its own goods,
 * influencers, music and hashtags), so the generator's memory is that of one shard at any scale.
 */
export const SHARD_SCALE = 1;
/** The smallest shard scale a test may ask for: every shard keeps at least 10 music (1 per market). */
export const MIN_SHARD_SCALE = 0.04;

export type Counts = Record<CountedKind, number>;

export function scaledCounts(scale: number): Counts {
  if (!(scale >= MIN_SCALE && scale <= MAX_SCALE))
    throw new RangeError(`scale must be a number from ${MIN_SCALE} to ${MAX_SCALE}, got ${scale}`);
  const entries = Object.entries(SCALE_1_COUNTS).map(([kind, count]) => [
    kind,
    Math.max(MARKET_CODES.length, Math.round(count * scale)),
  ]);
  return Object.fromEntries(entries) as Counts;
}

/** One shard of a dataset: how many entities of each kind it has and the index of its first. */
export interface Shard {
  index: number;
  counts: Counts;
  /** Index of its first entity of each kind in the whole dataset (ids count on from it). */
  firstIds: Counts;
}

/** How many shards a dataset of `scale` is cut into. */
export function shardCount(scale: number, shardScale = SHARD_SCALE): number {
  if (!(shardScale >= MIN_SHARD_SCALE)) throw new RangeError(`shard scale must be at least ${MIN_SHARD_SCALE}`);
  return Math.max(1, Math.ceil(scale / shardScale - 1e-9));
}

/** The shards of a dataset of `counts` cut into `shards` nearly equal parts (they add up). */
export function* shardsOf(counts: Counts, shards: number): Generator<Shard> {
  const kinds = Object.keys(counts) as CountedKind[];
  const cut = (kind: CountedKind, k: number) => Math.floor((counts[kind] * k) / shards);
  const entries = (f: (kind: CountedKind) => number) =>
    Object.fromEntries(kinds.map((kind) => [kind, f(kind)])) as Counts;
  for (let index = 0; index < shards; index++) {
    const shard = {
      index,
      counts: entries((kind) => cut(kind, index + 1) - cut(kind, index)),
      firstIds: entries((kind) => cut(kind, index)),
    };
    if (kinds.some((kind) => shard.counts[kind] < MARKET_CODES.length))
      throw new RangeError(`shard ${index} of ${shards} is too small for every market`);
    yield shard;
  }
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
