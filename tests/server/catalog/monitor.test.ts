// Monitor accounts: 401 for visitors, idempotent add and remove, 404 for unknown influencers,
// the plan's limit (60003, with the spec's message) and feature (803), per-user lists with
// influencer cards, and (on PostgreSQL) racing adds at the limit allowing exactly the limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { ACCESS_MESSAGES, DEFAULT_PLAN_MATRIX } from "../../../server/modules/catalog/engine";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import type { Database } from "../../../server/db/client";
import { monitors } from "../../../server/db/schema";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { call, openPostgresApps, type PostgresApps } from "../helpers/engagement";
import { buildTestApp } from "../helpers/app";

const PATH = "/api/v1/monitor/accounts";
const put = (app: FastifyInstance, token: string | undefined, influencer_id: string) =>
  call(app, "PUT", PATH, { token, body: { influencer_id } });
const del = (app: FastifyInstance, token: string | undefined, influencer_id: string) =>
  call(app, "DELETE", PATH, { token, body: { influencer_id } });
const list = (app: FastifyInstance, token?: string) => call(app, "GET", PATH, { token });

describe("monitor accounts on PGlite", () => {
  let t: DataTestApp;
  let ids: string[];
  beforeAll(async () => {
    t = await openDataApp();
    ids = t.app.data.snapshot.dataset.influencers.map((i) => i.id);
  });
  afterAll(() => t?.close());

  it("asks visitors to sign in", async () => {
    for (const reply of [await list(t.app), await put(t.app, undefined, ids[0]), await del(t.app, undefined, ids[0])]) {
      expect(reply).toMatchObject({ status: 401, code: 401, msg: ACCESS_MESSAGES[401].message });
    }
  });

  it("adds and removes idempotently within the free plan's one account, then answers 60003", async () => {
    const { token } = await signIn(t.database, "free");
    const limit = DEFAULT_PLAN_MATRIX.free.monitorAccounts;
    expect(limit).toBe(1);
    for (let i = 0; i < 2; i++) {
      expect(await put(t.app, token, ids[0])).toEqual({
        status: 200,
        code: 0,
        msg: "success",
        data: { influencer_id: ids[0], monitored: true, total: 1, limit },
      });
    }
    expect(await put(t.app, token, ids[1])).toMatchObject({
      status: 403,
      code: 60003,
      msg: ACCESS_MESSAGES[60003].message,
      data: null,
    });
    for (let i = 0; i < 2; i++) {
      expect((await del(t.app, token, ids[0])).data).toEqual({
        influencer_id: ids[0],
        monitored: false,
        total: 0,
        limit,
      });
    }
    expect((await put(t.app, token, ids[1])).data).toMatchObject({ monitored: true, total: 1 });
    expect((await list(t.app, token)).data.list.map((m: { influencer_id: string }) => m.influencer_id)).toEqual([
      ids[1],
    ]);
  });

  it("lists newest first with the influencer's card, each user their own", async () => {
    const { token, userId } = await signIn(t.database, "basic");
    const other = await signIn(t.database, "basic");
    for (const id of ids.slice(0, 3)) {
      expect((await put(t.app, token, id)).code).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await put(t.app, other.token, ids[5])).code).toBe(0);
    // Removing another user's account (or one never added) leaves theirs alone.
    expect((await del(t.app, other.token, ids[0])).data.total).toBe(1);
    const mine = (await list(t.app, token)).data;
    expect(mine.total).toBe(3);
    expect(mine.limit).toBe(DEFAULT_PLAN_MATRIX.basic.monitorAccounts);
    expect(mine.list.map((m: { influencer_id: string }) => m.influencer_id)).toEqual(ids.slice(0, 3).reverse());
    const influencer = t.app.data.snapshot.dataset.influencers[2];
    expect(mine.list[0]).toMatchObject({
      available: true,
      influencer: { id: influencer.id, nickname: influencer.nickname, handle: influencer.handle },
    });
    expect(mine.list[0].influencer).toHaveProperty("avatar_larger");
    expect((await list(t.app, other.token)).data.list.map((m: { influencer_id: string }) => m.influencer_id)).toEqual([
      ids[5],
    ]);
    // One that left the dataset is still listed (unavailable) and can be removed.
    await t.database.db
      .insert(monitors)
      .values({
        userId,
        kind: "influencers",
        entityId: "left-the-dataset",
        rankPlaces: 10,
        salesPercent: 20,
        newVideos: true,
        topList: true,
      });
    expect((await list(t.app, token)).data.list[0]).toEqual({
      influencer_id: "left-the-dataset",
      created_at: expect.any(String),
      available: false,
    });
    expect((await del(t.app, token, "left-the-dataset")).data.total).toBe(3);
  });

  it("fills a basic plan's five and answers 60003 for the sixth", async () => {
    const { token } = await signIn(t.database, "basic");
    for (const [n, id] of ids.slice(0, 5).entries()) expect((await put(t.app, token, id)).data.total).toBe(n + 1);
    expect((await put(t.app, token, ids[5])).code).toBe(60003);
    // Already monitored is still fine at the limit.
    expect((await put(t.app, token, ids[4])).code).toBe(0);
  });

  it("answers 404 for an unknown influencer and 400 for a malformed id, spending nothing", async () => {
    const { token } = await signIn(t.database, "free");
    expect(await put(t.app, token, "no-such-influencer")).toMatchObject({
      status: 404,
      msg: "Influencer 'no-such-influencer' not found",
    });
    expect((await del(t.app, token, "no-such-influencer")).status).toBe(404);
    expect((await put(t.app, token, "bad id!")).status).toBe(400);
    expect((await call(t.app, "PUT", PATH, { token, body: {} })).status).toBe(400);
    expect((await put(t.app, token, ids[0])).code).toBe(0);
  });

  it("answers 803 when the plan has no monitoring (PLAN_MATRIX)", async () => {
    const app = await buildTestApp(t.database, {
      env: { PLAN_MATRIX: JSON.stringify({ free: { features: ["detail", "search", "favourites"] } }) },
    });
    try {
      const { token } = await signIn(t.database, "free");
      expect(await put(app, token, ids[0])).toMatchObject({
        status: 403,
        code: 803,
        msg: ACCESS_MESSAGES[803].message,
      });
      expect((await list(app, token)).data).toEqual({ list: [], total: 0, limit: 1 });
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
    const ids = app.data.snapshot.dataset.influencers.slice(0, 20).map((i) => i.id);
    for (const [tier, limit] of [
      ["free", 1],
      ["basic", 5],
    ] as const) {
      const { token, userId } = await signIn(database, tier);
      const replies = await Promise.all(ids.map((id) => put(app, token, id)));
      expect(
        replies.filter((r) => r.code === 0),
        tier,
      ).toHaveLength(limit);
      expect(replies.filter((r) => r.code === 60003)).toHaveLength(20 - limit);
      const stored = (await database.db.select().from(monitors)).filter((m) => m.userId === userId);
      expect(stored).toHaveLength(limit);
    }
  });

  it("the same account added 20 times at once is stored once", async () => {
    const { token } = await signIn(database, "basic");
    const id = app.data.snapshot.dataset.influencers[0].id;
    const replies = await Promise.all(Array.from({ length: 20 }, () => put(app, token, id)));
    expect(replies.every((r) => r.code === 0 && r.data.total === 1)).toBe(true);
  });
});
