// GET /metrics in Prometheus' text format (prom-client): requests per route pattern, their
// latencies, the event loop, the PostgreSQL pool and background job runs (lib/metrics/*). One
// registry per app, never prom-client's global one (tests build many apps in one process); its
// event-loop monitor stops when the app closes. `app.metrics` is the registry and the job
// observer, so a module can add its own counter:
//   new Counter({ name: "x_total", help: "...", registers: [app.metrics.registry] })
// Readers: loopback clients (the resolved client address: behind a proxy on this machine with
// TRUST_PROXY a public client is not loopback, and without TRUST_PROXY a forwarded request
// counts as not loopback) or `Authorization: Bearer <METRICS_TOKEN>`. Everyone else gets the
// answer of an unknown path. Outside the API prefixes (no system-id), no rate limit, hidden from
// the OpenAPI document.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Registry } from "prom-client";
import type { PoolStats } from "../db/client";
import type { JobObserver } from "../lib/interval-job";
import { isLoopbackAddress } from "../lib/loopback";
import { createHttpMetrics } from "../lib/metrics/http-metrics";
import { createJobMetrics } from "../lib/metrics/job-metrics";
import { registerPoolMetrics } from "../lib/metrics/pool-metrics";
import { registerProcessMetrics } from "../lib/metrics/process-metrics";

export const METRICS_PATH = "/metrics";
const BEARER = /^Bearer\s+/i;

export interface AppMetrics {
  /** This app's registry: register a module's own metrics here. */
  registry: Registry;
  /** Counts a background job's run (pass it to the job's schedule). */
  observeJob: JobObserver;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export interface MetricsOptions {
  /** METRICS_TOKEN: lets a non-loopback scraper in; null = loopback clients only. */
  token: string | null;
  /** The database's pool figures (null on the embedded database). */
  poolStats: () => PoolStats | null;
}

/** Whether the token in `Authorization: Bearer <token>` is `expected` (in constant time). */
function bearerMatches(header: string | undefined, expected: Buffer | null): boolean {
  if (!expected || !header || !BEARER.test(header)) return false;
  const given = Buffer.from(header.replace(BEARER, "").trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A loopback client: the resolved address (request.ip, X-Forwarded-For through TRUST_PROXY) is
 * loopback, and so is every address a proxy forwarded, if any: a proxy on this machine that
 * TRUST_PROXY does not name would otherwise make every client look local.
 */
function isLoopbackClient(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.ip)) return false;
  const forwarded = request.headers["x-forwarded-for"];
  if (forwarded === undefined) return true;
  const hops = (Array.isArray(forwarded) ? forwarded.join(",") : forwarded).split(",");
  return hops.every((hop) => isLoopbackAddress(hop.trim()));
}

/** Decorates `app.metrics`, records every answer and serves GET /metrics; call before the routes. */
export function applyMetrics(app: FastifyInstance, { token, poolStats }: MetricsOptions): AppMetrics {
  const registry = new Registry();
  const stopProcessMetrics = registerProcessMetrics(registry);
  // The embedded database has no pool: no gauges stuck at 0.
  if (poolStats() !== null) registerPoolMetrics(registry, poolStats);
  const recordRequest = createHttpMetrics(registry);
  const metrics: AppMetrics = { registry, observeJob: createJobMetrics(registry) };
  const expected = token === null ? null : Buffer.from(token);

  app.decorate("metrics", metrics);
  app.addHook("onClose", async () => stopProcessMetrics());
  // The one per-request cost: two map lookups, a counter and a histogram bucket.
  app.addHook("onResponse", (request, reply, done) => {
    recordRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1_000);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (!isLoopbackClient(request) && !bearerMatches(request.headers.authorization, expected)) {
      reply.callNotFound();
      return reply;
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
  return metrics;
}
