// `npm run bench:faults [-- OUTAGE_S]`: the long forms of the fault tests, figures printed,
// never asserted (tests/server/faults/ asserts the behaviour). Three parts:
// 1. PostgreSQL outage under load: the real server on a throwaway cluster of its own
//    (tests/server/helpers/postgres-cluster.ts), autocannon on a signed-in account call that
//    needs the database and on a rank list served from its cached body; PostgreSQL is stopped for
//    OUTAGE_S seconds (default 10) and started again. Prints answers by status before, during
//    and after the outage, the 5xx other than 503, and the time from PostgreSQL back to the
//    first 200 and to /readyz 200.
// 2. kill -9 of a writer at scale: the real server on the embedded database (demo dataset
//    scale 0.3), 16 writers adding favourites, kill -9 after 1.5 s, three rounds on the same
//    DATA_DIR; prints acknowledged vs stored after each restart.
// 3. What durable commits cost the embedded database: PGlite as before this issue (-F, no real
//    fsync) against now (fsync on, a real fsync per commit): the demo dataset written at scale 1,
//    and 2,000 single-row commits; each variant twice, interleaved, the faster run kept (the
//    first run also warms the JIT), and the host fsync calls counted.
// Spawns servers: run under the e2e lock when others build at the same time.
import fs, { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "../server/db/client";
import { syncWritesToDisk } from "../server/db/pglite-durability";
import * as schema from "../server/db/schema";
import { seedDemoDataset } from "../server/modules/catalog/seed";
import { startServer, type RunningServer } from "../tests/e2e/server-process";
import { startPostgresCluster } from "../tests/server/helpers/postgres-cluster";
import { favouriteItems, signInWriter, startWriter, storedFavourites } from "../tests/server/faults/writer";

const API = { "system-id": "14" };
const CONNECTIONS = 20;
const BEFORE_S = 5;
const AFTER_S = 10;
const KILL_AFTER_MS = 1_500;

function table(rows: Array<Record<string, string | number>>): void {
  console.table(rows);
}

async function outageUnderLoad(outageS: number): Promise<void> {
  const cluster = await startPostgresCluster();
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      env: {
        DATABASE_URL: cluster.url,
        DEMO_MODE: "true",
        DEMO_DATA_ON_START: "always",
        DEMO_DATA_SCALE: "0.1",
        RATE_LIMIT_SCALE: "0",
        LOG_LEVEL: "error",
      },
    });
    const token = await signInWriter(server.url);
    const phases = ["before", "during", "after"] as const;
    type Phase = (typeof phases)[number];
    let phase: Phase = "before";
    const counts = new Map<string, number>();
    let firstOkAfterMs: number | null = null;
    let restartedAt = 0;
    const count = (route: string, status: number) => {
      const key = `${route}|${phase}|${status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (phase === "after" && route === "account" && status === 200 && firstOkAfterMs === null)
        firstOkAfterMs = performance.now() - restartedAt;
    };
    const duration = BEFORE_S + outageS + AFTER_S;
    const account = autocannon({
      url: `${server.url}/v1/user/accounts/current-user`,
      connections: CONNECTIONS,
      duration,
      headers: { ...API, authorization: token },
    }).on("response", (_client, status) => count("account", status));
    const memory = autocannon({
      url: `${server.url}/api/v1/rank/goods?window=24h`,
      connections: CONNECTIONS / 4,
      duration,
      headers: API,
    }).on("response", (_client, status) => count("rank list (cached)", status));

    await sleep(BEFORE_S * 1_000);
    phase = "during";
    await cluster.stop("fast");
    const stoppedAt = performance.now();
    const health = await (await fetch(`${server.url}/healthz`)).json();
    await sleep(Math.max(0, outageS * 1_000 - (performance.now() - stoppedAt)));
    await cluster.start();
    restartedAt = performance.now();
    phase = "after";
    let readyAfterMs: number | null = null;
    while (readyAfterMs === null && performance.now() - restartedAt < 60_000) {
      if ((await fetch(`${server.url}/readyz`)).status === 200) readyAfterMs = performance.now() - restartedAt;
      else await sleep(50);
    }
    const results = await Promise.all([account, memory]);

    console.log(
      `\n1. PostgreSQL stopped for ${outageS} s under load (autocannon ${CONNECTIONS} + ${CONNECTIONS / 4} connections, ${duration} s; demo dataset 0.1)`,
    );
    console.log(`/healthz during the outage: ${JSON.stringify(health)}`);
    const rows = [...counts.entries()]
      .map(([key, n]) => {
        const [route, when, status] = key.split("|");
        return { route, phase: when, status, answers: n };
      })
      .sort(
        (a, b) =>
          a.route.localeCompare(b.route) ||
          phases.indexOf(a.phase as Phase) - phases.indexOf(b.phase as Phase) ||
          a.status.localeCompare(b.status),
      );
    table(rows);
    const fiveXx = rows.filter((row) => Number(row.status) >= 500 && row.status !== "503");
    console.log(`5xx other than 503: ${fiveXx.reduce((sum, row) => sum + row.answers, 0)}`);
    console.log(`request errors (sockets): ${results.reduce((sum, result) => sum + result.errors, 0)}`);
    console.log(
      `recovery after PostgreSQL was back: /readyz 200 after ${readyAfterMs?.toFixed(0) ?? "never"} ms, first account 200 after ${firstOkAfterMs === null ? "never" : (firstOkAfterMs as number).toFixed(0)} ms`,
    );
  } finally {
    await server?.stop();
    await cluster.destroy();
  }
}

async function killWriterRounds(rounds: number): Promise<void> {
  // The first start's lists come from the server's catch-up refresh, which the writer's list reads wait for.
  const env = { DEMO_DATA_SCALE: "0.3", RATE_LIMIT_SCALE: "0", LOG_LEVEL: "error" };
  let server = await startServer({ env });
  const dataDir = server.dataDir;
  const rows: Array<Record<string, string | number>> = [];
  try {
    const token = await signInWriter(server.url);
    const items = await favouriteItems(server.url, token, 6_000);
    const perRound = Math.floor(items.length / rounds);
    for (let round = 0; round < rounds; round++) {
      const writer = startWriter(server.url, token, items.slice(round * perRound, (round + 1) * perRound), 16);
      await sleep(KILL_AFTER_MS);
      server.process.kill("SIGKILL");
      await writer.done;
      const started = performance.now();
      server = await startServer({ dataDir, env });
      const restartMs = performance.now() - started;
      const stored = await storedFavourites(server.url, token);
      const acknowledged = [...writer.acknowledged];
      rows.push({
        round: round + 1,
        acknowledged: acknowledged.length,
        "failed (server gone)": writer.failed(),
        "acknowledged and stored": acknowledged.filter((key) => stored.has(key)).length,
        "acknowledged, missing": acknowledged.filter((key) => !stored.has(key)).length,
        "stored in total": stored.size,
        "restart ms": Math.round(restartMs),
      });
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n2. kill -9 of the server while 16 writers add favourites (embedded database, demo dataset 0.3)`);
  table(rows);
}

const MIGRATIONS = fileURLToPath(new URL("../server/db/migrations", import.meta.url));
const BEFORE_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

interface Cost {
  datasetMs: number;
  commitsMs: number;
  fsyncCalls: number;
}

// Counts the host fsyncs pglite-durability.ts makes (it calls fs.fsyncSync on this same object).
let fsyncCalls = 0;
const hostFsync = fs.fsyncSync;
fs.fsyncSync = (fd) => {
  fsyncCalls++;
  hostFsync(fd);
};

async function pgliteCost(durable: boolean): Promise<Cost> {
  const dir = mkdtempSync(path.join(tmpdir(), "shopradar-bench-fsync-"));
  try {
    const client = await PGlite.create(dir, {
      startParams: durable ? PGLITE_START_PARAMS : BEFORE_PARAMS,
      extensions: PGLITE_EXTENSIONS,
    });
    if (durable) syncWritesToDisk(client);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    fsyncCalls = 0;
    const seeded = await seedDemoDataset(db, { seed: "shopradar", scale: 1 });
    await db.execute(sql`CREATE TABLE bench_commits (id serial PRIMARY KEY, note text)`);
    const started = performance.now();
    for (let i = 0; i < 2_000; i++) await db.execute(sql`INSERT INTO bench_commits (note) VALUES (${`row ${i}`})`);
    const commitsMs = performance.now() - started;
    await client.close();
    return { datasetMs: seeded.storeMs, commitsMs, fsyncCalls };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function fsyncCost(): Promise<void> {
  const runs: Record<"before" | "after", Cost[]> = { before: [], after: [] };
  for (let round = 0; round < 2; round++) {
    runs.before.push(await pgliteCost(false));
    runs.after.push(await pgliteCost(true));
  }
  const fastest = (costs: Cost[]): Cost =>
    costs.reduce((a, b) => (b.datasetMs + b.commitsMs < a.datasetMs + a.commitsMs ? b : a));
  const before = fastest(runs.before);
  const after = fastest(runs.after);
  console.log(`\n3. Durable commits on the embedded database (PGlite on ${tmpdir()})`);
  table([
    {
      figure: "demo dataset scale 1 written (ms)",
      "before (-F, no fsync)": Math.round(before.datasetMs),
      "now (fsync per commit)": Math.round(after.datasetMs),
      ratio: (after.datasetMs / before.datasetMs).toFixed(2),
    },
    {
      figure: "2,000 single-row commits (ms)",
      "before (-F, no fsync)": Math.round(before.commitsMs),
      "now (fsync per commit)": Math.round(after.commitsMs),
      ratio: (after.commitsMs / before.commitsMs).toFixed(2),
    },
    {
      figure: "host fsync calls (dataset + commits)",
      "before (-F, no fsync)": before.fsyncCalls,
      "now (fsync per commit)": after.fsyncCalls,
      ratio: "",
    },
    {
      figure: "commits per second",
      "before (-F, no fsync)": Math.round(2_000_000 / before.commitsMs),
      "now (fsync per commit)": Math.round(2_000_000 / after.commitsMs),
      ratio: (before.commitsMs / after.commitsMs).toFixed(2),
    },
  ]);
}

const outageS = Number(process.argv[2] ?? 10);
if (!Number.isFinite(outageS) || outageS <= 0) {
  console.error("usage: npm run bench:faults [-- OUTAGE_SECONDS]");
  process.exit(2);
}
console.log(`ShopRadar fault bench (${new Date().toISOString()})`);
await outageUnderLoad(outageS);
await killWriterRounds(3);
await fsyncCost();
