// `npm run bench:cluster`: the long form of the cluster e2e (tests/e2e/cluster.test.ts), printed,
// never asserted. On a throwaway database of the PostgreSQL server at BENCH_DATABASE_URL (or
// TEST_DATABASE_URL), demo dataset at scale 0.5, the topology of `npm run cluster`:
// 1. throughput through nginx of a rank list (autocannon, 50 connections, 10 s after a 2 s
//    warm-up) with one instance behind it, then with two: requests/s and their ratio;
// 2. with two instances, 12 s of autocannon load of favourite adds (a new id each request) and
//    list reads through nginx, one instance killed with SIGKILL after 4 s: answers by status
//    before, in the first second after and after the kill, and the acknowledged adds (code 0)
//    against the rows stored.
// On a 2-core machine nginx, autocannon and the instances share the cores, so the ratio shows
// what a second process adds here, not on a machine with a core per process.
import autocannon from "autocannon";
import pg from "pg";
import { startCluster, type Cluster } from "../scripts/cluster/cluster";
import { freePort } from "../scripts/free-port";
import { createThrowawayPostgres } from "../tests/server/helpers/app";
import { proToken } from "./demo-login";
import { measure, type Load } from "./load";

declare module "autocannon" {
  interface Result {
    statusCodeStats: Record<string, { count: number }>;
  }
}

const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;
const KILL_LOAD_S = 12;
const KILL_AFTER_MS = 4_000;
const API = { "system-id": "14" };
const LIST = "/api/v1/rank/goods?window=24h";

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.error(
    "Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server this bench may create a database on",
  );
  process.exit(1);
}

async function throughput(cluster: Cluster): Promise<Load> {
  const options = { connections: CONNECTIONS, durationS: DURATION_S, warmupS: WARMUP_S, headers: API };
  return measure(LIST, `${cluster.url}${LIST}`, options);
}

type Phase = "before" | "first second after" | "after";

const throwaway = await createThrowawayPostgres(adminUrl);
const sql = new pg.Pool({ connectionString: throwaway.url, max: 2 });
const env = {
  DATABASE_URL: throwaway.url,
  DEMO_MODE: "true",
  DEMO_DATA_ON_START: "always",
  DEMO_DATA_SCALE: "0.5",
  LOG_LEVEL: "warn",
  STATIC_DIR: "/nonexistent/shopradar-bench",
  RATE_LIMIT_SCALE: "0",
};
let cluster: Cluster | undefined;
try {
  cluster = await startCluster({ instances: 1, port: await freePort(), env });
  const one = await throughput(cluster);
  await cluster.stop();
  cluster = await startCluster({ instances: 2, port: await freePort(), env });
  const two = await throughput(cluster);
  console.log(`GET ${LIST} through nginx, ${CONNECTIONS} connections, ${DURATION_S} s:`);
  console.log(`  1 instance : ${one.rps.toFixed(0)} req/s, p99 ${one.p99} ms, ${one.errors} failed`);
  console.log(`  2 instances: ${two.rps.toFixed(0)} req/s, p99 ${two.p99} ms, ${two.errors} failed`);
  console.log(`  ratio 2/1  : ${(two.rps / one.rps).toFixed(2)}`);

  const token = await proToken(cluster.url);
  const ids = (await sql.query<{ id: string }>("select id from videos order by id")).rows.map((row) => row.id);
  let next = 0;
  let killedAt = Infinity;
  const phaseNow = (): Phase =>
    Date.now() < killedAt ? "before" : Date.now() < killedAt + 1_000 ? "first second after" : "after";
  const answers = new Map<string, number>();
  const acknowledged = new Set<string>();
  const count = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
  const headers = { ...API, authorization: token, "content-type": "application/json" };
  const load = autocannon({
    url: cluster.url,
    connections: CONNECTIONS,
    duration: KILL_LOAD_S,
    requests: [
      {
        method: "PUT",
        path: "/api/v1/tikmeta/portal/like",
        headers,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ type: "video", id: ids[next++ % ids.length] }),
        }),
        onResponse: (status, body) => {
          count(`${phaseNow()}|write ${status}`);
          try {
            const envelope = JSON.parse(body) as { code: number; data: { id: string } };
            if (envelope.code === 0) acknowledged.add(envelope.data.id);
          } catch {
            // nginx's HTML error page: not acknowledged
          }
        },
      },
      { method: "GET", path: LIST, headers: API, onResponse: (status) => count(`${phaseNow()}|read ${status}`) },
    ],
  });
  await new Promise((resolve) => setTimeout(resolve, KILL_AFTER_MS));
  const victim = cluster.instances[1];
  const killStarted = Date.now();
  await victim.stop("SIGKILL");
  killedAt = killStarted;
  const result = await load;

  const stored = await sql.query<{ entity_id: string }>(
    "select f.entity_id from favourites f join users u on u.id = f.user_id where u.email = $1 and f.kind = 'video'",
    ["pro@shopradar.demo"],
  );
  const storedIds = new Set(stored.rows.map((row) => row.entity_id));
  const lost = [...acknowledged].filter((id) => !storedIds.has(id));
  console.log(
    `\nSIGKILL of ${victim.name} after ${KILL_AFTER_MS / 1000} s of ${KILL_LOAD_S} s load (${CONNECTIONS} connections, writes and reads):`,
  );
  for (const phase of ["before", "first second after", "after"] as Phase[]) {
    const line = [...answers]
      .filter(([key]) => key.startsWith(`${phase}|`))
      .map(([key, n]) => `${key.slice(phase.length + 1)}: ${n}`)
      .join(", ");
    console.log(`  ${phase.padEnd(18)} ${line || "(none)"}`);
  }
  console.log(`  connection errors: ${result.errors}, timeouts: ${result.timeouts}`);
  console.log(
    `  acknowledged adds: ${acknowledged.size}, stored: ${storedIds.size}, acknowledged but missing: ${lost.length}`,
  );
} finally {
  await cluster?.stop();
  await sql.end();
  await throwaway.drop();
}
