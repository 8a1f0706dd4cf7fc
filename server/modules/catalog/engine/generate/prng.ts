// Seeded randomness for the demo dataset: sfc32 (small, fast, passes PractRand) seeded by a
// cyrb128 hash of a string, plus the distributions the generator needs. `fork(label)` gives
// an independent stream per concern, so adding a field to videos does not reshuffle goods.
// Nothing here may call Math.random: same seed, same dataset, on every machine.

function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: a small, fast PRNG of four 32-bit words (also the fuzzer's, bench/fuzz/random.ts). */
export function sfc32(a: number, b: number, c: number, d: number): () => number {
  return () => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

export class Rng {
  private readonly source: () => number;

  constructor(readonly seed: string) {
    this.source = sfc32(...cyrb128(seed));
    for (let i = 0; i < 12; i++) this.source(); // warm up away from the seed's structure
  }

  /** An independent stream for one concern. */
  fork(label: string): Rng {
    return new Rng(`${this.seed}/${label}`);
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.source();
  }

  /** Uniform integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.source() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.source() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.source() * items.length)];
  }

  /** `count` distinct items (fewer if the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const result: T[] = [];
    while (result.length < count && pool.length)
      result.push(pool.splice(Math.floor(this.source() * pool.length), 1)[0]);
    return result;
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.source();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.source());
  }

  /** Log-normal with the given median; sigma is the spread of the log. */
  logNormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /** Pareto with minimum xm and tail index alpha (smaller alpha, longer tail). */
  pareto(xm: number, alpha: number): number {
    return xm / Math.pow(1 - this.source(), 1 / alpha);
  }

  /** Rounds up with probability equal to the fraction, so small rates still add up right. */
  round(value: number): number {
    const floor = Math.floor(value);
    return floor + (this.source() < value - floor ? 1 : 0);
  }
}

/** Picks indices in proportion to fixed weights: O(log n) per pick. */
export class WeightedPicker {
  private readonly cumulative: Float64Array;

  constructor(weights: ArrayLike<number>) {
    this.cumulative = new Float64Array(weights.length);
    let running = 0;
    for (let i = 0; i < weights.length; i++) this.cumulative[i] = running += weights[i];
  }

  get size(): number {
    return this.cumulative.length;
  }

  pick(rng: Rng): number {
    const total = this.cumulative[this.cumulative.length - 1];
    const target = rng.next() * total;
    let lo = 0,
      hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}
