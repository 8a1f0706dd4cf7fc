// Which engagement rows are past keeping, for the hourly purge (jobs/purge.ts): tracking events
// older than TRACKING_RETENTION_DAYS, which visitors can send without signing in.
import { lt } from "drizzle-orm";
import { trackingEvents } from "../../../db/schema";
import type { PurgeTask } from "../../../db/batched-delete";

const DAY_MS = 24 * 3_600_000;

export function engagementPurgeTasks(now: Date, trackingRetentionDays: number): PurgeTask[] {
  return [
    {
      name: "tracking events",
      table: trackingEvents,
      key: trackingEvents.id,
      expired: lt(trackingEvents.receivedAt, new Date(now.getTime() - trackingRetentionDays * DAY_MS)),
    },
  ];
}
