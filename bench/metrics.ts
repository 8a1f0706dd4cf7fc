// `npm run bench:metrics`: what /metrics' per-request recorder costs, printed, never
// asserted. (1) In this process: nanoseconds per recorded answer, spread over 40 route and
// status series. (2) Over HTTP: autocannon (50 connections, 5 s after a 2 s warm-up) against
// bench/metrics-server.ts without and with the plugin (one small route, request logging on as
// in the real server), alternated five times (ABBA) so a busy machine weighs on both alike,
// printing req/s and the server's CPU time per request (from /proc: steadier than req/s when
// other work shares the machine). The difference is the plugin's cost per request, to set
// against a route's own time (the rank list's in `npm run bench:api`).
import autocannon from "autocannon";
import { Registry } from "prom-client";
import { createHttpMetrics } from "../server/lib/metrics/http-metrics";
import { cpuMicroseconds, msUntilHealthy, startChild, type Child } from "./processes";
import { freePort } from "../scripts/free-port";

const CONNECTIONS = 50;
const DURATION_S = 5;
const WARMUP_S = 2;
const ROUNDS = 5;
const CALLS = 2_000_000;

function recorderNanoseconds(): number {
  const record = createHttpMetrics(new Registry());
  const routes = Array.from({ length: 20 }, (_, i) => `/api/v1/route-${i}/:id`);
  const statuses = [200, 404];
  const run = (calls: number) => {
    for (let i = 0; i < calls; i++) record("GET", routes[i % 20], statuses[i & 1], (i % 50) / 1_000);
  };
  run(CALLS / 10); // JIT warm-up
  const started = performance.now();
  run(CALLS);
  return ((performance.now() - started) * 1e6) / CALLS;
}

interface Measure {
  rps: number;
  /** The server's CPU time per request: steadier than req/s when other work shares the machine. */
  cpuUs: number;
}

async function measure(url: string, pid: number): Promise<Measure> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const cpuBefore = cpuMicroseconds(pid);
  const { requests } = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return { rps: requests.average, cpuUs: (cpuMicroseconds(pid) - cpuBefore) / (requests.average * DURATION_S) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const children: Child[] = [];
try {
  const ns = recorderNanoseconds();
  const servers = [];
  for (const [name, mode] of [
    ["small route, logging", "off"],
    ["small route, logging, /metrics", "on"],
  ] as const) {
    const port = await freePort();
    const child = startChild(["bench/metrics-server.ts", String(port), mode]);
    children.push(child);
    const url = `http://127.0.0.1:${port}/bare`;
    await msUntilHealthy(url, child, performance.now());
    servers.push({ name, url, pid: child.process.pid!, runs: [] as Measure[] });
  }
  // ABBA order: a machine getting busier during the run weighs on both alike.
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const server of order) server.runs.push(await measure(server.url, server.pid));
  }
  const [plain, metered] = servers;
  // One busy moment can sink a single run: the median of the rounds resists it.
  const medianOf = (values: (round: number) => number) => median(plain.runs.map((_, round) => values(round)));
  const rpsRatio = medianOf((round) => metered.runs[round].rps / plain.runs[round].rps);
  const extraCpuUs = medianOf((round) => metered.runs[round].cpuUs - plain.runs[round].cpuUs);

  console.log(`\n/metrics: what its per-request recorder costs\n`);
  console.log(`in process: ${ns.toFixed(0)} ns per recorded answer (${CALLS} calls over 40 series)\n`);
  console.log(
    `over HTTP (autocannon ${CONNECTIONS} connections x ${DURATION_S} s, ${ROUNDS} rounds ABBA): req/s, server CPU us per request`,
  );
  for (const server of servers) {
    const runs = server.runs.map(({ rps, cpuUs }) => `${rps.toFixed(0).padStart(6)} ${cpuUs.toFixed(1).padStart(5)}`);
    console.log(`  ${server.name.padEnd(32)} ${runs.join("  |")}`);
  }
  console.log(
    `  median per round: req/s ratio ${rpsRatio.toFixed(3)}; server CPU per request ${extraCpuUs >= 0 ? "+" : ""}${extraCpuUs.toFixed(2)} us`,
  );
} finally {
  await Promise.all(children.map((child) => child.stop()));
}
