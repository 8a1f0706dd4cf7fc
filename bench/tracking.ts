// `npm run bench:tracking`: how many tracking events per second the server ingests,
// printed, never asserted. Starts the real server on a fresh embedded database, measures GET
// /healthz (one database round trip) as the baseline, then POSTs batches of 1, 20 and 100 events
// to /api/v1/portal/statistics/common-user/action with autocannon (every request with new
// client ids), and prints events/s next to the baseline's req/s as a ratio. At the end the server
// is stopped and the stored rows are counted, so the figure is events really stored, once each.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { count } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { trackingEvents } from "../server/db/schema";
import { msUntilHealthy, startChild } from "./processes";
import { freePort } from "../scripts/free-port";

const CONNECTIONS = 20;
const DURATION_S = 10;
const WARMUP_S = 2;
const PATH = "/api/v1/portal/statistics/common-user/action";
const HEADERS = { "system-id": "14", "content-type": "application/json" };

const run = randomBytes(4).toString("hex");
let sequence = 0;
function batch(size: number): string {
  const at = Date.now();
  const actions = Array.from({ length: size }, () => ({
    id: `b${run}_${(sequence++).toString(36)}`,
    event: "page_view",
    scene: "home",
    page_name: "index",
    page_url: "https://shopradar.local/pages/tab/rank/rank?type=goods",
    language: "vi",
    device_id: "bench-device",
    session_id: "bench-session",
    net_type: "4g",
    browser_info: "Mozilla/5.0 (Linux; Android 14) Chrome/131 Mobile",
    json_str: '{"business_side":"H5","app_lang":"vi"}',
    at,
  }));
  return JSON.stringify({ actions, system_id: 14, channel_id: 1 });
}

interface Figure {
  name: string;
  rps: number;
  eventsPerS: number | null;
  p99: number;
  errors: number;
}

async function baseline(url: string): Promise<Figure> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    name: "GET /healthz (baseline)",
    rps: result.requests.average,
    eventsPerS: null,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

let storedTotal = 0;
async function ingest(base: string, size: number): Promise<Figure> {
  let accepted = 0;
  let duplicates = 0;
  const requests = [
    {
      method: "POST",
      path: PATH,
      headers: HEADERS,
      setupRequest: (request: { body?: string }) => ({ ...request, body: batch(size) }),
      onResponse: (status: number, body: string) => {
        if (status !== 200) return;
        const { data } = JSON.parse(body) as { data: { accepted: number; duplicates: number } };
        accepted += data.accepted;
        duplicates += data.duplicates;
      },
    },
  ];
  await autocannon({ url: base, connections: CONNECTIONS, duration: WARMUP_S, requests });
  storedTotal += accepted;
  accepted = 0;
  const started = performance.now();
  const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, requests });
  const seconds = (performance.now() - started) / 1000;
  storedTotal += accepted;
  if (duplicates) throw new Error(`${duplicates} events reported as duplicates: ids are not unique`);
  return {
    name: `POST ${size}-event batches`,
    rps: result.requests.average,
    eventsPerS: accepted / seconds,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "shopradar-bench-tracking-"));
const env = {
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  STATIC_DIR: "/nonexistent/shopradar-bench",
  LOG_LEVEL: "warn",
  DEMO_DATA_SCALE: "0.05",
  RANK_REFRESH: "false",
  // One address sends every batch: a load test, not a client.
  RATE_LIMIT_SCALE: "0",
};
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild(["server/index.ts"], { ...env, PORT: String(port) });
  try {
    await msUntilHealthy(`${base}/healthz`, server, performance.now());
    const figures: Figure[] = [await baseline(`${base}/healthz`)];
    for (const size of [1, 20, 100]) figures.push(await ingest(base, size));
    figures.push({ ...(await baseline(`${base}/healthz`)), name: "GET /healthz (baseline, again)" });
    const reference = (figures[0].rps + figures.at(-1)!.rps) / 2;

    console.log(
      `\nShopRadar tracking ingest bench (autocannon ${CONNECTIONS} connections x ${DURATION_S} s; embedded PGlite; server LOG_LEVEL=warn)\n`,
    );
    console.log(
      `baseline: mean of the two /healthz runs, ${reference.toFixed(0)} req/s (each one database round trip)\n`,
    );
    console.log(
      "load".padEnd(32),
      "req/s".padStart(8),
      "events/s".padStart(10),
      "vs /healthz".padStart(12),
      "p99 ms".padStart(8),
      "errors".padStart(7),
    );
    for (const f of figures) {
      const ratio = (f.eventsPerS ?? f.rps) / reference;
      console.log(
        f.name.padEnd(32),
        f.rps.toFixed(0).padStart(8),
        (f.eventsPerS === null ? "-" : f.eventsPerS.toFixed(0)).padStart(10),
        `${ratio.toFixed(2)}x`.padStart(12),
        String(f.p99).padStart(8),
        String(f.errors).padStart(7),
      );
    }
    console.log("\nvs /healthz: events stored per second (req/s for the baselines) divided by the baseline req/s");
  } finally {
    await server.stop();
  }
  const database = await openDatabase({ dataDir, databaseUrl: null });
  const [{ n }] = (await database.db.select({ n: count() }).from(trackingEvents)) as [{ n: number }];
  await database.close();
  // Requests still in flight when an autocannon run stops are stored but their answers not read.
  const inFlight = 2 * CONNECTIONS * (1 + 20 + 100);
  console.log(
    `rows in tracking_events after the run: ${n}; answered as accepted: ${storedTotal} (the rest, at most ${inFlight}, were in flight when a run stopped)`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
