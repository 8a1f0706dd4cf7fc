// Messages from the app to its service worker beyond the update prompt's SKIP_WAITING. The
// message types are repeated in sw/ (the two builds share no code).

/** sw/data-cache.ts: drop the signed-in viewers' data caches (sign-out). */
export const CLEAR_USER_DATA_CACHES = "CLEAR_USER_DATA_CACHES";

/** How long sign-out waits for the worker's answer before going on without it. */
const REPLY_TIMEOUT_MS = 3000;

/**
 * Asks the worker controlling this page to drop the signed-in viewers' data caches and waits
 * for its answer (or the time-out), so nothing of the signed-out account is read afterwards.
 * Resolves to the number of caches dropped, or null without a worker.
 */
export async function clearUserDataCaches(): Promise<number | null> {
  const worker = typeof navigator !== "undefined" ? navigator.serviceWorker?.controller : null;
  if (!worker) return null;
  const channel = new MessageChannel();
  const answer = new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<{ dropped?: number }>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.dropped === "number" ? event.data.dropped : null);
    };
  });
  worker.postMessage({ type: CLEAR_USER_DATA_CACHES }, [channel.port2]);
  return answer;
}
