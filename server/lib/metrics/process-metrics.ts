// The process: event-loop lag (from perf_hooks' delay histogram, reset at each scrape, so the
// figures cover the time since the previous one), CPU, memory and start time, named as
// prom-client's default metrics name them. prom-client's collectDefaultMetrics is not used: its
// event-loop monitor and GC observer can never be stopped, and tests build many apps in one
// process; this monitor is stopped on the app's close. Everything else is read at scrape time.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Counter, Gauge, type Registry } from "prom-client";

// The delay histogram samples the loop this often; coarser than prom-client's 10 ms, cheaper,
// still far below the lags worth seeing.
const LAG_RESOLUTION_MS = 20;
const NS_PER_S = 1e9;
const US_PER_S = 1e6;

/** Registers the process metrics; answers the function that stops the event-loop monitor. */
export function registerProcessMetrics(registry: Registry): () => void {
  const delays = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  delays.enable();
  const registers = [registry];

  // One reading for the four lag gauges, then the histogram starts over. Registered first: a
  // scrape collects the metrics in registration order.
  new Gauge({
    name: "nodejs_eventloop_lag_samples",
    help: "Event-loop delay samples behind the lag figures (one per 20 ms of a free loop).",
    registers,
    collect() {
      const samples = delays.count;
      this.set(samples);
      // Before the first sample the histogram's figures are meaningless extremes.
      const seconds = (ns: number) => (samples > 0 ? ns / NS_PER_S : 0);
      mean.set(seconds(delays.mean));
      p50.set(seconds(delays.percentile(50)));
      p99.set(seconds(delays.percentile(99)));
      max.set(seconds(delays.max));
      delays.reset();
    },
  });

  const lag = (name: string, help: string) => new Gauge({ name, help, registers });
  const mean = lag("nodejs_eventloop_lag_mean_seconds", "Mean event-loop delay since the last scrape.");
  const p50 = lag("nodejs_eventloop_lag_p50_seconds", "Median event-loop delay since the last scrape.");
  const p99 = lag("nodejs_eventloop_lag_p99_seconds", "99th percentile event-loop delay since the last scrape.");
  const max = lag("nodejs_eventloop_lag_max_seconds", "Longest event-loop delay since the last scrape.");

  new Counter({
    name: "process_cpu_seconds_total",
    help: "User and system CPU time of the process, in seconds.",
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / US_PER_S);
    },
  });
  new Gauge({
    name: "process_resident_memory_bytes",
    help: "Resident memory of the process, in bytes.",
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: "nodejs_heap_size_used_bytes",
    help: "V8 heap in use, in bytes.",
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: "process_start_time_seconds",
    help: "When the process started, in seconds since the Unix epoch.",
    registers,
  }).set(Math.round(Date.now() / 1_000 - process.uptime()));
  return () => delays.disable();
}
