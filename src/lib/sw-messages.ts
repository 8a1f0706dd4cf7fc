// The app's side of the messages it sends its service worker beyond the update prompt's
// SKIP_WAITING (sent by features/pwa/register-worker.ts); the messages themselves are defined in
// contract/sw-messages.ts, which the worker imports too.
import {
  CLEAR_USER_DATA_CACHES,
  type ClearUserDataCachesMessage,
  type ClearUserDataCachesReply,
  type PageToWorkerMessage,
  type WorkerToPageReply,
} from "../../contract/sw-messages";

/** How long a question waits for the worker's answer before going on without it. */
const REPLY_TIMEOUT_MS = 3000;

/**
 * Sends `message` to the worker controlling this page with a reply port and resolves to its
 * answer, or null without a worker or an answer within the time-out.
 */
export async function askWorker<R extends WorkerToPageReply>(message: PageToWorkerMessage): Promise<Partial<R> | null> {
  const worker = typeof navigator !== "undefined" ? navigator.serviceWorker?.controller : null;
  if (!worker) return null;
  const channel = new MessageChannel();
  const answer = new Promise<Partial<R> | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), REPLY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<Partial<R> | null>) => {
      clearTimeout(timer);
      resolve(event.data ?? null);
    };
  });
  worker.postMessage(message, [channel.port2]);
  return answer;
}

/**
 * Asks the worker controlling this page to drop the signed-in viewers' data caches and waits
 * for its answer (or the time-out), so nothing of the signed-out account is read afterwards.
 * Resolves to the number of caches dropped, or null without a worker.
 */
export async function clearUserDataCaches(): Promise<number | null> {
  const message: ClearUserDataCachesMessage = { type: CLEAR_USER_DATA_CACHES };
  const reply = await askWorker<ClearUserDataCachesReply>(message);
  return typeof reply?.dropped === "number" ? reply.dropped : null;
}
