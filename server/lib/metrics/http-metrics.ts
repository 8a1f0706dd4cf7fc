// Request counts and latencies per route: http_requests_total{method,route,status} and
// http_request_duration_seconds{method,route}. `route` is the route's pattern
// (/api/v1/goods/:id), never the URL, so no id, token or personal data becomes a label and the
// number of series stays bounded; requests no route matched share the label "unmatched".
// Status is the exact code: the app answers a small fixed set, and each says something a class
// would blur (401 signed out, 404 a typo, 429 rate limited, 503 database down); classes are one
// regex away in PromQL (status=~"5..").
// The recorder runs on every request, and prom-client's labelled inc/observe cost about a
// microsecond each (they hash and check the labels every call): here a request costs two map
// lookups and a few additions into plain per-series tallies, which the two metrics read when
// /metrics is scraped (the counter through its collect hook, the histogram by answering its
// values from the tallies).
import { Counter, Histogram, type Registry } from "prom-client";

export const UNMATCHED_ROUTE = "unmatched";

// From 1 ms (a list served from memory) to 10 s (past any sane answer).
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Records one answered request: its method, route pattern (undefined: unmatched), status and duration. */
export type RequestRecorder = (method: string, route: string | undefined, status: number, seconds: number) => void;

/** One method and route's tallies since the app started. */
interface Series {
  labels: { method: string; route: string };
  countByStatus: Map<number, number>;
  /** Requests per duration bucket (not cumulative; slower than the last bound: only in `count`). */
  buckets: Float64Array;
  count: number;
  sum: number;
}

type DurationLabel = "method" | "route";
const DURATION_NAME = "http_request_duration_seconds";
const DURATION_HELP = "Time from receiving a request to finishing its answer, by method and route pattern.";

/**
 * The histogram whose values are the tallies' (prom-client's own stays empty). prom-client 15
 * reads a histogram through getForPromString (the registry's text output; get(), for JSON, calls
 * it too): that is the method answered here. tests/server/plugins/metrics.test.ts reads the
 * histogram back, so an upgrade that reads it otherwise fails there.
 */
class TalliedHistogram extends Histogram<DurationLabel> {
  constructor(
    registry: Registry,
    private readonly series: () => Iterable<Series>,
  ) {
    super({
      name: DURATION_NAME,
      help: DURATION_HELP,
      labelNames: ["method", "route"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
  }

  getForPromString() {
    const bucket = `${DURATION_NAME}_bucket`;
    const values: Array<{
      metricName: string;
      labels: Record<string, string | number>;
      sharedLabels: Record<string, string>;
      value: number;
    }> = [];
    for (const { labels, buckets, count, sum } of this.series()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i];
        values.push({ metricName: bucket, labels: { le }, sharedLabels: labels, value: cumulative });
      });
      values.push({ metricName: bucket, labels: { le: "+Inf" }, sharedLabels: labels, value: count });
      values.push({ metricName: `${DURATION_NAME}_sum`, labels: {}, sharedLabels: labels, value: sum });
      values.push({ metricName: `${DURATION_NAME}_count`, labels: {}, sharedLabels: labels, value: count });
    }
    return Promise.resolve({ name: DURATION_NAME, help: DURATION_HELP, type: "histogram", values, aggregator: "sum" });
  }
}

export function createHttpMetrics(registry: Registry): RequestRecorder {
  // route -> method -> tallies: no label objects or strings built per request.
  const byRoute = new Map<string, Map<string, Series>>();
  function* allSeries(): Iterable<Series> {
    for (const byMethod of byRoute.values()) yield* byMethod.values();
  }
  new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const { labels, countByStatus } of allSeries()) {
        for (const [status, count] of countByStatus) this.inc({ ...labels, status: String(status) }, count);
      }
    },
  });
  new TalliedHistogram(registry, allSeries);

  const seriesOf = (method: string, route: string): Series => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map<string, Series>()));
    let series = byMethod.get(method);
    if (!series) {
      series = {
        labels: { method, route },
        countByStatus: new Map(),
        buckets: new Float64Array(DURATION_BUCKETS.length),
        count: 0,
        sum: 0,
      };
      byMethod.set(method, series);
    }
    return series;
  };

  return (method, route = UNMATCHED_ROUTE, status, seconds) => {
    const series = seriesOf(method, route);
    series.countByStatus.set(status, (series.countByStatus.get(status) ?? 0) + 1);
    series.count++;
    series.sum += seconds;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]) bucket++;
    if (bucket < DURATION_BUCKETS.length) series.buckets[bucket]++;
  };
}
