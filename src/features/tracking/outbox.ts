// The tracking outbox in IndexedDB: every event is written here before any
// attempt to send it and removed only once the server has stored it, so nothing is lost across
// reloads, a browser restart or a long time offline. One idb-keyval store of its own (created on
// first use, so tests can install fake-indexeddb first); keys are event ids. The service worker
// reads the same store (its names in contract/indexed-db.ts, shared with sw/tracking-sync.ts)
// and needs the request headers, which the page saves under SENDER_KEY.
import type { TrackingAction } from "./event";
import { keyvalTable } from "../../storage/keyval-table";

export { TRACKING_DB_NAME, TRACKING_STORE_NAME } from "../../../contract/indexed-db";
import { TRACKING_DB_NAME, TRACKING_STORE_NAME } from "../../../contract/indexed-db";
/** Not a valid event id (":"), so it never collides with an event. */
export { SENDER_KEY } from "../../../contract/tracking-outbox";
import { SENDER_KEY } from "../../../contract/tracking-outbox";
/** Beyond this many waiting events the oldest are dropped (weeks of heavy use offline). */
export const MAX_OUTBOX_RECORDS = 5000;

export interface OutboxRecord {
  action: TrackingAction;
  /** The edition the event happened in: the batch's system_id and system-id header. */
  systemId: 13 | 14;
}

/** Headers the service worker sends with a replay: those of the page's latest session. */
export interface SenderHeaders {
  /** The API's absolute base URL. */
  baseURL: string;
  token: string;
  language: string;
  clientVer: string;
}

const isRecord = (value: unknown): value is OutboxRecord =>
  typeof (value as OutboxRecord)?.action?.id === "string" &&
  ((value as OutboxRecord).systemId === 13 || (value as OutboxRecord).systemId === 14);
const isSender = (value: unknown): value is SenderHeaders => typeof (value as SenderHeaders)?.baseURL === "string";

const table = keyvalTable(TRACKING_DB_NAME, TRACKING_STORE_NAME, isRecord);
const senderTable = keyvalTable(TRACKING_DB_NAME, TRACKING_STORE_NAME, isSender);

/** Forgets the store so the next call opens a new one (tests swap IndexedDB between runs). */
export function resetTrackingOutboxStore(): void {
  table.reset();
  senderTable.reset();
}

export async function addToOutbox(record: OutboxRecord): Promise<void> {
  await table.put(record.action.id, { action: { ...record.action }, systemId: record.systemId });
}

/** Waiting events, oldest first (the oldest beyond MAX_OUTBOX_RECORDS are deleted). */
export async function readOutbox(): Promise<OutboxRecord[]> {
  const records = (await table.values()).sort((a, b) => a.action.at - b.action.at);
  const excess = records.length - MAX_OUTBOX_RECORDS;
  if (excess <= 0) return records;
  await removeFromOutbox(records.slice(0, excess).map((record) => record.action.id));
  return records.slice(excess);
}

export function removeFromOutbox(ids: readonly string[]): Promise<void> {
  return table.remove(ids);
}

export function saveSenderHeaders(headers: SenderHeaders): Promise<void> {
  return senderTable.put(SENDER_KEY, { ...headers });
}
