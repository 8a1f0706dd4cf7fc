// GET /metrics (plugins/metrics.ts): requests counted per route pattern (never the URL), the
// latency histogram, event-loop lag and process figures, background job runs, the PostgreSQL
// pool's gauges (on a throwaway database, TEST_DATABASE_URL), one registry per app, and who may
// read it: loopback clients by their resolved address (not a public client behind a proxy on
// this machine), or a bearer METRICS_TOKEN; everyone else gets the unknown-path answer.
import { sql } from "drizzle-orm";
import { Counter } from "prom-client";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  API_HEADERS,
  buildTestApp,
  captureLogs,
  openTestApp,
  useThrowawayPostgres,
  type TestApp,
} from "../helpers/app";
import { parseMetrics, samplesOf, valueOf, type Sample } from "../helpers/metrics";
import { oracleSnapshot } from "../helpers/oracle";

const TOKEN = "scrape-token-0123456789abcdef";
const PUBLIC_ADDRESS = "203.0.113.7";
const GOODS_ROUTE = "/api/v1/goods/:id";

async function scrape(app: FastifyInstance, options: Omit<InjectOptions, "url" | "method"> = {}): Promise<Sample[]> {
  const response = await app.inject({ method: "GET", url: "/metrics", ...options });
  expect(response.statusCode).toBe(200);
  return parseMetrics(response.body);
}

/** The status of GET /metrics for this caller. */
async function scrapeStatus(app: FastifyInstance, options: Omit<InjectOptions, "url" | "method">): Promise<number> {
  return (await app.inject({ method: "GET", url: "/metrics", ...options })).statusCode;
}

describe("/metrics", () => {
  let t: TestApp;
  // Same database, METRICS_TOKEN set and nginx-style TRUST_PROXY, its log lines kept.
  let guarded: FastifyInstance;
  const guardedLogs = captureLogs();

  beforeAll(async () => {
    t = await openTestApp();
    guarded = await buildTestApp(t.database, {
      env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "info" },
      logStream: guardedLogs,
    });
  }, 120_000);
  afterAll(async () => {
    await guarded?.close();
    await t?.close();
  });

  it("counts answers per route pattern and status, never the URL's ids; unmatched requests share one label", async () => {
    const id = (await oracleSnapshot(t.database)).dataset.goods[0].id;
    const before = await scrape(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      statuses.push(
        (await t.app.inject({ method: "GET", url: `/api/v1/goods/${id}`, headers: API_HEADERS })).statusCode,
      );
    }
    expect(statuses[1]).toBe(statuses[0]);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/v1/no-such-route/secret-abc123",
      headers: API_HEADERS,
    });
    expect(missing.statusCode).toBe(404);

    const response = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.body).not.toContain(id);
    expect(response.body).not.toContain("secret-abc123");
    const after = parseMetrics(response.body);

    const goods = { method: "GET", route: GOODS_ROUTE };
    const count = (samples: Sample[], labels: Record<string, string>) =>
      valueOf(samples, "http_requests_total", labels) ?? 0;
    const status = String(statuses[0]);
    expect(count(after, { ...goods, status }) - count(before, { ...goods, status })).toBe(2);
    const unmatched = { method: "GET", route: "unmatched", status: "404" };
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);

    // The histogram: its count and +Inf bucket agree with the requests, and the time is not zero.
    const histogram = (name: string, labels: Record<string, string> = {}) =>
      (valueOf(after, `http_request_duration_seconds_${name}`, { ...goods, ...labels }) ?? 0) -
      (valueOf(before, `http_request_duration_seconds_${name}`, { ...goods, ...labels }) ?? 0);
    expect(histogram("count")).toBe(2);
    expect(histogram("bucket", { le: "+Inf" })).toBe(2);
    expect(histogram("sum")).toBeGreaterThan(0);
    // Every route label is a pattern or "unmatched": no raw path with an id made it in.
    for (const sample of samplesOf(after, "http_requests_total")) {
      expect(sample.labels.route).not.toMatch(/\d{3,}/);
    }
  });

  it("reports event-loop lag and process figures; no pool gauges on the embedded database", async () => {
    await scrape(t.app);
    // The monitor samples every 20 ms: give it a few samples.
    await new Promise((resolve) => setTimeout(resolve, 120));
    const samples = await scrape(t.app);
    expect(valueOf(samples, "nodejs_eventloop_lag_samples")).toBeGreaterThan(0);
    const p50 = valueOf(samples, "nodejs_eventloop_lag_p50_seconds")!;
    const max = valueOf(samples, "nodejs_eventloop_lag_max_seconds")!;
    expect(p50).toBeGreaterThan(0);
    expect(max).toBeGreaterThanOrEqual(p50);
    expect(valueOf(samples, "nodejs_eventloop_lag_p99_seconds")).toBeGreaterThanOrEqual(p50);
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(valueOf(samples, "process_cpu_seconds_total")).toBeGreaterThan(0);
    expect(samplesOf(samples, "db_pool_clients")).toEqual([]);
  });

  it("counts a background job's runs with their outcome and duration (the monitoring evaluation)", async () => {
    const runs = (samples: Sample[]) =>
      valueOf(samples, "jobs_runs_total", { job: "monitor_evaluation", outcome: "ok" }) ?? 0;
    const before = await scrape(t.app);
    await t.app.monitoring.evaluateNow();
    const after = await scrape(t.app);
    expect(runs(after)).toBeGreaterThanOrEqual(runs(before) + 1);
    expect(valueOf(after, "job_run_duration_seconds_count", { job: "monitor_evaluation" })).toBeGreaterThanOrEqual(
      runs(after),
    );
  });

  it("keeps one registry per app: another app's requests are not in it", async () => {
    // A scrape is counted once answered: the second sees the first.
    await scrape(guarded);
    const samples = await scrape(guarded);
    expect(samplesOf(samples, "http_requests_total", { route: GOODS_ROUTE })).toEqual([]);
    expect(samplesOf(samples, "http_requests_total", { route: "/metrics" }).length).toBeGreaterThan(0);
  });

  it("serves a module's own metric registered on app.metrics.registry", async () => {
    const reports = new Counter({
      name: "test_client_reports_total",
      help: "A module's counter.",
      labelNames: ["kind"] as const,
      registers: [t.app.metrics.registry],
    });
    reports.labels("crash").inc(3);
    expect(valueOf(await scrape(t.app), "test_client_reports_total", { kind: "crash" })).toBe(3);
    expect(samplesOf(await scrape(guarded), "test_client_reports_total")).toEqual([]);
  });

  it("answers loopback clients only without a token; a forwarded public client is refused", async () => {
    const refused = await t.app.inject({ method: "GET", url: "/metrics", remoteAddress: PUBLIC_ADDRESS });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ code: 404, msg: "Not found: GET /metrics", data: null });
    expect(refused.body).not.toContain("http_requests_total");
    expect(await scrapeStatus(t.app, { remoteAddress: "::1" })).toBe(200);
    expect(await scrapeStatus(t.app, { remoteAddress: "::ffff:127.0.0.1" })).toBe(200);
    // A proxy on this machine that TRUST_PROXY does not name: the socket is loopback, the client is not.
    expect(await scrapeStatus(t.app, { headers: { "x-forwarded-for": PUBLIC_ADDRESS } })).toBe(404);
    // With no METRICS_TOKEN, no bearer token opens it.
    const bearer = { authorization: `Bearer ${TOKEN}` };
    expect(await scrapeStatus(t.app, { remoteAddress: PUBLIC_ADDRESS, headers: bearer })).toBe(404);
  });

  it("behind TRUST_PROXY judges the forwarded client, and METRICS_TOKEN lets a remote scraper in", async () => {
    expect(await scrapeStatus(guarded, { headers: { "x-forwarded-for": PUBLIC_ADDRESS } })).toBe(404);
    expect(await scrapeStatus(guarded, { headers: { "x-forwarded-for": "127.0.0.1" } })).toBe(200);

    const remote = { remoteAddress: PUBLIC_ADDRESS };
    expect(await scrapeStatus(guarded, remote)).toBe(404);
    expect(await scrapeStatus(guarded, { ...remote, headers: { authorization: `Bearer ${TOKEN}` } })).toBe(200);
    expect(await scrapeStatus(guarded, { ...remote, headers: { authorization: `bearer ${TOKEN}` } })).toBe(200);
    const forwarded = { "x-forwarded-for": PUBLIC_ADDRESS, authorization: `Bearer ${TOKEN}` };
    expect(await scrapeStatus(guarded, { headers: forwarded })).toBe(200);
    for (const wrong of [`Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, TOKEN, "Bearer "]) {
      expect(await scrapeStatus(guarded, { ...remote, headers: { authorization: wrong } })).toBe(404);
    }
    await guarded.close();
    expect(guardedLogs.lines.length).toBeGreaterThan(0);
    expect(guardedLogs.lines.join("\n")).not.toContain(TOKEN);
  });

  it("needs no system-id, has no rate limit and stays out of the OpenAPI document", async () => {
    const openapi = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(Object.keys(openapi.json().paths)).not.toContain("/metrics");
    const limited = await buildTestApp(t.database, { env: { RATE_LIMIT_SCALE: "0.01" } });
    try {
      const statuses = new Set<number>();
      for (let i = 0; i < 40; i++) statuses.add(await scrapeStatus(limited, {}));
      expect([...statuses]).toEqual([200]);
    } finally {
      await limited.close();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("/metrics on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(postgres.database);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("reports the pool's clients: open, idle, checked out, the most it opens, queries waiting", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let checkedOut!: () => void;
    const started = new Promise<void>((resolve) => (checkedOut = resolve));
    // A transaction keeps its client out of the pool until it ends.
    const transaction = postgres.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      checkedOut();
      await held;
    });
    await started;
    const busy = await scrape(app);
    release();
    await transaction;

    const open = valueOf(busy, "db_pool_clients")!;
    expect(open).toBeGreaterThanOrEqual(1);
    expect(open - valueOf(busy, "db_pool_idle_clients")!).toBeGreaterThanOrEqual(1);
    // DB_POOL_SIZE's default.
    expect(valueOf(busy, "db_pool_max_clients")).toBe(4);
    expect(valueOf(busy, "db_pool_waiting_requests")).toBe(0);
    // Background jobs (sandbox deliveries, monitoring) use the pool too: no exact idle count after.
  });
});
