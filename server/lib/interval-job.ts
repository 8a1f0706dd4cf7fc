// A job that runs every `everyMs` (and at once when asked: at start, or when a trigger fires),
// one run at a time in this process: a request while a run is under way makes exactly one more
// run after it. A failed run is reported to `onError` and the schedule goes on. stop() clears
// the timers and waits for a run under way, so an app's close never cuts a job in half. Which
// instance does the work is the job's own business (an advisory lock inside `run`).

export interface IntervalJobOptions {
  everyMs: number;
  /** Run once right after start (on the next turn of the event loop). */
  runAtStart: boolean;
  run: () => Promise<void>;
  onError: (error: unknown) => void;
  /** Something else that asks for a run now (demo mode's clock); answers its unsubscribe. */
  trigger?: (listener: () => void) => () => void;
}

export interface IntervalJob {
  /** Runs now, or joins the run under way (and one more after it); resolves when done. */
  runNow: () => Promise<void>;
  stop: () => Promise<void>;
}

export function startIntervalJob({ everyMs, runAtStart, run, onError, trigger }: IntervalJobOptions): IntervalJob {
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
          await run();
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
