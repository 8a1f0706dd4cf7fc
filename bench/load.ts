// One throughput figure of the HTTP benches: autocannon against a URL (or a rotating sequence of
// paths) after a short warm-up, reduced to requests/s, p99 latency and failed answers.
import autocannon, { type Options } from "autocannon";

export interface Load {
  name: string;
  rps: number;
  /** Requests completed in the measured run. */
  requests: number;
  p99: number;
  errors: number;
}

export interface LoadOptions {
  connections: number;
  durationS: number;
  /** A warm-up run first (JIT, caches); 0 for none. */
  warmupS: number;
  headers?: Record<string, string>;
  /** Each request's path is the next of these (after the URL's origin), round robin over all connections. */
  paths?: readonly string[];
  /** The warm-up's own paths (e.g. other pages, so the measured bodies stay cold); default the same. */
  warmupPaths?: readonly string[];
}

function options(url: string, o: LoadOptions, durationS: number, paths?: readonly string[]): Options {
  const base: Options = { url, connections: o.connections, duration: durationS, headers: o.headers };
  if (!paths?.length) return base;
  let next = 0;
  return {
    ...base,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  };
}

export async function measure(name: string, url: string, o: LoadOptions): Promise<Load> {
  if (o.warmupS > 0) await autocannon(options(url, o, o.warmupS, o.warmupPaths ?? o.paths));
  const result = await autocannon(options(url, o, o.durationS, o.paths));
  return {
    name,
    rps: result.requests.average,
    requests: result.requests.total,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}
