// The exchange-rate job: every FX_REFRESH_MS (only when FX_SOURCE_URL is set) one instance,
// the one holding the advisory lock, fetches the source and stores its rates. A bad answer
// (unreachable, not JSON, a currency missing or not a positive number) keeps the old rates and
// logs one warning. Timers are unref'd and stopped when the app closes.
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../../config";
import { tryLockForTransaction } from "../../../db/advisory-locks";
import type { Db } from "../../../db/client";
import { startIntervalJob, type JobObserver } from "../../../lib/interval-job";
import { fetchFxRates, FxSourceError } from "../../../adapters/fx";
import { storeFxRates } from "../services/fx-rates";

export const FX_REFRESH_LOCK_ID = 7_420_301;

/** What the job logs through (a Fastify logger, or a test's recorder). */
export interface FxLog {
  info: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
}

export type FxRefreshResult = { stored: number; date: string } | { skipped: "locked" } | { failed: string };

/** One refresh from `url`; never throws for a bad source (the old rates stay). */
export async function refreshFxRates(
  db: Db,
  url: string,
  log: FxLog,
  fetchImpl: typeof fetch = fetch,
): Promise<FxRefreshResult> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await tryLockForTransaction(tx, FX_REFRESH_LOCK_ID))) return { skipped: "locked" as const };
      const fetched = await fetchFxRates(url, fetchImpl);
      const stored = await storeFxRates(tx, fetched, new URL(url).host);
      log.info({ date: fetched.date, stored }, "exchange rates refreshed");
      return { stored, date: fetched.date };
    });
  } catch (error) {
    if (!(error instanceof FxSourceError)) throw error;
    log.warn({ reason: error.message }, "exchange-rate source answered badly: the previous rates are kept");
    return { failed: error.message };
  }
}

export interface FxScheduleOptions {
  db: Db;
  config: Pick<Config, "fxSourceUrl" | "fxRefreshMs">;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  observe?: JobObserver;
}

/** Starts the refresh (a first run at once, then every FX_REFRESH_MS); answers the stop function. */
export function startFxRefreshSchedule({ db, config, log, observe }: FxScheduleOptions): () => Promise<void> {
  const url = config.fxSourceUrl;
  if (!url) return async () => {};
  const job = startIntervalJob({
    name: "fx_refresh",
    observe,
    everyMs: config.fxRefreshMs,
    runAtStart: true,
    async run() {
      const result = await refreshFxRates(db, url, log);
      return "skipped" in result ? "skipped" : "failed" in result ? "error" : "ok";
    },
    onError: (error) => log.error({ err: error }, "exchange-rate refresh failed"),
  });
  return job.stop;
}
