// Every message the app and its service worker exchange, with their payloads and answers. Each
// message that expects an answer carries a MessagePort (transfer list), and the worker replies
// on it with a message of the same type.
import type { ListSnapshot } from "./list-snapshots";

/** Update prompt: the waiting worker takes over (src/features/pwa/register-worker.ts sends it). */
export const SKIP_WAITING = "SKIP_WAITING";
/** Sign-out: drop every signed-in viewer's data and snapshot caches. */
export const CLEAR_USER_DATA_CACHES = "CLEAR_USER_DATA_CACHES";
/** A list rendered from data: keep its first screen for the next visit. */
export const SAVE_LIST_SNAPSHOT = "SAVE_LIST_SNAPSHOT";
/** The debug panel (test and localhost hosts): list the worker's caches, optionally after emptying the data caches. */
export const DEBUG_CACHES = "DEBUG_CACHES";

export interface SkipWaitingMessage {
  type: typeof SKIP_WAITING;
}
export interface ClearUserDataCachesMessage {
  type: typeof CLEAR_USER_DATA_CACHES;
}
export interface ClearUserDataCachesReply {
  type: typeof CLEAR_USER_DATA_CACHES;
  /** How many caches were dropped. */
  dropped: number;
}
export interface SaveListSnapshotMessage {
  type: typeof SAVE_LIST_SNAPSHOT;
  /** Checked field by field by the worker before it is kept. */
  snapshot: ListSnapshot;
}
export interface SaveListSnapshotReply {
  type: typeof SAVE_LIST_SNAPSHOT;
  saved: boolean;
}

export interface DebugCachesMessage {
  type: typeof DEBUG_CACHES;
  /** Empty every viewer's lists, details and snapshots and the thumbnails first. */
  clear: boolean;
}
export interface DebugCacheInfo {
  name: string;
  entries: number;
  /** When the oldest and newest entry were stored (ms since the epoch); null when none says. */
  oldestAt: number | null;
  newestAt: number | null;
}
export interface DebugCachesReply {
  type: typeof DEBUG_CACHES;
  caches: DebugCacheInfo[];
}

export type PageToWorkerMessage =
  SkipWaitingMessage | ClearUserDataCachesMessage | SaveListSnapshotMessage | DebugCachesMessage;
export type WorkerToPageReply = ClearUserDataCachesReply | SaveListSnapshotReply | DebugCachesReply;

/** The type of a message event's data, when it is one of ours (anything else: null). */
export function messageType(data: unknown): PageToWorkerMessage["type"] | null {
  const type = typeof data === "object" && data !== null ? (data as { type?: unknown }).type : undefined;
  return type === SKIP_WAITING ||
    type === CLEAR_USER_DATA_CACHES ||
    type === SAVE_LIST_SNAPSHOT ||
    type === DEBUG_CACHES
    ? type
    : null;
}
