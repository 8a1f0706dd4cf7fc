// Background Sync replay of the tracking outbox: when the page could not send its events it
// registers the sync tag, and Chromium wakes this worker once the network is back — even with
// the app closed — to send the same IndexedDB store the page writes (names, record and sender
// shapes in contract/tracking-outbox.ts and contract/indexed-db.ts). Batches of at most 100 per
// edition and channel; an event leaves the store only when the server answered 200 with code 0
// (each id is stored once there, so a replay racing the page's own flush never counts twice; a
// Web Lock shared with the page keeps them apart anyway). 400 means a malformed batch, dropped
// as the page does; 413 splits the batch. Anything else rejects, and the browser retries the
// sync later.
import { createStore, delMany, entries, type UseStore } from "idb-keyval";
import { CLIENT_VERSION_HEADER, LANGUAGE_HEADER, SYSTEM_ID_HEADER, TOKEN_HEADER } from "../contract/http-headers";
import { TRACKING_DB_NAME, TRACKING_STORE_NAME } from "../contract/indexed-db";
import {
  SENDER_KEY,
  STATISTICS_PATH,
  TRACKING_BATCH_SIZE,
  TRACKING_SYNC_TAG,
  type OutboxEntry,
  type TrackingSender,
} from "../contract/tracking-outbox";

// Only what this module uses of the worker's scope, so the unit tests (DOM types) compile it too.
declare const self: {
  location: { origin: string };
  navigator: { locks?: LockManager };
  addEventListener: (type: "sync", listener: (event: Event) => void) => void;
};

type StoredRecord = OutboxEntry;
/** What the page saved; an older page may have left fields out. */
type Sender = Partial<TrackingSender>;

/** The Background Sync event (declared here: the unit tests also compile this file with DOM types). */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil: (work: Promise<unknown>) => void;
}

const isRecord = (value: unknown): value is StoredRecord =>
  typeof (value as StoredRecord)?.action?.id === "string" && typeof (value as StoredRecord).systemId === "number";

function headersOf(sender: Sender, systemId: number): Record<string, string> {
  const headers: Record<string, string> = { "content-type": "application/json", [SYSTEM_ID_HEADER]: String(systemId) };
  if (sender.token) headers[TOKEN_HEADER] = sender.token;
  if (sender.language) headers[LANGUAGE_HEADER] = sender.language;
  if (sender.clientVer) headers[CLIENT_VERSION_HEADER] = sender.clientVer;
  return headers;
}

/** Sends one batch; resolves once its events may leave the store, rejects to retry later. */
async function send(store: UseStore, records: StoredRecord[], sender: Sender, base: string): Promise<void> {
  const { systemId } = records[0];
  const actions = records.map((record) => record.action);
  const response = await fetch(`${base.replace(/\/+$/, "")}${STATISTICS_PATH}`, {
    method: "POST",
    headers: headersOf(sender, systemId),
    body: JSON.stringify({ actions, system_id: systemId, channel_id: actions[0].channel_id }),
  });
  if (response.status === 413 && records.length > 1) {
    const half = Math.ceil(records.length / 2);
    await send(store, records.slice(0, half), sender, base);
    await send(store, records.slice(half), sender, base);
    return;
  }
  const body = response.ok ? ((await response.json().catch(() => null)) as { code?: number } | null) : null;
  if (body?.code === 0 || response.status === 400 || response.status === 413) {
    await delMany(
      actions.map((action) => action.id),
      store,
    );
    return;
  }
  throw new Error(`tracking replay refused: HTTP ${response.status}`);
}

/** Sends the whole outbox to the API base the page saved (else the worker's own origin). */
export async function replayTrackingOutbox(): Promise<void> {
  const store = createStore(TRACKING_DB_NAME, TRACKING_STORE_NAME);
  const all = await entries<IDBValidKey, unknown>(store);
  const sender = (all.find(([key]) => key === SENDER_KEY)?.[1] ?? {}) as Sender;
  const base = sender.baseURL || self.location.origin;
  const groups = new Map<string, StoredRecord[]>();
  for (const [, value] of all) {
    if (!isRecord(value)) continue;
    const key = `${value.systemId}:${value.action.channel_id}`;
    groups.set(key, [...(groups.get(key) ?? []), value]);
  }
  for (const records of groups.values()) {
    records.sort((a, b) => a.action.at - b.action.at);
    for (let start = 0; start < records.length; start += TRACKING_BATCH_SIZE)
      await send(store, records.slice(start, start + TRACKING_BATCH_SIZE), sender, base);
  }
}

export function installTrackingSync(): void {
  self.addEventListener("sync", (event: Event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== TRACKING_SYNC_TAG) return;
    const locks = self.navigator.locks;
    sync.waitUntil(locks ? locks.request(TRACKING_SYNC_TAG, replayTrackingOutbox) : replayTrackingOutbox());
  });
}
