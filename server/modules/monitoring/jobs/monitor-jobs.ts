// The monitoring jobs of one instance. Evaluation: at start, after every new snapshot
// (DataService.onSnapshot, which fires on every instance) and every EVALUATION_RETRY_MS as a
// safety net, evaluate the current snapshot and push the instant alerts; the claims inside
// (services/evaluation.ts, services/notify.ts) make the work happen once across instances.
// Digest: every DIGEST_CHECK_MS, send the daily digests that are due.
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../../db/client";
import type { Clock } from "../../../lib/clock";
import { startIntervalJob, type JobObserver } from "../../../lib/interval-job";
import type { DataService } from "../../catalog";
import { evaluateSnapshot } from "../services/evaluation";
import { pushDigests, pushInstantAlerts, type PushContext } from "../services/notify";

export const EVALUATION_RETRY_MS = 10 * 60 * 1000;
export const DIGEST_CHECK_MS = 15 * 60 * 1000;

export interface MonitorJobs {
  /** Evaluates the current snapshot and pushes; resolves when done (joins a run under way). */
  evaluateNow: () => Promise<void>;
  /** Sends the digests due now. */
  digestNow: () => Promise<void>;
  /** Items this instance has evaluated since it started (tests: each item once across instances). */
  evaluatedCount: () => number;
  stop: () => Promise<void>;
}

export function startMonitorJobs(
  data: DataService,
  push: PushContext & { db: Db },
  now: Clock,
  log: Pick<FastifyBaseLogger, "info" | "error">,
  observe?: JobObserver,
): MonitorJobs {
  let evaluated = 0;
  const evaluation = startIntervalJob({
    name: "monitor_evaluation",
    observe,
    everyMs: EVALUATION_RETRY_MS,
    runAtStart: true,
    async run() {
      const report = await evaluateSnapshot(push.db, data.snapshot, now());
      evaluated += report.evaluated;
      if (report.evaluated > 0) log.info({ monitor: report }, "monitored items evaluated");
      await pushInstantAlerts(push, now());
    },
    onError: (error) => log.error({ err: error }, "monitor evaluation failed"),
    trigger(listener) {
      let active = true;
      data.onSnapshot(() => {
        if (active) listener();
      });
      return () => {
        active = false;
      };
    },
  });
  const digest = startIntervalJob({
    name: "monitor_digest",
    observe,
    everyMs: DIGEST_CHECK_MS,
    runAtStart: false,
    run: async () => {
      await pushDigests(push, now());
    },
    onError: (error) => log.error({ err: error }, "monitor digest failed"),
  });
  return {
    evaluateNow: evaluation.runNow,
    digestNow: digest.runNow,
    evaluatedCount: () => evaluated,
    async stop() {
      await Promise.all([evaluation.stop(), digest.stop()]);
    },
  };
}
