// The bound on every in-memory cache of the server (serialized bodies, rank lists, images,
// sessions, plan tiers): least recently used entries go once the entries' estimated sizes add up
// to more than the cache's byte budget, so memory stays flat however many distinct queries
// arrive and however big their answers are. lru-cache (maxSize + sizeCalculation) does the
// bookkeeping; an entry bigger than the whole budget is not kept.
import { LRUCache } from "lru-cache";

export const MB = 1024 * 1024;

/** An entry's estimated size in bytes (at least 1). */
export type SizeOf<K, V> = (value: V, key: K) => number;

export interface LruOptions<K, V> {
  maxBytes: number;
  sizeOf: SizeOf<K, V>;
  /** Entries older than this (ms) are not answered. */
  ttlMs?: number;
}

export class Lru<K extends NonNullable<unknown>, V extends NonNullable<unknown>> extends LRUCache<K, V> {
  constructor({ maxBytes, sizeOf, ttlMs }: LruOptions<K, V>) {
    super({
      maxSize: maxBytes,
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
      ...(ttlMs === undefined ? {} : { ttl: ttlMs }),
    });
  }
}

/** Bytes of a string as V8 may hold it (two per character when any is outside Latin-1). */
export const stringBytes = (text: string): number => text.length * 2;

/** A rough size of a small JSON-like value (a user row, a tier): its JSON text as a string. */
export function jsonBytes(value: unknown): number {
  return stringBytes(JSON.stringify(value) ?? "") + 64;
}
