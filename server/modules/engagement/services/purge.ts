// Which engagement rows are past keeping, for the hourly purge (jobs/purge.ts): tracking events
// and client error reports older than TRACKING_RETENTION_DAYS, which visitors can send without
// signing in.
import { lt } from "drizzle-orm";
import { clientErrors, trackingEvents } from "../../../db/schema";
import type { PurgeTask } from "../../../db/batched-delete";

const DAY_MS = 24 * 3_600_000;

export function engagementPurgeTasks(now: Date, trackingRetentionDays: number): PurgeTask[] {
  const cutoff = new Date(now.getTime() - trackingRetentionDays * DAY_MS);
  return [
    {
      name: "tracking events",
      table: trackingEvents,
      key: trackingEvents.id,
      expired: lt(trackingEvents.receivedAt, cutoff),
    },
    {
      name: "client errors",
      table: clientErrors,
      key: clientErrors.id,
      expired: lt(clientErrors.receivedAt, cutoff),
    },
  ];
}
