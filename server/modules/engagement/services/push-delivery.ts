// Delivering one payload per subscription to a set of push subscriptions, a few at a time: only
// endpoints on the push-service allow-list are sent to; subscriptions the push service reports
// gone (404/410) and those no longer allowed are deleted; delivered ones are marked sent. Used by
// campaigns (push-campaigns.ts) and by other modules' pushes to one user (sendPushToUser).
import { eq } from "drizzle-orm";
import { sendPush, type PushOptions, type PushResult } from "../../../adapters/web-push";
import type { Db } from "../../../db/client";
import { pushSubscriptions } from "../../../db/schema";
import { pushEndpointAllowed } from "./push-endpoints";
import { markSent, removeSubscriptionsById, type PushSubscriptionRow } from "./push-subscriptions";
import type { VapidKeys } from "./vapid-keys";

export interface DeliveryReport {
  total: number;
  sent: number;
  failed: number;
  removed: number;
  /** Why pushes failed, one line per distinct reason with its count. */
  reasons: Map<string, number>;
}

export type DeliveryOptions = PushOptions & { now?: Date; pushHosts: readonly string[] };

const CONCURRENCY = 8;
const NOT_ALLOWED: PushResult = {
  ok: false,
  status: null,
  gone: true,
  reason: "endpoint not on the push-service allow-list",
};

/** Sends `payloadOf(target)` (JSON text) to each target. */
export async function deliverPushes(
  db: Db,
  vapid: VapidKeys,
  targets: readonly PushSubscriptionRow[],
  payloadOf: (target: PushSubscriptionRow) => string,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { total: targets.length, sent: 0, failed: 0, removed: 0, reasons: new Map() };
  const delivered: number[] = [];
  const gone: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++];
      const result = pushEndpointAllowed(target.endpoint, options.pushHosts)
        ? await sendPush(target, payloadOf(target), vapid, options)
        : NOT_ALLOWED;
      if (result.ok) {
        delivered.push(target.id);
        continue;
      }
      report.reasons.set(result.reason, (report.reasons.get(result.reason) ?? 0) + 1);
      if (result.gone) gone.push(target.id);
      else report.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
  await markSent(db, delivered, options.now ?? new Date());
  await removeSubscriptionsById(db, gone);
  report.sent = delivered.length;
  report.removed = gone.length;
  return report;
}

/** One push to every subscription of a user, its payload made in each subscription's language. */
export async function sendPushToUser(
  db: Db,
  vapid: VapidKeys,
  userId: number,
  payloadFor: (language: string) => object,
  options: DeliveryOptions,
): Promise<DeliveryReport> {
  const targets = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);
  return deliverPushes(db, vapid, targets, (target) => JSON.stringify(payloadFor(target.language)), options);
}
