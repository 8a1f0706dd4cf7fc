// Background job runs (lib/interval-job.ts's observer): jobs_runs_total{job,outcome} and
// job_run_duration_seconds{job}. Outcomes: ok, skipped (nothing to do, or another instance
// holds the job's lock), error.
import { Counter, Histogram, type Registry } from "prom-client";
import type { JobObserver } from "../interval-job";

// From a quick idle pass (10 ms) to a rank refresh of a large dataset (minutes).
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300];

export function createJobMetrics(registry: Registry): JobObserver {
  const runs = new Counter({
    name: "jobs_runs_total",
    help: "Background job runs, by job and outcome (ok, skipped: nothing to do or another instance holds its lock, error).",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "job_run_duration_seconds",
    help: "Duration of background job runs, by job.",
    labelNames: ["job"] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  return (job, outcome, seconds) => {
    runs.labels(job, outcome).inc();
    durations.labels(job).observe(seconds);
  };
}
