// One throughput figure of the HTTP benches: autocannon against a URL (or a rotating sequence of
// paths) after a short warm-up, reduced to requests/s, p99 latency and failed answers, and when
// asked the CPU time the answering processes spent per request in the measured run (a figure
// that, unlike req/s and p99, hardly moves when other work shares the machine's CPUs).
import autocannon, { type Options } from "autocannon";

export interface Load {
  name: string;
  rps: number;
  /** Requests completed in the measured run. */
  requests: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per completed request, per process group of LoadOptions.cpu. */
  cpuMsPerRequest?: Record<string, number>;
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
  /**
   * CPU milliseconds each answering process has used so far, keyed `group` or `group:process`
   * (e.g. "server", "database:4711"): a process missing from the second reading (ended) is left
   * out, one new in it counts from zero, and the figures are summed per group.
   */
  cpu?: () => Promise<Record<string, number>>;
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
  const before = await o.cpu?.();
  const result = await autocannon(options(url, o, o.durationS, o.paths));
  const after = await o.cpu?.();
  const load: Load = {
    name,
    rps: result.requests.average,
    requests: result.requests.total,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
  if (before && after && load.requests > 0) {
    const groups: Record<string, number> = {};
    for (const [key, ms] of Object.entries(after)) {
      const group = key.split(":")[0];
      groups[group] = (groups[group] ?? 0) + (ms - (before[key] ?? 0)) / load.requests;
    }
    load.cpuMsPerRequest = groups;
  }
  return load;
}
