// A bounded map whose entries live a few seconds of real time: the data routes' copy of
// "who is this token" and "which plan does this user have", so a hot list or detail does not
// query the database twice per request. Staleness is bounded by the TTL (documented in
// docs/api.md); the account routes never read through it.
import { Lru } from "./lru";

export class ShortCache<K, V> {
  private readonly entries: Lru<K, { value: V; until: number }>;

  constructor(
    private readonly ttlMs: number,
    capacity: number,
  ) {
    this.entries = new Lru(capacity);
  }

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    return value;
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
