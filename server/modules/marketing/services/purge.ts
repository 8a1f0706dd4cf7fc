// Which marketing rows are past keeping, for the hourly purge (jobs/purge.ts): sightings older
// than two days (the same-device and same-address rule looks back one day).
import { lt } from "drizzle-orm";
import type { PurgeTask } from "../../../db/batched-delete";
import { userSightings } from "../../../db/schema";

const SIGHTING_KEEP_MS = 2 * 24 * 3_600_000;

export function marketingPurgeTasks(now: Date): PurgeTask[] {
  return [
    {
      name: "user sightings",
      table: userSightings,
      key: userSightings.id,
      expired: lt(userSightings.seenAt, new Date(now.getTime() - SIGHTING_KEEP_MS)),
    },
  ];
}
