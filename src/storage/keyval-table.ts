// One small IndexedDB table (idb-keyval) for the offline queues and questionnaire drafts: the store is created on first
// use (tests install fake-indexeddb first; resetting forgets it), values are stored as plain
// copies, and a browser without IndexedDB (some private modes) falls back to a Map for the
// page's life, so a queue still works for the visit.
import { createStore, del, delMany, entries, get, set, type UseStore } from "idb-keyval";

export interface KeyvalTable<V> {
  put: (key: string, value: V) => Promise<void>;
  get: (key: string) => Promise<V | undefined>;
  /** Every entry whose value passes the table's check. */
  values: () => Promise<V[]>;
  remove: (keys: readonly string[]) => Promise<void>;
  /** Forgets the store (and the fallback), so the next call opens it again. */
  reset: () => void;
}

export function keyvalTable<V>(
  dbName: string,
  storeName: string,
  isValue: (value: unknown) => value is V,
): KeyvalTable<V> {
  let store: UseStore | undefined;
  let memory: Map<string, V> | undefined;
  const idb = () => (store ??= createStore(dbName, storeName));

  return {
    async put(key, value) {
      if (!memory) {
        try {
          await set(key, value, idb());
          return;
        } catch {
          memory = new Map();
        }
      }
      memory.set(key, value);
    },
    async get(key) {
      if (memory) return memory.get(key);
      try {
        const value = await get<unknown>(key, idb());
        return isValue(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    async values() {
      if (memory) return [...memory.values()];
      try {
        return (await entries<IDBValidKey, unknown>(idb())).map(([, value]) => value).filter(isValue);
      } catch {
        return [];
      }
    },
    async remove(keys) {
      if (keys.length === 0) return;
      if (memory) {
        for (const key of keys) memory.delete(key);
        return;
      }
      try {
        await (keys.length === 1 ? del(keys[0], idb()) : delMany([...keys], idb()));
      } catch {
        // Kept: the queues' sends are idempotent, so a leftover is only sent again.
      }
    },
    reset() {
      store = undefined;
      memory = undefined;
    },
  };
}
