// The rate limiter's in-process store (no REDIS_URL): a fixed window per key, in an LRU bounded
// by entries, so a flood of distinct addresses cannot grow it without end. Replaces the plugin's
// LocalStore, which hands every caller the same mutable counter object: requests arriving in
// one tick all read the last count, so a burst was refused entirely, even the first requests.
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { LRUCache } from "lru-cache";

/** Keys kept per route; the least recently seen go first (their windows restart). */
const MAX_KEYS = 100_000;

interface Window {
  count: number;
  resetAt: number;
}

export class MemoryRateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new LRUCache<string, Window>({ max: MAX_KEYS });

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + timeWindow };
      this.windows.set(key, window);
    }
    window.count += 1;
    // A fresh object: the caller reads it after other requests have counted.
    callback(null, { current: window.count, ttl: window.resetAt - now });
  }

  /** One store per route, as the plugin's own stores do. */
  child(): FastifyRateLimitStore {
    return new MemoryRateLimitStore();
  }
}
