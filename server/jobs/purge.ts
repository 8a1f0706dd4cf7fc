// The purge job: deletes rows past keeping (expired verification codes, QR tickets, captcha
// keys and redemptions, sessions, failed logins, outbox messages, old tracking events, old
// monitor alerts), so anonymous traffic and long-kept monitors cannot fill the disk. Each module
// says which of its rows are past keeping (its purge tasks); this runs them every
// PURGE_INTERVAL_MS, a batch at a time, each batch in a transaction holding a PostgreSQL advisory
// lock: an instance that finds the lock taken leaves the run to the one holding it. Timers are
// unref'd and stopped when the app closes.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { tryLockForTransaction } from "../db/advisory-locks";
import { deleteBatch, type PurgeTask } from "../db/batched-delete";
import type { Db } from "../db/client";
import type { Clock } from "../lib/clock";
import { startIntervalJob, type JobObserver } from "../lib/interval-job";
import { accountPurgeTasks } from "../modules/accounts";
import { engagementPurgeTasks } from "../modules/engagement";
import { marketingPurgeTasks } from "../modules/marketing";
import { monitoringPurgeTasks } from "../modules/monitoring";

export const PURGE_LOCK_ID = 7_420_201;

export interface PurgeLimits {
  /** Rows per batch (one short transaction each). */
  batchSize: number;
  /** Batches per task and run; what is left waits for the next run. */
  maxBatches: number;
}

const DEFAULT_LIMITS: PurgeLimits = { batchSize: 5_000, maxBatches: 100 };

/** Every module's purge tasks as of `now`. */
export function purgeTasks(
  now: Date,
  config: Pick<Config, "trackingRetentionDays" | "monitorAlertRetentionDays">,
): PurgeTask[] {
  return [
    ...accountPurgeTasks(now),
    ...engagementPurgeTasks(now, config.trackingRetentionDays),
    ...monitoringPurgeTasks(now, config.monitorAlertRetentionDays),
    ...marketingPurgeTasks(now),
  ];
}

/** Runs the tasks; rows deleted per task, or null when another instance is purging. */
export async function runPurge(
  db: Db,
  tasks: PurgeTask[],
  limits: PurgeLimits = DEFAULT_LIMITS,
): Promise<Map<string, number> | null> {
  const deleted = new Map<string, number>();
  for (const task of tasks) {
    let total = 0;
    for (let batch = 0; batch < limits.maxBatches; batch++) {
      const count = await db.transaction(async (tx) =>
        (await tryLockForTransaction(tx, PURGE_LOCK_ID)) ? deleteBatch(tx, task, limits.batchSize) : null,
      );
      if (count === null) return null;
      total += count;
      if (count < limits.batchSize) break;
    }
    deleted.set(task.name, total);
  }
  return deleted;
}

export interface PurgeScheduleOptions {
  db: Db;
  config: Pick<Config, "trackingRetentionDays" | "monitorAlertRetentionDays" | "purgeIntervalMs">;
  now: Clock;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  observe?: JobObserver;
}

/** Starts the purge every PURGE_INTERVAL_MS; answers the function that stops it (after a run under way). */
export function startPurgeSchedule({ db, config, now, log, observe }: PurgeScheduleOptions): () => Promise<void> {
  const job = startIntervalJob({
    name: "purge",
    observe,
    everyMs: config.purgeIntervalMs,
    runAtStart: false,
    async run() {
      const deleted = await runPurge(db, purgeTasks(now(), config));
      const counts = deleted && Object.fromEntries([...deleted].filter(([, n]) => n > 0));
      if (counts && Object.keys(counts).length > 0) log.info({ deleted: counts }, "purged expired rows");
      return deleted === null ? "skipped" : "ok";
    },
    onError: (error) => log.error({ err: error }, "purge failed"),
  });
  return job.stop;
}
