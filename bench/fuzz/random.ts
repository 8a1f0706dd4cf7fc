// The fuzzer's seeded randomness: a small PRNG (sfc32) so a run reproduces exactly from its
// seed, and each request draws from its own stream (seed, request index), so a request's content
// does not depend on how the concurrent answers before it arrived.
import { sfc32 } from "../../server/modules/catalog/engine/generate/prng";

export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
}

/** The stream of `seed` for request number `index` (index 0 for set-up choices). */
export function randomFor(seed: number, index = 0): Random {
  const next = sfc32(0x9e3779b9, seed | 0, index | 0, 0x5f356495);
  for (let i = 0; i < 12; i++) next(); // mixes the seed into the state
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)],
  };
  return random;
}

/** A seeded Fisher-Yates shuffle (a copy). */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
