// The request recorder (server/lib/metrics/http-metrics.ts) keeps its own tallies instead of
// prom-client's labelled counter and histogram (2 µs per answer against 0.1 µs): its text must
// be exactly what prom-client's own metrics give for the same answers.
import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { createHttpMetrics } from "../../../server/lib/metrics/http-metrics";

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ANSWERS: Array<[string, string | undefined, number, number]> = [
  ["GET", "/api/v1/rank/:entity", 200, 0.0004],
  ["GET", "/api/v1/rank/:entity", 200, 0.003],
  ["GET", "/api/v1/rank/:entity", 304, 0.01],
  ["POST", "/v1/user/login", 429, 0.7],
  ["GET", undefined, 404, 12],
  ["GET", "/api/v1/goods/:id", 503, 0.05],
];

describe("the request recorder", () => {
  it("writes the same Prometheus text as prom-client's own counter and histogram", async () => {
    const tallied = new Registry();
    const record = createHttpMetrics(tallied);
    const library = new Registry();
    const counter = new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code.",
      labelNames: ["method", "route", "status"],
      registers: [library],
    });
    const histogram = new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from receiving a request to finishing its answer, by method and route pattern.",
      labelNames: ["method", "route"],
      buckets: BUCKETS,
      registers: [library],
    });
    for (const [method, route, status, seconds] of ANSWERS) {
      record(method, route, status, seconds);
      counter.inc({ method, route: route ?? "unmatched", status: String(status) });
      histogram.observe({ method, route: route ?? "unmatched" }, seconds);
    }
    const lines = async (registry: Registry) => (await registry.metrics()).split("\n").sort();
    expect(await lines(tallied)).toEqual(await lines(library));
  });
});
