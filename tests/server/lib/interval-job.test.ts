// The interval job under the schedules (renewals, exchange rates, purge): a first run at start
// when asked, one run at a time with exactly one more after requests made during a run, a
// failed run reported while the schedule goes on, triggers, and a stop that waits for the run
// under way and starts no other.
import { afterEach, describe, expect, it } from "vitest";
import { startIntervalJob, type IntervalJob } from "../../../server/lib/interval-job";

const HOUR = 60 * 60_000;
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("startIntervalJob", () => {
  let job: IntervalJob | null = null;
  afterEach(async () => {
    await job?.stop();
    job = null;
  });

  it("runs once at start when asked, and not when not", async () => {
    let runs = 0;
    job = startIntervalJob({ everyMs: HOUR, runAtStart: true, run: async () => void runs++, onError: () => {} });
    await tick();
    expect(runs).toBe(1);
    let quiet = 0;
    const other = startIntervalJob({
      everyMs: HOUR,
      runAtStart: false,
      run: async () => void quiet++,
      onError: () => {},
    });
    await tick();
    expect(quiet).toBe(0);
    await other.stop();
  });

  it("runs one at a time: requests during a run make exactly one more run after it", async () => {
    const first = gate();
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    job = startIntervalJob({
      everyMs: HOUR,
      runAtStart: false,
      async run() {
        runs++;
        concurrent++;
        maxConcurrent = Math.max(maxConcurrent, concurrent);
        if (runs === 1) await first.opened;
        concurrent--;
      },
      onError: () => {},
    });
    const running = job.runNow();
    void job.runNow();
    void job.runNow();
    first.open();
    await running;
    expect(runs).toBe(2);
    expect(maxConcurrent).toBe(1);
  });

  it("reports a failed run and keeps going; a trigger asks for a run", async () => {
    const errors: unknown[] = [];
    let listener: (() => void) | null = null;
    let runs = 0;
    job = startIntervalJob({
      everyMs: HOUR,
      runAtStart: false,
      async run() {
        runs++;
        if (runs === 1) throw new Error("boom");
      },
      onError: (error) => errors.push(error),
      trigger: (fn) => {
        listener = fn;
        return () => (listener = null);
      },
    });
    await job.runNow();
    expect(errors).toHaveLength(1);
    listener!();
    await tick();
    expect(runs).toBe(2);
    await job.stop();
    expect(listener).toBeNull();
  });

  it("stop waits for the run under way and starts no other", async () => {
    const release = gate();
    let finished = false;
    let runs = 0;
    job = startIntervalJob({
      everyMs: HOUR,
      runAtStart: false,
      async run() {
        runs++;
        await release.opened;
        finished = true;
      },
      onError: () => {},
    });
    void job.runNow();
    void job.runNow();
    const stopping = job.stop();
    release.open();
    await stopping;
    expect(finished).toBe(true);
    expect(runs).toBe(1);
    await job.runNow();
    expect(runs).toBe(1);
  });
});
