// The renewal job: every RENEWAL_INTERVAL_MS, and at once when demo mode's clock moves, one
// instance (the one taking the advisory lock) claims the due subscriptions in a short
// transaction; the charges and their settlements follow outside it (services/renewals.ts), so
// a slow gateway never holds the lock or a row. Runs of one process never overlap and the app's
// close waits for a run under way (lib/interval-job.ts).
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import { tryLockForTransaction } from "../../../db/advisory-locks";
import { startIntervalJob, type IntervalJob, type JobObserver } from "../../../lib/interval-job";
import type { PaymentsAdapter } from "../../../adapters/payments/payments-adapter";
import type { CommerceContext } from "../context";
import { claimDueRenewals, completeRenewal } from "../services/renewals";

export const RENEWAL_LOCK_ID = 7_420_302;

export type RenewalRun = { skipped: "locked" } | { claimed: number; outcomes: Record<string, number> };

/** One run at `now`: claims under the lock, then charges and settles each claimed renewal. */
export async function runRenewals(ctx: CommerceContext, adapter: PaymentsAdapter, now: Date): Promise<RenewalRun> {
  const claims = await ctx.db.transaction(async (tx) => {
    if (!(await tryLockForTransaction(tx, RENEWAL_LOCK_ID))) return null;
    return claimDueRenewals(tx, { config: ctx.config, adapter }, now);
  });
  if (claims === null) return { skipped: "locked" };
  const outcomes: Record<string, number> = {};
  for (const claim of claims) {
    const outcome = await completeRenewal(ctx, adapter, claim, now);
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return { claimed: claims.length, outcomes };
}

export interface RenewalScheduleOptions {
  ctx: CommerceContext;
  adapter: PaymentsAdapter;
  config: Pick<Config, "renewalIntervalMs">;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  /** Demo mode's clock: run at once when it moves. */
  onClockMoved?: (listener: () => void) => () => void;
  observe?: JobObserver;
}

/** Starts the schedule (a first run at once); answers runNow and the stop function, which waits for a run under way. */
export function startRenewalSchedule({
  ctx,
  adapter,
  config,
  log,
  onClockMoved,
  observe,
}: RenewalScheduleOptions): IntervalJob {
  return startIntervalJob({
    name: "renewals",
    observe,
    everyMs: config.renewalIntervalMs,
    runAtStart: true,
    trigger: onClockMoved,
    async run() {
      const result = await runRenewals(ctx, adapter, ctx.now());
      if ("claimed" in result && result.claimed > 0) log.info(result, "renewals run");
      return "skipped" in result ? "skipped" : "ok";
    },
    onError: (error) => log.error({ err: error }, "renewal run failed"),
  });
}
