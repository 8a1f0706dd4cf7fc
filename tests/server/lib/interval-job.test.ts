// The interval job under the schedules (renewals, exchange rates, purge): a first run at start
// when asked, one run at a time with exactly one more after requests made during a run, a
// failed run reported while the schedule goes on, triggers, and a stop that waits for the run
// under way and starts no other; the observer hears of every run (name, outcome, duration).
import { afterEach, describe, expect, it } from "vitest";
import { observedRun, startIntervalJob, type IntervalJob, type JobOutcome } from "../../../server/lib/interval-job";

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
    job = startIntervalJob({
      name: "test",
      everyMs: HOUR,
      runAtStart: true,
      run: async () => void runs++,
      onError: () => {},
    });
    await tick();
    expect(runs).toBe(1);
    let quiet = 0;
    const other = startIntervalJob({
      name: "test",
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
      name: "test",
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
      name: "test",
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
      name: "test",
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

  it("tells the observer each run's name, outcome and duration: ok, skipped when the run says so, error when it throws", async () => {
    const heard: Array<{ job: string; outcome: JobOutcome; seconds: number }> = [];
    const outcomes: Array<JobOutcome | void> = [undefined, "skipped"];
    job = startIntervalJob({
      name: "nightly_sweep",
      everyMs: HOUR,
      runAtStart: false,
      async run() {
        await tick();
        if (outcomes.length === 0) throw new Error("boom");
        return outcomes.shift();
      },
      onError: () => {},
      observe: (name, outcome, seconds) => heard.push({ job: name, outcome, seconds }),
    });
    await job.runNow();
    await job.runNow();
    await job.runNow();
    expect(heard.map(({ job, outcome }) => [job, outcome])).toEqual([
      ["nightly_sweep", "ok"],
      ["nightly_sweep", "skipped"],
      ["nightly_sweep", "error"],
    ]);
    // Each run waited a timer tick (about 5 ms): the duration is in seconds, not milliseconds.
    for (const { seconds } of heard) {
      expect(seconds).toBeGreaterThan(0.001);
      expect(seconds).toBeLessThan(5);
    }
  });

  it("observedRun rethrows a failure after telling the observer", async () => {
    const heard: JobOutcome[] = [];
    await expect(
      observedRun(
        "once",
        (_job, outcome) => heard.push(outcome),
        async () => {
          throw new Error("boom");
        },
      ),
    ).rejects.toThrow("boom");
    expect(heard).toEqual(["error"]);
  });
});
