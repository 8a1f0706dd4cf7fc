// One value of a valtio store for a component, without a snapshot: useSnapshot builds a
// tracking proxy and WeakMaps on every render, and list rows (a heart, a locale) mount by the
// dozen per second while a long list is flung, which on a slow phone turned into garbage
// collections long enough to drop frames. `read` returns a primitive (or an object that is
// replaced, never mutated); the component re-renders when what it returns changes.
import { useSyncExternalStore } from "react";
import { subscribe } from "valtio";

export type StoreSubscription = (onChange: () => void) => () => void;

/** Change notifications of the given stores (created once per store, at module level). */
export function storeSubscription(...stores: object[]): StoreSubscription {
  return (onChange) => {
    const stops = stores.map((store) => subscribe(store, onChange));
    return () => {
      for (const stop of stops) stop();
    };
  };
}

export function useStoreValue<T>(subscription: StoreSubscription, read: () => T): T {
  return useSyncExternalStore(subscription, read, read);
}
