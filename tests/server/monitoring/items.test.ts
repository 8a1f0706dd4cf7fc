// Monitored items over HTTP: 401 for visitors, idempotent add and remove of goods and
// influencers, 404 for unknown items, 400 for bad bodies, thresholds out of bounds and alert ids
// past the largest safe integer, the plan's limit (60003) and feature (803), per-user lists with
// cards and figures, thresholds changed by PATCH, the limit/check routes, the CSV export (803
// without "export") and, on PostgreSQL, racing adds at the limit allowing exactly the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { DEFAULT_MONITOR_THRESHOLDS, MONITOR_THRESHOLD_BOUNDS } from "../../../contract/monitoring";
import { ACCESS_MESSAGES, DEFAULT_PLAN_MATRIX } from "../../../server/modules/catalog/engine";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import type { Database } from "../../../server/db/client";
import { monitors } from "../../../server/db/schema";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { openPostgresApps, type PostgresApps } from "../helpers/engagement";
import { API_HEADERS, buildTestApp } from "../helpers/app";
import { oracleSnapshot, type OracleSnapshot } from "../helpers/oracle";
import { ITEMS, items, monitor, send, unmonitor } from "./client";

describe("monitored items on PGlite", () => {
  let t: DataTestApp;
  let goods: string[];
  let influencers: string[];
  let oracle: OracleSnapshot;
  beforeAll(async () => {
    t = await openDataApp();
    oracle = await oracleSnapshot(t.database);
    goods = oracle.dataset.goods.map((g) => g.id);
    influencers = oracle.dataset.influencers.map((i) => i.id);
  });
  afterAll(() => t?.close());

  it("asks visitors to sign in on every route", async () => {
    const replies = [
      await items(t.app),
      await monitor(t.app, undefined, "goods", goods[0]),
      await unmonitor(t.app, undefined, "goods", goods[0]),
      await send(t.app, "PATCH", ITEMS, { body: { type: "goods", id: goods[0], thresholds: {} } }),
      await send(t.app, "GET", "/api/v1/subscribe/limit/size"),
      await send(t.app, "GET", `/api/v1/subscribe/check?type=goods&id=${goods[0]}`),
      await send(t.app, "GET", "/api/v1/monitor/alerts"),
      await send(t.app, "POST", "/api/v1/monitor/alerts/read", { body: {} }),
      await send(t.app, "GET", "/api/v1/monitor/settings"),
      await send(t.app, "GET", "/api/v1/export/monitor"),
    ];
    for (const reply of replies)
      expect(reply).toMatchObject({ status: 401, code: 401, msg: ACCESS_MESSAGES[401].message });
  });

  it("adds and removes idempotently within the free plan's one item, then answers 60003", async () => {
    const { token } = await signIn(t.database, "free");
    const limit = DEFAULT_PLAN_MATRIX.free.monitorAccounts;
    expect(limit).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect(await monitor(t.app, token, "goods", goods[0])).toEqual({
        status: 200,
        code: 0,
        msg: "success",
        data: { type: "goods", id: goods[0], monitored: true, total: 1, limit },
      });
    }
    expect(await monitor(t.app, token, "influencers", influencers[0])).toMatchObject({
      status: 403,
      code: 60003,
      msg: ACCESS_MESSAGES[60003].message,
      data: null,
    });
    expect((await send(t.app, "GET", "/api/v1/subscribe/limit/size", { token })).data).toEqual({
      total: 1,
      limit,
      tier: "free",
    });
    expect((await send(t.app, "GET", `/api/v1/subscribe/check?type=goods&id=${goods[0]}`, { token })).data).toEqual({
      type: "goods",
      id: goods[0],
      monitored: true,
      total: 1,
      limit,
    });
    for (let i = 0; i < 2; i++) {
      expect((await unmonitor(t.app, token, "goods", goods[0])).data).toEqual({
        type: "goods",
        id: goods[0],
        monitored: false,
        total: 0,
        limit,
      });
    }
    expect((await monitor(t.app, token, "influencers", influencers[1])).data).toMatchObject({
      monitored: true,
      total: 1,
    });
    const listed = (await items(t.app, token)).data;
    expect(listed.list.map((m: { type: string; id: string }) => [m.type, m.id])).toEqual([
      ["influencers", influencers[1]],
    ]);
    expect(
      (await send(t.app, "GET", `/api/v1/subscribe/check?type=goods&id=${goods[0]}`, { token })).data.monitored,
    ).toBe(false);
  });

  it("lists newest first with cards, figures and thresholds, each user their own", async () => {
    const { token, userId } = await signIn(t.database, "basic");
    const other = await signIn(t.database, "basic");
    expect((await monitor(t.app, token, "goods", goods[0], { rank_places: 3 })).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await monitor(t.app, token, "influencers", influencers[2])).code).toBe(0);
    expect((await monitor(t.app, other.token, "goods", goods[5])).code).toBe(0);
    // Removing another user's item (or one never added) leaves theirs alone.
    expect((await unmonitor(t.app, other.token, "goods", goods[0])).data.total).toBe(1);
    const mine = (await items(t.app, token)).data;
    expect(mine).toMatchObject({ total: 2, limit: DEFAULT_PLAN_MATRIX.basic.monitorAccounts, daily_digest: false });
    expect(mine.updated_at).toEqual(expect.any(String));
    const [influencer, product] = mine.list;
    const i = oracle.dataset.influencers[2];
    expect(influencer).toMatchObject({
      type: "influencers",
      id: i.id,
      available: true,
      card: { id: i.id, nickname: i.nickname, handle: i.handle },
      thresholds: { rank_places: 10, sales_percent: 20, new_videos: true, top_list: true },
      latest: { videos: oracle.rank.influencerVideos[2].length },
      evaluated_at: null,
    });
    expect(influencer.latest.sales).toBeGreaterThanOrEqual(0);
    expect(product).toMatchObject({
      type: "goods",
      id: goods[0],
      card: { id: goods[0], title: oracle.dataset.goods[0].title },
      thresholds: { rank_places: 3, sales_percent: DEFAULT_MONITOR_THRESHOLDS.salesPercent },
    });
    expect(product.latest).not.toHaveProperty("videos");
    expect((await items(t.app, other.token)).data.list.map((m: { id: string }) => m.id)).toEqual([goods[5]]);

    // One that left the dataset is still listed (unavailable, no card) and can be removed.
    await t.database.db.insert(monitors).values({
      userId,
      kind: "goods",
      entityId: "left-the-dataset",
      ...DEFAULT_MONITOR_THRESHOLDS,
    });
    const gone = (await items(t.app, token)).data.list[0];
    expect(gone).toMatchObject({ id: "left-the-dataset", available: false });
    expect(gone).not.toHaveProperty("card");
    expect(gone).not.toHaveProperty("latest");
    expect((await unmonitor(t.app, token, "goods", "left-the-dataset")).data.total).toBe(2);
  });

  it("changes thresholds with PATCH within the bounds; 404 when not monitored, 400 out of bounds", async () => {
    const { token } = await signIn(t.database, "basic");
    await monitor(t.app, token, "goods", goods[1]);
    const patch = (thresholds: object, id = goods[1]) =>
      send(t.app, "PATCH", ITEMS, { token, body: { type: "goods", id, thresholds } });
    const changed = await patch({ sales_percent: 55, top_list: false });
    expect(changed.data).toMatchObject({
      type: "goods",
      id: goods[1],
      thresholds: { rank_places: 10, sales_percent: 55, new_videos: true, top_list: false },
    });
    expect((await items(t.app, token)).data.list[0].thresholds.sales_percent).toBe(55);
    expect(await patch({ rank_places: 5 }, goods[2])).toMatchObject({ status: 404 });
    const { max } = MONITOR_THRESHOLD_BOUNDS.rankPlaces;
    for (const bad of [{ rank_places: 0 }, { rank_places: max + 1 }, { sales_percent: 1.5 }, { new_videos: "yes" }]) {
      const reply = await patch(bad);
      expect(reply.status, JSON.stringify(bad)).toBe(400);
      expect(reply.msg).toEqual(expect.any(String));
    }
    expect((await monitor(t.app, token, "goods", goods[3], { sales_percent: 0 })).status).toBe(400);
    expect((await items(t.app, token)).data.list[0].thresholds.rank_places).toBe(10);
  });

  it("answers 404 for unknown items and 400 for malformed input, spending nothing", async () => {
    const { token } = await signIn(t.database, "free");
    expect(await monitor(t.app, token, "influencers", "no-such-influencer")).toMatchObject({
      status: 404,
      msg: "Influencer 'no-such-influencer' not found",
    });
    expect((await monitor(t.app, token, "goods", "no-such-goods")).status).toBe(404);
    expect((await unmonitor(t.app, token, "goods", "no-such-goods")).status).toBe(404);
    expect((await monitor(t.app, token, "goods", "bad id!")).status).toBe(400);
    expect((await monitor(t.app, token, "videos", goods[0])).status).toBe(400);
    expect((await send(t.app, "PUT", ITEMS, { token, body: {} })).status).toBe(400);
    expect((await send(t.app, "GET", "/api/v1/subscribe/check?type=music&id=x", { token })).status).toBe(400);
    expect((await monitor(t.app, token, "goods", goods[0])).code).toBe(0);
  });

  it("answers 400 for alert ids past the largest safe integer (the fuzzer found a 500 from the database)", async () => {
    const { token } = await signIn(t.database, "free");
    for (const ids of [[1e300], 1.7976931348623157e308, [Number.MAX_SAFE_INTEGER + 2]]) {
      expect(await send(t.app, "POST", "/api/v1/monitor/alerts/read", { token, body: { ids } })).toMatchObject({
        status: 400,
        msg: "body/ids/0 must be <= 9007199254740991",
      });
    }
    expect(
      await send(t.app, "POST", "/api/v1/monitor/alerts/read", { token, body: { ids: [Number.MAX_SAFE_INTEGER] } }),
    ).toMatchObject({ status: 200, code: 0 });
  });

  it("fills a basic plan's five and answers 60003 for the sixth", async () => {
    const { token } = await signIn(t.database, "basic");
    for (const [n, id] of goods.slice(10, 15).entries())
      expect((await monitor(t.app, token, "goods", id)).data.total).toBe(n + 1);
    expect((await monitor(t.app, token, "influencers", influencers[0])).code).toBe(60003);
    // Already monitored is still fine at the limit.
    expect((await monitor(t.app, token, "goods", goods[14])).code).toBe(0);
  });

  it("exports the monitored items as CSV for plans with export; 803 for the others", async () => {
    const free = await signIn(t.database, "free");
    await monitor(t.app, free.token, "goods", goods[0]);
    expect(await send(t.app, "GET", "/api/v1/export/monitor", { token: free.token })).toMatchObject({
      status: 403,
      code: 803,
    });
    const { token } = await signIn(t.database, "premium");
    await monitor(t.app, token, "goods", goods[0]);
    await monitor(t.app, token, "influencers", influencers[0]);
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/export/monitor",
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="shopradar-monitor.csv"');
    expect(response.headers["cache-control"]).toMatch(/no-store/);
    const lines = response.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^type,id,name,market,available,rank,sales_7d,videos,in_top_list,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^influencers,${influencers[0]},`));
    expect(lines[2]).toMatch(new RegExp(`^goods,${goods[0]},`));
  });

  it("answers 803 when the plan has no monitoring (PLAN_MATRIX)", async () => {
    const app = await buildTestApp(t.database, {
      env: { PLAN_MATRIX: JSON.stringify({ free: { features: ["detail", "search", "favourites"] } }) },
    });
    try {
      const { token } = await signIn(t.database, "free");
      expect(await monitor(app, token, "goods", goods[0])).toMatchObject({
        status: 403,
        code: 803,
        msg: ACCESS_MESSAGES[803].message,
      });
      expect((await items(app, token)).data).toMatchObject({ list: [], total: 0, limit: 1 });
    } finally {
      await app.close();
    }
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("monitor limit under concurrency on PostgreSQL (TEST_DATABASE_URL)", () => {
  let database: Database;
  let app: FastifyInstance;
  let pg: PostgresApps;
  beforeAll(async () => {
    pg = await openPostgresApps(adminUrl!, {
      prepare: (db) => seedDemoDataset(db.db, { seed: "pg-monitor", scale: 0.02 }),
    });
    ({ database } = pg);
    app = pg.apps[0]!;
  });
  afterAll(() => pg?.close());

  it("20 racing adds allow exactly the plan's limit (free 1, basic 5)", async () => {
    const ids = (await oracleSnapshot(database)).dataset.goods.slice(0, 20).map((g) => g.id);
    for (const [tier, limit] of [
      ["free", 1],
      ["basic", 5],
    ] as const) {
      const { token, userId } = await signIn(database, tier);
      const replies = await Promise.all(ids.map((id) => monitor(app, token, "goods", id)));
      expect(
        replies.filter((r) => r.code === 0),
        tier,
      ).toHaveLength(limit);
      expect(replies.filter((r) => r.code === 60003)).toHaveLength(20 - limit);
      const stored = (await database.db.select().from(monitors)).filter((m) => m.userId === userId);
      expect(stored).toHaveLength(limit);
    }
  });

  it("the same item added 20 times at once is stored once", async () => {
    const { token } = await signIn(database, "basic");
    const id = (await oracleSnapshot(database)).dataset.influencers[0].id;
    const replies = await Promise.all(Array.from({ length: 20 }, () => monitor(app, token, "influencers", id)));
    expect(replies.every((r) => r.code === 0 && r.data.total === 1)).toBe(true);
  });
});
