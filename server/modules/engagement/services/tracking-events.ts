// Tracking events: one batch from the app's outbox stored in one
// statement, each event under its client-generated id with ON CONFLICT DO NOTHING, so a replayed
// batch (Background Sync, reload, reconnect) is counted once. The user is the session's, never
// the body's: a `user_id` sent by the client stays inside the payload as sent.
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { trackingEvents } from "../../../db/schema";

export { TRACKING_MAX_ACTIONS, TRACKING_MAX_BODY_BYTES } from "./tracking-limits";

/** One event as the client sends it (snake_case). */
export interface TrackingAction {
  id: string;
  event: string;
  scene?: string;
  page_name?: string;
  channel_id?: string | number;
  device_id?: string;
  session_id?: string;
  [field: string]: unknown;
}

export interface TrackingBatch {
  actions: TrackingAction[];
  systemId: number;
  channelId: number | null;
  /** The signed-in user, from the session. */
  userId: number | null;
}

const MAX_CHANNEL_ID = 2_147_483_647;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * PostgreSQL text and jsonb refuse NUL characters and lone surrogates; a client (or an attacker)
 * sending them must get its event stored, not a 500.
 */
function clean(value: unknown): unknown {
  return typeof value === "string" ? value.replaceAll("\u0000", "").replace(LONE_SURROGATE, "\uFFFD") : value;
}

function channelOf(value: unknown, fallback: number | null): number | null {
  const n =
    typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 && n <= MAX_CHANNEL_ID ? n : fallback;
}

/** Stores the batch; `accepted` new events, `duplicates` ids already stored (or repeated in the batch). */
export async function storeTrackingBatch(
  db: Db,
  batch: TrackingBatch,
): Promise<{ accepted: number; duplicates: number }> {
  if (batch.actions.length === 0) return { accepted: 0, duplicates: 0 };
  const rows = batch.actions.map((action) => {
    const payload = Object.fromEntries(Object.entries(action).map(([key, value]) => [key, clean(value)]));
    const text = (key: string) => {
      const field = payload[key];
      if (typeof field === "string") return field;
      return field === undefined ? "" : JSON.stringify(field);
    };
    return {
      id: action.id,
      event: text("event"),
      scene: text("scene"),
      pageName: text("page_name"),
      deviceId: text("device_id"),
      sessionId: text("session_id"),
      userId: batch.userId,
      systemId: batch.systemId,
      channelId: channelOf(action.channel_id, batch.channelId),
      payload,
    };
  });
  const inserted = await db
    .insert(trackingEvents)
    .values(rows)
    .onConflictDoNothing()
    .returning({ one: sql<number>`1` });
  return { accepted: inserted.length, duplicates: rows.length - inserted.length };
}
