// A job that runs every `everyMs` (and at once when asked: at start, or when a trigger fires),
// one run at a time in this process: a request while a run is under way makes exactly one more
// run after it. A failed run is reported to `onError` and the schedule goes on. stop() clears
// the timers and waits for a run under way, so an app's close never cuts a job in half. Which
// instance does the work is the job's own business (an advisory lock inside `run`). Every run
// is told to the optional observer (its name, outcome and duration: /metrics counts them), and
// `observedRun` does the same for the jobs with schedules of their own.

/** ok: it did its work; skipped: nothing to do, or another instance holds its lock; error: it failed. */
export type JobOutcome = "ok" | "skipped" | "error";

/** Told after every run of a named job (plugins/metrics.ts counts them). */
export type JobObserver = (job: string, outcome: JobOutcome, seconds: number) => void;

export interface IntervalJobOptions {
  /** Names the job to the observer (snake_case: it becomes a metric label). */
  name: string;
  everyMs: number;
  /** Run once right after start (on the next turn of the event loop). */
  runAtStart: boolean;
  /** One run; answering "skipped" or "error" tells the observer so (a throw is an error too). */
  run: () => Promise<JobOutcome | void>;
  onError: (error: unknown) => void;
  /** Something else that asks for a run now (demo mode's clock); answers its unsubscribe. */
  trigger?: (listener: () => void) => () => void;
  observe?: JobObserver;
}

export interface IntervalJob {
  /** Runs now, or joins the run under way (and one more after it); resolves when done. */
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
}

/** Runs `run` once and tells `observe` its outcome and duration; a failure is rethrown. */
export async function observedRun(
  name: string,
  observe: JobObserver | undefined,
  run: () => Promise<JobOutcome | void>,
): Promise<void> {
  if (!observe) {
    await run();
    return;
  }
  const started = performance.now();
  let outcome: JobOutcome = "error";
  try {
    outcome = (await run()) ?? "ok";
  } finally {
    observe(name, outcome, (performance.now() - started) / 1_000);
  }
}

export function startIntervalJob({
  name,
  everyMs,
  runAtStart,
  run,
  onError,
  trigger,
  observe,
}: IntervalJobOptions): IntervalJob {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const runNow = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await observedRun(name, observe, run);
        } catch (error) {
          onError(error);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  const first = runAtStart ? setTimeout(() => void runNow(), 0) : null;
  first?.unref();
  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  const unsubscribe = trigger?.(() => void runNow());
  return {
    runNow,
    async stop() {
      stopped = true;
      if (first) clearTimeout(first);
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}
