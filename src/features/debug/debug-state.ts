// What the debug panel shows, gathered on open and on Refresh: the worker's caches with their
// ages (DEBUG_CACHES, which can empty the data caches first), the tracking outbox's waiting
// events and the API client's last calls (api/call-log.ts).
import { DEBUG_CACHES, type DebugCacheInfo, type DebugCachesReply } from "../../../contract/sw-messages";
import { recentApiCalls, type ApiCallRecord } from "../../api/call-log";
import { askWorker } from "../../lib/sw-messages";
import { readOutbox } from "../tracking/outbox";

export interface OutboxEvent {
  id: string;
  event: string;
  page: string;
  at: number;
}

export interface DebugState {
  /** null: no service worker controls the page (or it did not answer). */
  caches: DebugCacheInfo[] | null;
  outbox: OutboxEvent[];
  calls: ApiCallRecord[];
}

/** The worker's caches, after emptying the data caches when `clear`. */
export async function workerCaches(clear = false): Promise<DebugCacheInfo[] | null> {
  const reply = await askWorker<DebugCachesReply>({ type: DEBUG_CACHES, clear });
  return Array.isArray(reply?.caches) ? reply.caches : null;
}

/** Waiting tracking events, newest first (empty when IndexedDB cannot be read). */
export async function outboxEvents(): Promise<OutboxEvent[]> {
  const records = await readOutbox().catch(() => []);
  return records
    .map(({ action }) => ({ id: action.id, event: action.event, page: action.page_name, at: action.at }))
    .reverse();
}

export async function readDebugState(clearCaches = false): Promise<DebugState> {
  const [caches, outbox] = await Promise.all([workerCaches(clearCaches), outboxEvents()]);
  return { caches, outbox, calls: recentApiCalls() };
}
