// The in-process data jobs: a rank refresh at every slot of the spec's cadences (home every
// 6 h, weekly trend every 12 h at 12:00, fresh lists every 4 h, on the business clock), and a
// poll that moves this instance to any newer snapshot (another instance's refresh, an import or
// a seed). A slot's refresh fills the lists only when the data changed since they were filled
// (store/rank-generations.ts; else it publishes the new version on the same lists). A snapshot
// whose rank lists are not in the rank tables yet (the first start's seed, an import, a seed on
// PostgreSQL) gets a refresh at once, outside the schedule, shortly after start or after the
// poll moved to it; until it is published the generation before it serves its lists
// (services/rank-lists.ts), and when there is none (a first start) the list requests wait for
// it: that fill then does not rest between statements on PGlite. Timers are unref'd and stopped
// when the app closes. Each run is told to the observer ("rank_refresh" at a slot,
// "rank_catch_up" outside the schedule: skipped when another instance holds the slot or fills the
// lists; "snapshot_poll": skipped when there was nothing newer).
import type { FastifyBaseLogger } from "fastify";
import { CADENCES, nextUpdateAt, type Cadence } from "../engine";
import { observedRun, type JobObserver } from "../../../lib/interval-job";
import type { DataService } from "../services/data-service";
import { versionLists } from "../store/rank-generations";
import { refreshRanks } from "./refresh";

export interface JobOptions {
  refresh: boolean;
  /** Connections a refresh's fill shares out its lists to (RANK_FILL_CONNECTIONS; PostgreSQL). */
  fillConnections?: number;
  pollMs: number;
  now: () => Date;
  log: Pick<FastifyBaseLogger, "info" | "error">;
  observe?: JobObserver;
  /** How long after start (ms) a snapshot without its rank lists gets them; default 1 s. */
  catchUpDelayMs?: number;
}

/** The next instant any cadence refreshes, strictly after `now`. */
export function nextSlot(now: Date): Date {
  const next = (Object.keys(CADENCES) as Cadence[]).map((cadence) => nextUpdateAt(cadence, now).getTime());
  return new Date(Math.min(...next));
}

export function startDataJobs(data: DataService, options: JobOptions): () => void {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  let refreshing: Promise<void> | null = null;

  /** One refresh (slot null: outside the schedule), then this instance follows what it published. */
  const refresh = (slot: Date | null, rest = true): Promise<void> =>
    (refreshing ??= observedRun(slot ? "rank_refresh" : "rank_catch_up", options.observe, async () => {
      // On PGlite the fill's statements hold this process's thread: rest between them, unless
      // list requests are waiting for the first lists.
      const published = await refreshRanks(data.database, slot, {
        restAfterStatement: rest && data.database.kind === "pglite",
        connections: options.fillConnections,
      });
      if (published === null) return "skipped";
      const { version, generation, filled } = published;
      const at = { version, slot: slot?.toISOString() ?? null };
      if (filled === null) options.log.info({ ...at, generation }, "rank lists unchanged: version published, no fill");
      else
        options.log.info(
          {
            ...at,
            lists: filled.lists,
            rows: filled.rows,
            fillMs: Math.round(filled.ms),
            longestStatementMs: Math.round(filled.longest.ms),
          },
          "rank lists filled and published",
        );
      return "ok";
    })
      .then(() => follow(false))
      .catch((error) => options.log.error({ err: error }, "rank refresh failed"))
      .finally(() => (refreshing = null)));

  /** A refresh now when the current snapshot's lists are not in the rank tables. */
  const catchUp = async () => {
    const { meta, version } = data.snapshot;
    if (stopped || !options.refresh || !meta || refreshing) return;
    const lists = await versionLists(data.db, version);
    if (!lists?.current) await refresh(null, lists !== null);
  };

  const follow = (thenCatchUp = true) =>
    observedRun("snapshot_poll", options.observe, async () => {
      if (!(await data.reloadIfNewer())) return "skipped";
      if (thenCatchUp) void catchUp();
      return "ok";
    }).catch((error) => options.log.error({ err: error }, "snapshot reload failed"));

  const poll = setInterval(() => void follow(), options.pollMs);
  poll.unref();
  const started = setTimeout(() => {
    timers.delete(started);
    void catchUp().catch((error) => options.log.error({ err: error }, "rank refresh failed"));
  }, options.catchUpDelayMs ?? 1_000);
  started.unref();
  timers.add(started);

  const schedule = () => {
    if (stopped || !options.refresh) return;
    const slot = nextSlot(options.now());
    // setTimeout takes at most ~24.8 days; slots are hours apart. The small margin lands after the slot.
    const refreshAtSlot = async () => {
      timers.delete(timer);
      // A refresh under way (a catch-up) is waited for, then the slot gets its own.
      if (refreshing) await refreshing;
      await refresh(slot);
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
