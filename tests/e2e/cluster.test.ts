// Scale-out, proven (issue 17, section 2): the topology of `npm run cluster`
// (scripts/cluster/cluster.ts) — Debian's nginx in front of two server processes on one
// throwaway PostgreSQL database (demo mode, a small dataset) — with:
// - a sign-in in Chromium on one instance whose token works on the other;
// - 20 concurrent detail views by a free user, half on each instance: exactly the daily quota
//   (5) succeeds and the other 15 are refused with 801;
// - one signed payment webhook delivered to both instances at once settles once (one paid
//   order, one membership, one payment event);
// - a rank refresh slot reached by both instances is refreshed by exactly one: both processes
//   run under libfaketime with an offset read from a file, and moving that offset past the next
//   slot fires both schedulers' timers at once; the refresh job's advisory lock and slot record
//   let one refresh, and each instance's /metrics (jobs_runs_total) shows one run ok on one and
//   one run skipped on the other, no error; with no new data since the lists were filled, the
//   slot's version is published on them without a fill;
// - SIGKILL of one instance under a load of favourite adds and list reads through nginx: every
//   acknowledged add is stored, and every request sent after the kill is answered by the other.
// Needs TEST_DATABASE_URL (a PostgreSQL server; CI sets it), nginx and libfaketime (.ci/run).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { signWebhook } from "../../server/adapters/payments/webhook-signature";
import { TOKEN_COOKIE } from "../../contract/cookies";
import { startCluster, type Cluster } from "../../scripts/cluster/cluster";
import { freePort } from "../../scripts/free-port";
import { findNginx } from "../../scripts/cluster/nginx-config";
import { eventBody, VN_CARD, WEBHOOK_PATH } from "../server/commerce/harness";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../server/helpers/app";
import { API_HEADERS, apiCall, DEMO_PASSWORD, freshAccount, passwordLoginToken } from "./api";
import { useBrowser, usePhonePage } from "./fixtures";
import { signInThroughLoginPage } from "./login";

const phonePage = usePhonePage(useBrowser());
const FAKETIME_LIBRARY = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const WEBHOOK_SECRET = "whsec_cluster_e2e";
const FREE_DAILY_DETAIL_VIEWS = 5;

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

interface Answer<T = unknown> {
  status: number;
  body: Envelope<T> | null;
}

/** One API call that never throws: the HTTP status and the envelope (null when none came). */
async function call<T = unknown>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<Answer<T>> {
  try {
    const response = await fetch(`${base}${path}`, {
      method: init.method ?? "GET",
      headers: { ...API_HEADERS, ...(init.token ? { authorization: init.token } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    let body: Envelope<T> | null = null;
    try {
      body = JSON.parse(text) as Envelope<T>;
    } catch {
      // nginx's own error pages are HTML
    }
    return { status: response.status, body };
  } catch {
    return { status: 0, body: null };
  }
}

/** Distinct goods ids, in rank order, from the lists of every market the given (paying) user sees. */
async function goodsIds(base: string, token: string, count: number): Promise<string[]> {
  const ids = new Set<string>();
  for (const country of ["VN", "ID", "TH", "MY", "PH", "SG"]) {
    for (let page = 1; ids.size < count; page++) {
      const { list } = await apiCall<{ list: { id: string }[] }>(
        base,
        `/api/v1/rank/goods?size=100&page=${page}&window=30d&country=${country}`,
        { token },
      );
      for (const row of list) ids.add(row.id);
      if (list.length < 100) break;
    }
  }
  expect(ids.size).toBeGreaterThanOrEqual(count);
  return [...ids].slice(0, count);
}

describe("two instances behind nginx on one PostgreSQL", () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let throwaway: ThrowawayPostgres | undefined;
  let cluster: Cluster | undefined;
  let sql: pg.Pool | undefined;
  let clockFile = "";
  const instance = (index: number) => cluster!.instances[index];

  beforeAll(async () => {
    if (!adminUrl) return;
    throwaway = await createThrowawayPostgres(adminUrl);
    sql = new pg.Pool({ connectionString: throwaway.url, max: 4 });
    clockFile = join(mkdtempSync(join(tmpdir(), "shopradar-cluster-clock-")), "faketime");
    writeFileSync(clockFile, "+0");
    cluster = await startCluster({
      instances: 2,
      port: await freePort(),
      env: {
        DATABASE_URL: throwaway.url,
        DEMO_MODE: "true",
        DEMO_DATA_ON_START: "always",
        DEMO_DATA_SCALE: "0.05",
        DATA_POLL_MS: "1000",
        LOG_LEVEL: "info",
        RATE_LIMIT_SCALE: "100",
        PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
        // Port 9 (discard): the gateway's own deliveries stay queued; the test delivers.
        SANDBOX_WEBHOOK_URL: `http://127.0.0.1:9${WEBHOOK_PATH}`,
        // Both instances' clocks (wall and monotonic) follow the offset in clockFile.
        LD_PRELOAD: FAKETIME_LIBRARY,
        FAKETIME_TIMESTAMP_FILE: clockFile,
        FAKETIME_CACHE_DURATION: "1",
      },
    });
  });
  afterAll(async () => {
    await cluster?.stop();
    await sql?.end();
    await throwaway?.drop();
    if (clockFile) rmSync(dirname(clockFile), { recursive: true, force: true });
  });

  it("has its prerequisites: PostgreSQL, nginx and libfaketime", () => {
    expect(adminUrl, "TEST_DATABASE_URL is not set: this test needs a PostgreSQL server").toBeTruthy();
    expect(findNginx(), "nginx missing: apt-get install nginx").not.toBeNull();
    expect(existsSync(FAKETIME_LIBRARY), `${FAKETIME_LIBRARY} missing: apt-get install libfaketime`).toBe(true);
    expect(cluster?.instances).toHaveLength(2);
  });

  it("signs in through one instance in the browser; the token works on the other", async () => {
    const page = await phonePage({ base: instance(0).url });
    await signInThroughLoginPage(page, "basic@shopradar.demo", DEMO_PASSWORD);
    const token = (await page.context().cookies()).find((cookie) => cookie.name === TOKEN_COOKIE)?.value;
    expect(token).toBeTruthy();

    const elsewhere = await call<{ plan: string }[]>(instance(1).url, "/v1/user/accounts/current-combo", { token });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body?.code).toBe(0);
    expect(elsewhere.body?.data.map((combo) => combo.plan)).toContain("basic");
    const throughProxy = await call(cluster!.url, "/v1/user/accounts/current-combo", { token });
    expect(throughProxy.body?.code).toBe(0);
    // Not a server that believes any token: a made-up one is refused on both.
    for (const { url } of cluster!.instances) {
      expect((await call(url, "/v1/user/accounts/current-combo", { token: "0".repeat(64) })).status).toBe(401);
    }
  });

  it("20 concurrent detail views by a free user, spread over both instances, spend exactly the daily quota", async () => {
    const ids = await goodsIds(cluster!.url, await passwordLoginToken(cluster!.url, "pro@shopradar.demo"), 20);
    const token = await passwordLoginToken(cluster!.url, "free@shopradar.demo");
    const answers = await Promise.all(
      ids.map((id, index) => call(instance(index % 2).url, `/api/v1/goods/${id}`, { token })),
    );
    const codes = answers.map((answer) => answer.body?.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(FREE_DAILY_DETAIL_VIEWS);
    expect(codes.filter((code) => code === 801)).toHaveLength(ids.length - FREE_DAILY_DETAIL_VIEWS);
    expect(answers.filter((answer) => answer.body?.code === 801).every((answer) => answer.status === 403)).toBe(true);
  });

  it("a payment webhook delivered to both instances at once settles once", async () => {
    const { email, token } = await freshAccount(cluster!.url);
    const placed = await apiCall<{ subscription_no: string }>(cluster!.url, "/v1/user/subscriptions/pre-payment", {
      method: "POST",
      body: VN_CARD,
      token,
    });
    const started = await apiCall<{ payment_id: string }>(cluster!.url, "/v1/user/subscriptions/payment", {
      method: "POST",
      body: { subscription_no: placed.subscription_no },
      token,
    });
    // The payer approves on the gateway's hosted page; its own webhook goes nowhere (port 9).
    const approved = await fetch(`${instance(0).url}/sandbox-gateway/pay/${started.payment_id}/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(approved.status).toBeLessThan(400);

    const body = eventBody(started.payment_id, placed.subscription_no, "succeeded");
    const signature = signWebhook(WEBHOOK_SECRET, body, new Date());
    const deliveries = await Promise.all(
      cluster!.instances.map((target) =>
        fetch(`${target.url}${WEBHOOK_PATH}`, {
          method: "POST",
          headers: { "content-type": "application/json", "shopradar-signature": signature },
          body,
        }).then(async (response) => ({
          status: response.status,
          body: (await response.json()) as Envelope<{ outcome: string }>,
        })),
      ),
    );
    expect(deliveries.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(deliveries.map((delivery) => delivery.body.data.outcome).sort()).toEqual(["duplicate", "paid"]);

    const user = await sql!.query<{ id: string }>("select id from users where email = $1", [email.toLowerCase()]);
    const userId = user.rows[0].id;
    const orders = await sql!.query<{ status: string }>("select status from orders where user_id = $1", [userId]);
    expect(orders.rows.map((row) => row.status)).toEqual(["paid"]);
    const grants = await sql!.query("select plan from memberships where user_id = $1 and source = 'order'", [userId]);
    expect(grants.rows).toEqual([{ plan: VN_CARD.plan }]);
    const events = await sql!.query("select event_id from payment_events where payment_id = $1", [started.payment_id]);
    expect(events.rows).toHaveLength(1);
  });

  it("a refresh slot both instances reach is refreshed by exactly one of them", async () => {
    interface Versions {
      version: number;
      cadences: { next_update_at: string }[];
    }
    const versionsOn = async (base: string) => (await call<Versions>(base, "/api/v1/rank/versions")).body!.data;
    const before = await Promise.all(cluster!.instances.map((one) => versionsOn(one.url)));
    // The slot both schedulers wait for: the earliest next update on the instances' clock.
    const slot = Math.min(...before[0].cadences.map((cadence) => Date.parse(cadence.next_update_at)));
    const refreshRows = async () =>
      (
        await sql!.query<{ version: number }>(
          "select version from rank_snapshots where reason = 'refresh' and slot = $1",
          [new Date(slot)],
        )
      ).rows;
    expect(await refreshRows()).toEqual([]);
    const runsOf = async (base: string) => {
      const text = await (await fetch(`${base}/metrics`)).text();
      const runs = (outcome: string) =>
        Number(
          text.match(new RegExp(`^jobs_runs_total\\{job="rank_refresh",outcome="${outcome}"\\} (\\d+)$`, "m"))?.[1] ??
            0,
        );
      return { ok: runs("ok"), skipped: runs("skipped"), error: runs("error") };
    };
    const allRuns = () => Promise.all(cluster!.instances.map((one) => runsOf(one.url)));
    expect(await allRuns()).toEqual([
      { ok: 0, skipped: 0, error: 0 },
      { ok: 0, skipped: 0, error: 0 },
    ]);

    // Both clocks jump to 5 s after the slot (the schedulers fire 1 s after it).
    writeFileSync(clockFile, `+${Math.ceil((slot - Date.now()) / 1000) + 5}`);
    await expect.poll(refreshRows, { timeout: 20_000 }).toHaveLength(1);
    const [{ version }] = await refreshRows();
    // Both instances move to the new version (their poll or their own refresh attempt).
    for (const one of cluster!.instances) {
      await expect.poll(async () => (await versionsOn(one.url)).version, { timeout: 20_000 }).toBe(version);
    }
    // Both schedulers ran at the slot: one refreshed (ok), the other found it taken (skipped).
    await expect
      .poll(async () => (await allRuns()).reduce((sum, runs) => sum + runs.ok + runs.skipped + runs.error, 0))
      .toBe(2);
    const runs = await allRuns();
    expect(runs.map((one) => `${one.ok}/${one.skipped}/${one.error}`).sort()).toEqual(["0/1/0", "1/0/0"]);
    expect(await refreshRows()).toHaveLength(1);
    // No seed or import since the lists were filled: the slot published its version on them,
    // filling no list of its own.
    const slotLists = await sql!.query<{ n: number }>(
      "select count(*)::int as n from rank_lists where list_key like $1",
      [`${version}/%`],
    );
    expect(slotLists.rows[0].n).toBe(0);
    for (const one of cluster!.instances) {
      const list = await call<{ list: unknown[] }>(one.url, "/api/v1/rank/goods?window=24h");
      expect(list.body?.data.list.length).toBeGreaterThan(0);
    }
  });

  it("SIGKILL of one instance under load: every acknowledged write is stored and the other answers", async () => {
    const token = await passwordLoginToken(cluster!.url, "pro@shopradar.demo");
    const ids = await goodsIds(cluster!.url, token, 300);
    const acknowledged: string[] = [];
    const after: Answer[] = [];
    let killedAt = Infinity;
    let next = 0;

    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++];
        const startedAt = Date.now();
        const [write, read] = await Promise.all([
          call(cluster!.url, "/api/v1/tikmeta/portal/like", { method: "PUT", body: { type: "goods", id }, token }),
          call(cluster!.url, "/api/v1/rank/goods?size=20&window=7d", { token }),
        ]);
        if (write.body?.code === 0) acknowledged.push(id);
        if (startedAt > killedAt) after.push(write, read);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, worker));
    await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(80);
    await instance(1).stop("SIGKILL");
    killedAt = Date.now();
    await load;

    expect(after.length).toBeGreaterThan(100);
    const failures = after.filter((answer) => answer.body?.code !== 0).map((answer) => answer.status);
    expect(failures).toEqual([]);
    const stored = await sql!.query<{ entity_id: string }>(
      "select entity_id from favourites f join users u on u.id = f.user_id where u.email = $1 and f.kind = 'goods'",
      ["pro@shopradar.demo"],
    );
    const storedIds = new Set(stored.rows.map((row) => row.entity_id));
    expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(250);
  });
});
