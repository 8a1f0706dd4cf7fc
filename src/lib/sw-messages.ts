// The app's side of the messages it sends its service worker beyond the update prompt's
// SKIP_WAITING (sent by workbox-window); the messages themselves are defined in
// contract/sw-messages.ts, which the worker imports too.
import {
  CLEAR_USER_DATA_CACHES,
  type ClearUserDataCachesMessage,
  type ClearUserDataCachesReply,
} from "../../contract/sw-messages";

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
    channel.port1.onmessage = (event: MessageEvent<Partial<ClearUserDataCachesReply> | null>) => {
      clearTimeout(timer);
      resolve(typeof event.data?.dropped === "number" ? event.data.dropped : null);
    };
  });
  const message: ClearUserDataCachesMessage = { type: CLEAR_USER_DATA_CACHES };
  worker.postMessage(message, [channel.port2]);
  return answer;
}
