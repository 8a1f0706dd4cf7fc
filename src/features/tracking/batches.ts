// How waiting events become requests: one body per edition and channel
// ({actions, system_id, channel_id}), at most TRACKING_BATCH_SIZE actions (the server's limit)
// and at most TRACKING_BATCH_BYTES of JSON (well under the server's 256 KB body limit).
import type { OutboxRecord } from "./outbox";
import type { TrackingAction } from "./event";

export { TRACKING_BATCH_SIZE } from "../../../contract/tracking-outbox";
import { TRACKING_BATCH_SIZE } from "../../../contract/tracking-outbox";
export const TRACKING_BATCH_BYTES = 192 * 1024;

export interface TrackingBatch {
  systemId: 13 | 14;
  channelId: number;
  actions: TrackingAction[];
}

/** Oldest first within each batch; records keep their order. */
export function toBatches(records: readonly OutboxRecord[]): TrackingBatch[] {
  const open = new Map<string, { batch: TrackingBatch; bytes: number }>();
  const done: TrackingBatch[] = [];
  for (const { action, systemId } of records) {
    const key = `${systemId}:${action.channel_id}`;
    const size = JSON.stringify(action).length + 1;
    let current = open.get(key);
    if (
      current &&
      (current.batch.actions.length >= TRACKING_BATCH_SIZE || current.bytes + size > TRACKING_BATCH_BYTES)
    ) {
      done.push(current.batch);
      current = undefined;
    }
    if (!current) {
      current = { batch: { systemId, channelId: action.channel_id, actions: [] }, bytes: 64 };
      open.set(key, current);
    }
    current.batch.actions.push(action);
    current.bytes += size;
  }
  return [...done, ...[...open.values()].map((entry) => entry.batch)];
}
