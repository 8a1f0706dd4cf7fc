// Browser helpers shared by the tracking and favourites queues: ask the service worker for a
// Background Sync (Chromium only; elsewhere the app's own `online` and start-up flushes do the
// work), and run a flush under a Web Lock the worker also takes, so page and worker never send
// the same queue at the same time.

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

export async function requestBackgroundSync(tag: string): Promise<boolean> {
  try {
    if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return false;
    const registration: SyncRegistration | undefined = await navigator.serviceWorker.getRegistration();
    if (!registration?.sync) return false;
    await registration.sync.register(tag);
    return true;
  } catch {
    return false;
  }
}

export function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
}

/**
 * Runs `task` one at a time: callers during a run get the running promise, and the run repeats
 * once more afterwards (what they added is sent too) unless `repeat(result)` says there is no
 * point (e.g. the network is gone).
 */
export function singleFlight<T>(task: () => Promise<T>, repeat: (result: T) => boolean = () => true): () => Promise<T> {
  let running: Promise<T> | undefined;
  let again = false;
  return () => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: T;
      do {
        again = false;
        result = await task();
      } while (again && repeat(result));
      return result;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
}
