// `npm run bench:api`: the data API's speed figures in one run, printed, never
// asserted. Starts the real server as `npm start` runs it (compiled, plain Node) on a fresh
// demo dataset (scale 1), times the first start to a healthy /healthz, waits until its
// catch-up refresh has filled the rank tables (timed too) and reads its resident memory; then
// times a restart (which serves the lists from the rank tables); then autocannon (50 connections, 10 s each) against a
// bare Fastify JSON route in its own process as the baseline, GET /api/v1/rank/goods?window=24h
// (uncompressed, and compressed as browsers ask for it),
// a goods detail signed in as the demo Pro account (logged in through the API with an RSA-OAEP
// encrypted password) and a search; then the median of 200 sequential searches; then the
// server's resident memory. One more row answers the rank list's own bytes from the bare
// Fastify process: how fast an answer of that size can go on this machine with this load
// generator, next to the tiny JSON of the baseline. The whole run takes under 2 minutes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureServerBuild, SERVER_ENTRY } from "../scripts/build-state";
import { proToken } from "./demo-login";
import { measure, type Load } from "./load";
import { msUntilHealthy, residentMb, startBareServer, startChild, type Child } from "./processes";
import { freePort } from "../scripts/free-port";

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;
const API = { "system-id": "14" };
/** What Chromium sends with every fetch. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const KEYWORDS = [
  "kem",
  "serum",
  "review",
  "ao thun",
  "linh",
  "sepatu",
  "giày",
  "murah",
  "promo",
  "skincare",
  "tai nghe",
  "baju",
  "haul",
  "unboxing",
  "viral",
];

const load = (name: string, url: string, headers: Record<string, string> = {}) =>
  measure(name, url, { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

/** Ms from `started` until the newest snapshot version is a refresh's (the rank tables hold its lists). */
async function msUntilListsPublished(base: string, started: number, timeoutMs = 600_000): Promise<number> {
  while (performance.now() - started < timeoutMs) {
    const answer = (await (await fetch(`${base}/api/v1/rank/versions`, { headers: API })).json()) as {
      data: { snapshots: Array<{ reason: string }> };
    };
    if (answer.data.snapshots[0]?.reason === "refresh") return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the rank lists were not published in time");
}

const dataDir = mkdtempSync(path.join(tmpdir(), "shopradar-bench-"));
const children: Child[] = [];
try {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STATIC_DIR: "/nonexistent/shopradar-bench",
    // The default level (info: one access line per request), as `npm start` runs; BENCH_LOG_LEVEL overrides.
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
    DEMO_DATA_SCALE: "1",
    // Searches and sign-ins from one address at load-test rates.
    RATE_LIMIT_SCALE: "0",
  };

  ensureServerBuild();
  let started = performance.now();
  let server = startChild([SERVER_ENTRY], env);
  children.push(server);
  const firstStartMs = await msUntilHealthy(`${base}/healthz`, server, started);
  await autocannon({
    url: `${base}/api/v1/rank/goods?window=24h`,
    connections: CONNECTIONS,
    duration: WARMUP_S,
    headers: API,
  });
  // The first start's lists come from the engine until the catch-up refresh has filled the rank
  // tables (jobs/scheduler.ts): wait for it, so the restart below serves them from the tables.
  const listsPublishedMs = await msUntilListsPublished(base, started);
  const firstStartRss = residentMb(server.process.pid!);
  await server.stop();
  started = performance.now();
  server = startChild([SERVER_ENTRY], env);
  children.push(server);
  const restartMs = await msUntilHealthy(`${base}/healthz`, server, started);

  // The rank list's bytes as autocannon gets them (uncompressed), for the bare route of that size.
  const rankBody = Buffer.from(
    await (await fetch(`${base}/api/v1/rank/goods?window=24h`, { headers: API })).arrayBuffer(),
  );
  const bare = await startBareServer({ bytes: rankBody, dir: dataDir });
  children.push(bare.child);

  const token = await proToken(base);
  const auth = { ...API, authorization: `Bearer ${token}` };
  const top = (await (await fetch(`${base}/api/v1/rank/goods?window=24h&size=1`, { headers: API })).json()) as {
    data: { list: Array<{ id: string }> };
  };
  const goodsId = top.data.list[0].id;

  const loads: Load[] = [];
  loads.push(await load("bare Fastify JSON route", bare.url));
  loads.push(await load("GET /api/v1/rank/goods?window=24h", `${base}/api/v1/rank/goods?window=24h`, API));
  // The same list as browsers and the app's service worker ask for it: the cached Brotli body.
  loads.push(
    await load("GET /api/v1/rank/goods?window=24h (br, as browsers ask)", `${base}/api/v1/rank/goods?window=24h`, {
      ...API,
      "accept-encoding": BROWSER_ACCEPT_ENCODING,
    }),
  );
  loads.push(
    await load(`bare Fastify route answering the list's ${(rankBody.length / 1024).toFixed(1)} KB`, bare.bodyUrl),
  );
  loads.push(await load(`GET /api/v1/goods/${goodsId} (Pro)`, `${base}/api/v1/goods/${goodsId}`, auth));
  loads.push(
    await load(
      "GET /api/v1/search/videos?keyword=review (Pro)",
      `${base}/api/v1/search/videos?keyword=review&country=VN`,
      auth,
    ),
  );
  // The baseline again: on a 2-core machine one run can be off by a lot; the mean of the two is the reference.
  const bareAgain = await load("bare Fastify JSON route (again)", bare.url);

  const latencies: number[] = [];
  for (let i = 0; i < 200; i++) {
    const keyword = KEYWORDS[i % KEYWORDS.length];
    const kind = i % 2 ? "influencers" : "videos";
    const t0 = performance.now();
    const response = await fetch(
      `${base}/api/v1/search/${kind}?keyword=${encodeURIComponent(keyword)}${i % 3 ? "&country=VN" : ""}`,
      { headers: auth },
    );
    await response.arrayBuffer();
    latencies.push(performance.now() - t0);
  }
  const rss = residentMb(server.process.pid!);

  const baseline = (loads[0].rps + bareAgain.rps) / 2;
  loads.push(bareAgain);
  console.log(
    `\nShopRadar data API bench (autocannon ${CONNECTIONS} connections x ${DURATION_S} s; server LOG_LEVEL=${process.env.BENCH_LOG_LEVEL ?? "default (info)"}; demo dataset scale 1)\n`,
  );
  console.log(`ratios against the mean of the two baseline runs: ${baseline.toFixed(0)} req/s\n`);
  console.log(
    "route".padEnd(60),
    "req/s".padStart(9),
    "p99 ms".padStart(8),
    "vs bare".padStart(8),
    "errors".padStart(7),
  );
  for (const l of loads) {
    console.log(
      l.name.padEnd(60),
      l.rps.toFixed(0).padStart(9),
      String(l.p99).padStart(8),
      (l.rps / baseline).toFixed(2).padStart(8),
      String(l.errors).padStart(7),
    );
  }
  console.log(
    `\nsearch over HTTP, 200 sequential mixed queries: median ${median(latencies).toFixed(1)} ms, p95 ${p95(latencies).toFixed(1)} ms`,
  );
  console.log(
    `first start with dataset generation to healthy: ${(firstStartMs / 1000).toFixed(1)} s; rank lists filled into the rank tables and published ${(listsPublishedMs / 1000).toFixed(1)} s after spawn; restart to healthy: ${(restartMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `server resident memory: after the first start, a ${WARMUP_S} s warm-up and the rank tables' fill ${firstStartRss.toFixed(0)} MB; after the restart and the whole load ${rss.toFixed(0)} MB`,
  );
} finally {
  for (const child of children) await child.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
