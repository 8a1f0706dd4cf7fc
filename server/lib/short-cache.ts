// A bounded map whose entries live a few seconds of real time: the data routes' copy of
// "who is this token" and "which plan does this user have", so a hot list or detail does not
// query the database twice per request. Staleness is bounded by the TTL (documented in
// docs/api.md); the account routes never read through it. Bounded in bytes (lib/lru.ts), each
// entry estimated from its key and JSON text.
import { jsonBytes, Lru } from "./lru";

export class ShortCache<K extends string | number, V> {
  // lru-cache keeps no undefined/null values: each value is boxed.
  private readonly entries: Lru<K, { value: V }>;

  constructor(ttlMs: number, maxBytes: number) {
    this.entries = new Lru({ maxBytes, ttlMs, sizeOf: (entry, key) => jsonBytes(key) + jsonBytes(entry.value) });
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit) return hit.value;
    const value = await load();
    this.entries.set(key, { value });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
