// The in-process data jobs: a rank refresh at every slot of the spec's cadences (home every
// 6 h, weekly trend every 12 h at 12:00, fresh lists every 4 h, on the business clock), and a
// poll that moves this instance to any newer snapshot (another instance's refresh, an import or
// a seed). Timers are unref'd and stopped when the app closes. Each run is told to the observer
// ("rank_refresh": skipped when another instance holds the slot; "snapshot_poll": skipped when
// there was nothing newer).
import type { FastifyBaseLogger } from "fastify";
import { CADENCES, nextUpdateAt, type Cadence } from "../engine";
import { observedRun, type JobObserver } from "../../../lib/interval-job";
import type { DataService } from "../services/data-service";
import { refreshRanks } from "./refresh";

export interface JobOptions {
  refresh: boolean;
  pollMs: number;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  observe?: JobObserver;
}

/** The next instant any cadence refreshes, strictly after `now`. */
export function nextSlot(now: Date): Date {
  const next = (Object.keys(CADENCES) as Cadence[]).map((cadence) => nextUpdateAt(cadence, now).getTime());
  return new Date(Math.min(...next));
}

export function startDataJobs(data: DataService, options: JobOptions): () => void {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const follow = () =>
    observedRun("snapshot_poll", options.observe, async () => ((await data.reloadIfNewer()) ? "ok" : "skipped")).catch(
      (error) => options.log.error({ err: error }, "snapshot reload failed"),
    );

  const poll = setInterval(() => void follow(), options.pollMs);
  poll.unref();

  const schedule = () => {
    if (stopped || !options.refresh) return;
    const slot = nextSlot(options.now());
    // setTimeout takes at most ~24.8 days; slots are hours apart. The small margin lands after the slot.
    const refreshAtSlot = async () => {
      timers.delete(timer);
      try {
        await observedRun("rank_refresh", options.observe, async () => {
          const version = await refreshRanks(data.db, slot);
          if (version === null) return "skipped";
          options.log.info({ version, slot: slot.toISOString() }, "rank snapshot refreshed");
          return "ok";
        });
        await follow();
      } catch (error) {
        options.log.error({ err: error }, "rank refresh failed");
      }
      schedule();
    };
    const timer = setTimeout(() => void refreshAtSlot(), Math.max(0, slot.getTime() - options.now().getTime()) + 1_000);
    timer.unref();
    timers.add(timer);
  };
  schedule();

  return () => {
    stopped = true;
    clearInterval(poll);
    for (const timer of timers) clearTimeout(timer);
  };
}
