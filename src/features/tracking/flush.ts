// Sends the tracking outbox: batches to POST
// /api/v1/portal/statistics/common-user/action through the API client (silent: a failure shows
// nothing), and deletes a batch's events only when the server answered 200 with code 0. Any
// other answer rejects silently and the events wait for the next try — except 400/413, where the
// server says the batch itself is malformed and a retry would fail the same way, so it is
// dropped. After a failed send the service worker is asked for a Background Sync (it replays
// the same store when the network is back, even with the app closed). One flush at a time, and
// never alongside the worker's (a Web Lock shared with it).
import { api, apiConfig, ApiError } from "../../api/client";
import { APP_VERSION } from "../../lib/version";
import { apiLanguage } from "../../i18n/locales";
import { readOutbox, removeFromOutbox, saveSenderHeaders } from "./outbox";
import { systemState } from "../../state/system";
import { userState } from "../../state/user";
import { toBatches } from "./batches";
import { requestBackgroundSync, singleFlight, withLock } from "../../platform/background-sync";

export { STATISTICS_PATH } from "../../../contract/tracking-outbox";
import { STATISTICS_PATH } from "../../../contract/tracking-outbox";
/** Background Sync tag and Web Lock name; sw/tracking-sync.ts uses the same ones. */
export { TRACKING_SYNC_TAG } from "../../../contract/tracking-outbox";
import { TRACKING_SYNC_TAG } from "../../../contract/tracking-outbox";
/** New events are sent together once none has come for this long. */
export const FLUSH_DEBOUNCE_MS = 1500;

export interface FlushResult {
  sent: number;
  dropped: number;
  /** Events still waiting because a send failed (or the browser is offline). */
  waiting: number;
}

const isMalformed = (error: unknown) => error instanceof ApiError && (error.status === 400 || error.status === 413);

async function sendAll(): Promise<FlushResult> {
  const records = await readOutbox();
  const result: FlushResult = { sent: 0, dropped: 0, waiting: 0 };
  if (records.length === 0) return result;
  const batches = toBatches(records);
  let failed = typeof navigator !== "undefined" && navigator.onLine === false;
  for (const batch of batches) {
    const ids = batch.actions.map((action) => action.id);
    if (failed) {
      result.waiting += ids.length;
      continue;
    }
    try {
      await api(STATISTICS_PATH, {
        method: "POST",
        body: { actions: batch.actions, systemId: batch.systemId, channelId: batch.channelId },
        silent: true,
      });
      await removeFromOutbox(ids);
      result.sent += ids.length;
    } catch (error) {
      if (isMalformed(error)) {
        await removeFromOutbox(ids);
        result.dropped += ids.length;
      } else {
        failed = true;
        result.waiting += ids.length;
      }
    }
  }
  if (failed) {
    await saveSenderHeaders({
      baseURL: new URL(apiConfig.baseURL || "/", location.href).href,
      token: userState.token,
      language: apiLanguage(systemState.locale),
      clientVer: APP_VERSION,
    });
    await requestBackgroundSync(TRACKING_SYNC_TAG);
  }
  return result;
}

/** Sends what is waiting; a call during a flush runs once more after it. */
export const flushTracking = singleFlight(
  () => withLock(TRACKING_SYNC_TAG, sendAll),
  (result) => result.waiting === 0,
);

let timer: ReturnType<typeof setTimeout> | undefined;

/** Flushes once events stop arriving for FLUSH_DEBOUNCE_MS. */
export function scheduleFlush(): void {
  clearTimeout(timer);
  timer = setTimeout(() => void flushTracking(), FLUSH_DEBOUNCE_MS);
}
