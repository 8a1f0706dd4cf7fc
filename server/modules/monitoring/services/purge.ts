// Which monitoring rows are past keeping, for the hourly purge (jobs/purge.ts): alerts older than
// MONITOR_ALERT_RETENTION_DAYS, read or not (a monitored item raises new ones every refresh).
import { lt } from "drizzle-orm";
import type { PurgeTask } from "../../../db/batched-delete";
import { monitorAlerts } from "../../../db/schema";

const DAY_MS = 24 * 3_600_000;

export function monitoringPurgeTasks(now: Date, alertRetentionDays: number): PurgeTask[] {
  return [
    {
      name: "monitor alerts",
      table: monitorAlerts,
      key: monitorAlerts.id,
      expired: lt(monitorAlerts.createdAt, new Date(now.getTime() - alertRetentionDays * DAY_MS)),
    },
  ];
}
