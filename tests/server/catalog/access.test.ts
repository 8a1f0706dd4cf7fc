// Access tiers and daily quotas through the API: visitors see the top 10 rows and
// get 401 elsewhere; free users get 5 detail views (801 after; the same id again is free) and
// 3 searches (802), 7-day trends only (803 otherwise); paid plans by the matrix; an expired
// membership is free again; quotas reset at the business day; PLAN_MATRIX overrides (and
// GET /api/v1/plans publishes them). On
// PostgreSQL, 50 concurrent requests against a remaining quota of N succeed exactly N times.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_MESSAGES } from "../../../server/modules/catalog/engine";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { testClock } from "../helpers/auth";
import { DataClient, openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { API_HEADERS, buildTestApp, useThrowawayPostgres } from "../helpers/app";
import { oracleSnapshot } from "../helpers/oracle";

const clock = testClock(Date.parse("2026-03-10T10:00:00Z"));
let t: DataTestApp;
let goodsIds: string[];
let end: string;

beforeAll(async () => {
  t = await openDataApp({}, clock.now);
  const { dataset } = await oracleSnapshot(t.database);
  goodsIds = dataset.goods.map((g) => g.id);
  end = dataset.calendar.endDate;
});
afterAll(() => t?.close());

const detail = (id: string, token?: string) => t.client.get(`/api/v1/goods/${id}`, token);

describe("anonymous visitors", () => {
  it("see the top 10 rows of lists and are asked to sign in for the rest", async () => {
    const list = await t.client.get("/api/v1/rank/goods?window=30d&size=50");
    expect(list.data.list).toHaveLength(10);
    expect(list.data.limited).toBe(true);
    for (const url of [
      `/api/v1/goods/${goodsIds[0]}`,
      `/api/v1/goods/${goodsIds[0]}/trend?days=7`,
      "/api/v1/search/videos?keyword=a",
      "/api/v1/tikmeta/portal/like",
    ]) {
      const answer = await t.client.get(url);
      expect(answer, url).toMatchObject({ status: 401, code: 401, msg: ACCESS_MESSAGES[401].message, data: null });
    }
  });
});

describe("free users", () => {
  it("see 50 rows, 5 details a day (801 after; the same id again is free) and 7-day trends only", async () => {
    const { token } = await signIn(t.database, "free", clock.now());
    const list = await t.client.get("/api/v1/rank/goods?window=30d&size=100", token);
    expect(list.data.list).toHaveLength(Math.min(50, list.data.total));
    expect(list.data.limited).toBe(list.data.total > 50);

    for (const id of goodsIds.slice(0, 5)) expect((await detail(id, token)).code).toBe(0);
    const denied = await detail(goodsIds[5], token);
    expect(denied).toMatchObject({ status: 403, code: 801, msg: "Usage has been used up today", data: null });
    expect((await detail(goodsIds[0], token)).code).toBe(0);
    expect((await t.client.get(`/api/v1/goods/${goodsIds[1]}/trend?days=7`, token)).code).toBe(0);
    expect((await t.client.get(`/api/v1/goods/${goodsIds[6]}/trend?days=7`, token)).code).toBe(801);
    for (const query of ["days=15", "days=30", "start=2026-03-01&end=2026-03-05"]) {
      expect(await t.client.get(`/api/v1/goods/${goodsIds[1]}/trend?${query}`, token), query).toMatchObject({
        status: 403,
        code: 803,
        msg: "Insufficient permissions",
      });
    }
    // A new business day (London + 1 h) brings a new quota.
    clock.advance(24 * 3_600_000);
    expect((await detail(goodsIds[5], token)).code).toBe(0);
  });

  it("run 3 searches a day (802 after); a bad keyword spends nothing", async () => {
    const { token } = await signIn(t.database, "free", clock.now());
    expect((await t.client.get(`/api/v1/search/videos?keyword=${"x".repeat(101)}`, token)).status).toBe(400);
    for (let i = 0; i < 3; i++)
      expect((await t.client.get("/api/v1/search/influencers?keyword=linh", token)).code).toBe(0);
    expect(await t.client.get("/api/v1/search/videos?keyword=linh", token)).toMatchObject({
      status: 403,
      code: 802,
      msg: ACCESS_MESSAGES[802].message,
    });
  });
});

describe("paid plans", () => {
  it("basic: 200 rows, unlimited details, 7 and 15-day trends, no custom range", async () => {
    const { token } = await signIn(t.database, "basic", clock.now());
    for (const id of goodsIds.slice(0, 12)) expect((await detail(id, token)).code).toBe(0);
    expect((await t.client.get(`/api/v1/goods/${goodsIds[0]}/trend?days=15`, token)).code).toBe(0);
    expect((await t.client.get(`/api/v1/goods/${goodsIds[0]}/trend?days=30`, token)).code).toBe(803);
    expect((await t.client.get(`/api/v1/rank/goods?window=30d&size=100&page=3`, token)).data.list.length).toBe(0);
    for (let i = 0; i < 5; i++)
      expect((await t.client.get("/api/v1/search/videos?keyword=review", token)).code).toBe(0);
  });

  it("premium and pro: every trend range", async () => {
    for (const tier of ["premium", "pro"] as const) {
      const { token } = await signIn(t.database, tier, clock.now());
      expect((await t.client.get(`/api/v1/goods/${goodsIds[0]}/trend?start=${end}&end=${end}`, token)).code).toBe(0);
      expect((await t.client.get(`/api/v1/goods/${goodsIds[0]}/trend?days=30`, token)).code).toBe(0);
    }
  });

  it("an expired membership counts as free", async () => {
    const { token } = await signIn(t.database, "pro", new Date(clock.now().getTime() - 3 * 86_400_000));
    expect((await t.client.get("/api/v1/rank/goods?window=30d&size=100", token)).data.list.length).toBeLessThanOrEqual(
      50,
    );
    expect((await t.client.get(`/api/v1/goods/${goodsIds[0]}/trend?days=15`, token)).code).toBe(803);
  });
});

describe("PLAN_MATRIX", () => {
  it("overrides windows, rows and quotas", async () => {
    const app = await buildTestApp(t.database, {
      env: { PLAN_MATRIX: '{"free":{"windows":["24h"],"listRows":3,"dailyDetailViews":1},"anonymous":{"listRows":2}}' },
      now: clock.now,
    });
    try {
      const client = new DataClient(app);
      const { token } = await signIn(t.database, "free", clock.now());
      expect(await client.get("/api/v1/rank/goods?window=7d", token)).toMatchObject({ status: 403, code: 803 });
      expect((await client.get("/api/v1/rank/goods?window=24h", token)).data.list).toHaveLength(3);
      expect((await client.get("/api/v1/rank/goods?window=24h")).data.list).toHaveLength(2);
      expect((await client.get(`/api/v1/goods/${goodsIds[0]}`, token)).code).toBe(0);
      expect((await client.get(`/api/v1/goods/${goodsIds[1]}`, token)).code).toBe(801);
      // GET /api/v1/plans publishes the matrix in force, so the app explains what is enforced.
      const plans = (await client.get("/api/v1/plans")).data;
      expect(plans.free).toMatchObject({ windows: ["24h"], list_rows: 3, daily_detail_views: 1, daily_searches: 3 });
      expect(plans.anonymous.list_rows).toBe(2);
      expect(plans.pro).toMatchObject({ list_rows: null, daily_detail_views: null, trend_days: [7, 15, 30] });
    } finally {
      await app.close();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("quotas under concurrency on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let url: string;
  let app: Awaited<ReturnType<typeof buildTestApp>>;
  let ids: string[];

  beforeAll(async () => {
    await seedDemoDataset(postgres.database.db, { seed: "pg-quotas", scale: 0.02 });
    app = await buildTestApp(postgres.database);
    ids = (await oracleSnapshot(postgres.database)).dataset.goods.map((g) => g.id);
    await app.listen({ port: 0, host: "127.0.0.1" });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const fetchCode = async (path: string, token: string) =>
    (
      (await (
        await fetch(`${url}${path}`, { headers: { ...API_HEADERS, authorization: `Bearer ${token}` } })
      ).json()) as { code: number }
    ).code;

  it("50 concurrent detail views with 3 of 5 left allow exactly 3", async () => {
    const { token } = await signIn(postgres.database, "free");
    for (const id of ids.slice(0, 2)) expect(await fetchCode(`/api/v1/goods/${id}`, token)).toBe(0);
    const codes = await Promise.all(ids.slice(2, 52).map((id) => fetchCode(`/api/v1/goods/${id}`, token)));
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 801)).toHaveLength(47);
  });

  it("50 concurrent views of one id spend one view; 50 concurrent searches allow exactly 3", async () => {
    const { token } = await signIn(postgres.database, "free");
    const id = ids[0];
    const same = await Promise.all(Array.from({ length: 50 }, () => fetchCode(`/api/v1/goods/${id}`, token)));
    expect(same.every((c) => c === 0)).toBe(true);
    const others = ids.slice(1, 5);
    expect(await Promise.all(others.map((other) => fetchCode(`/api/v1/goods/${other}`, token)))).toEqual([0, 0, 0, 0]);
    expect(await fetchCode(`/api/v1/goods/${ids[6]}`, token)).toBe(801);
    const searches = await Promise.all(
      Array.from({ length: 50 }, () => fetchCode("/api/v1/search/videos?keyword=review", token)),
    );
    expect(searches.filter((c) => c === 0)).toHaveLength(3);
    expect(searches.filter((c) => c === 802)).toHaveLength(47);
  });
});
