// PostgreSQL stopped and restarted under load, against the real server process on a throwaway
// cluster of its own (helpers/postgres-cluster.ts; the machine's shared PostgreSQL is never
// stopped): while it is down, calls that need the database answer 503 with Retry-After (never a
// 500), a rank list served from memory keeps answering 200, /healthz answers 200 saying why the
// database is unavailable and /readyz 503; once it is back, /readyz and the API answer 200 again
// within the 10 s, without a restart, and so do its background jobs (the snapshot poll's
// runs in /metrics: errors while it was down, clean runs after). The server runs from source
// (no build), so this file runs alongside the other server tests.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_HEADERS } from "../../e2e/api";
import { startServer, type RunningServer } from "../../e2e/server-process";
import { startPostgresCluster, type PostgresCluster } from "../helpers/postgres-cluster";
import { signInWriter } from "./writer";

const RECOVERY_BOUND_MS = 10_000;

interface Answer {
  route: string;
  status: number;
  retryAfter: string | null;
  code: number | null;
}

/** Calls that need the database (account routes always ask it), and one served from memory. */
const ROUTES = {
  account: "/v1/user/accounts/current-user",
  favourites: "/api/v1/tikmeta/portal/like?type=goods",
  memory: "/api/v1/rank/goods?window=24h",
} as const;

async function call(base: string, route: keyof typeof ROUTES, token: string): Promise<Answer> {
  const response = await fetch(`${base}${ROUTES[route]}`, {
    headers: { ...API_HEADERS, ...(route === "memory" ? {} : { authorization: token }) },
  });
  const body = (await response.json().catch(() => null)) as { code?: number } | null;
  return { route, status: response.status, retryAfter: response.headers.get("retry-after"), code: body?.code ?? null };
}

/** Keeps `concurrency` callers cycling through the routes until `until` resolves. */
async function load(base: string, token: string, until: Promise<unknown>, concurrency = 4): Promise<Answer[]> {
  const answers: Answer[] = [];
  let running = true;
  void until.finally(() => (running = false));
  const routes = Object.keys(ROUTES) as Array<keyof typeof ROUTES>;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; running; i++) answers.push(await call(base, routes[i % routes.length], token));
    }),
  );
  return answers;
}

/** How many snapshot-poll runs ended with `outcome` (/metrics, read from loopback). */
async function pollRuns(base: string, outcome: "error" | "skipped" | "ok"): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.match(new RegExp(`^jobs_runs_total\\{job="snapshot_poll",outcome="${outcome}"\\} (\\d+)`, "m"));
  return line ? Number(line[1]) : 0;
}

async function probe(base: string, path: "/healthz" | "/readyz") {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
}

describe("PostgreSQL stopped and restarted under load", () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    server = await startServer({
      fromSource: true,
      env: {
        DATABASE_URL: cluster.url,
        DEMO_MODE: "true",
        DEMO_DATA_ON_START: "always",
        DEMO_DATA_SCALE: "0.02",
        RATE_LIMIT_SCALE: "0",
        DATA_POLL_MS: "1000",
      },
    });
    token = await signInWriter(server.url);
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it("answers 503 with Retry-After while it is down, and recovers within 10 s once it is back", async () => {
    const before = await load(server.url, token, sleep(1_000));
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((answer) => answer.status !== 200)).toEqual([]);

    await cluster.stop("fast");
    const during = await load(server.url, token, sleep(3_000));
    const health = await probe(server.url, "/healthz");
    const ready = await probe(server.url, "/readyz");

    const needingDatabase = during.filter((answer) => answer.route !== "memory");
    expect(needingDatabase.length).toBeGreaterThan(0);
    for (const answer of needingDatabase) {
      expect(answer).toEqual({ route: answer.route, status: 503, retryAfter: "5", code: 503 });
    }
    const fromMemory = during.filter((answer) => answer.route === "memory");
    expect(fromMemory.length).toBeGreaterThan(0);
    expect(fromMemory.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(health).toEqual({
      status: 200,
      retryAfter: null,
      body: { status: "ok", database: "unavailable", reason: "connection refused" },
    });
    expect(ready).toEqual({
      status: 503,
      retryAfter: "5",
      body: { status: "unavailable", database: "unavailable", reason: "connection refused" },
    });

    await cluster.start();
    const deadline = Date.now() + RECOVERY_BOUND_MS;
    let recovered = false;
    while (!recovered && Date.now() < deadline) {
      const [readyz, account] = await Promise.all([probe(server.url, "/readyz"), call(server.url, "account", token)]);
      recovered = readyz.status === 200 && account.status === 200;
      if (!recovered) await sleep(100);
    }
    expect(recovered).toBe(true);
    expect(await pollRuns(server.url, "error")).toBeGreaterThan(0);
    const cleanRuns = async () => (await pollRuns(server.url, "skipped")) + (await pollRuns(server.url, "ok"));
    const cleanAtRecovery = await cleanRuns();
    const jobsDeadline = Date.now() + RECOVERY_BOUND_MS;
    while ((await cleanRuns()) <= cleanAtRecovery && Date.now() < jobsDeadline) await sleep(200);
    expect(await cleanRuns()).toBeGreaterThan(cleanAtRecovery);

    const after = await load(server.url, token, sleep(1_000));
    expect(after.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(await probe(server.url, "/healthz")).toMatchObject({ status: 200, body: { database: "ok" } });
  });
});
