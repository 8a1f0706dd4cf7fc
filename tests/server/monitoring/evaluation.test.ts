// The evaluation end to end: users monitor items, the first evaluation only records baselines, an
// import changes the data (a new snapshot version with more sales and a new video), and the next
// evaluation writes the right alerts exactly once (run twice, and by a second app on the same
// database). Pushes arrive at a loopback push service registered as the users' subscriptions:
// several alerts → ONE push per subscription in its language opening the Alerts tab; a single
// alert → its words and the item's detail path; daily-digest users get nothing until the digest,
// which sends one push once. The Alerts tab lists the alerts in x-language and marks them read.
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "../../../server/config";
import { monitorAlerts, monitors } from "../../../server/db/schema";
import { readImportLines, MAX_RANK_LIMIT } from "../../../server/modules/catalog/engine";
import { rankList } from "../oracle/rank";
import { importLines } from "../../../server/modules/catalog/import/importer";
import { refreshRanks } from "../../../server/modules/catalog/jobs/refresh";
import { saveSubscription } from "../../../server/modules/engagement/services/push-subscriptions";
import { loadTranslator, type Translator } from "../../../server/lib/translations";
import { alertText, ALERT_MESSAGES } from "../../../server/modules/monitoring/alert-messages";
import { seedDemoDataset } from "../../../server/modules/catalog/seed";
import { buildTestApp } from "../helpers/app";
import { openPostgresApps, type PostgresApps } from "../helpers/engagement";
import { openDataApp, signIn, type DataTestApp } from "../helpers/data";
import { oracleSnapshot } from "../helpers/oracle";
import { decrypt, newBrowser, pushService, type Browser } from "../helpers/push-service";
import { monitor, send } from "./client";

const PUSH_SERVICE_HOSTS = `${DEFAULT_PUSH_SERVICE_HOSTS},http://127.0.0.1`;
const BOOST = 100_000;

interface Subscriber {
  token: string;
  userId: number;
  browser: Browser;
}

describe("monitor evaluation, alerts and pushes", () => {
  let t: DataTestApp;
  let service: ReturnType<typeof pushService>;
  let origin: string;
  let translator: Translator;
  /** VN goods of the 7-day top-sale list at places 80, 101 and 111; a VN influencer. */
  let climber: string;
  let single: string;
  let digested: string;
  let influencer: string;
  let climberRank: number;
  let alice: Subscriber;
  /** Alice's second browser, subscribed in English. */
  let aliceEnglish: Browser;
  let bob: Subscriber;
  let carol: Subscriber;

  const subscribe = async (tier: "basic" | "pro", language: string, path: string): Promise<Subscriber> => {
    const user = await signIn(t.database, tier);
    const browser = newBrowser();
    await saveSubscription(t.database.db, {
      endpoint: `${origin}/push/${path}`,
      ...browser.keys,
      userId: user.userId,
      language,
      systemId: 14,
    });
    return { ...user, browser };
  };
  const alertsOf = (userId: number) =>
    t.database.db.select().from(monitorAlerts).where(eq(monitorAlerts.userId, userId)).orderBy(monitorAlerts.id);
  const pushesTo = (path: string) => service.received.filter((push) => push.path === `/push/${path}`);

  beforeAll(async () => {
    service = pushService();
    origin = await service.start();
    t = await openDataApp({ PUSH_SERVICE_HOSTS });
    translator = await loadTranslator();
    const snapshot = await oracleSnapshot(t.database);
    const list = rankList(snapshot.rank, { entity: "goods", window: "7d", market: "VN", limit: MAX_RANK_LIMIT }).rows;
    expect(list.length).toBeGreaterThan(110);
    climber = list[79].id;
    climberRank = list[79].rank;
    single = list[100].id;
    digested = list[110].id;
    influencer = snapshot.dataset.influencers.find((i) => i.market === "VN")!.id;
    alice = await subscribe("pro", "vi", "alice");
    aliceEnglish = newBrowser();
    await saveSubscription(t.database.db, {
      endpoint: `${origin}/push/alice-en`,
      ...aliceEnglish.keys,
      userId: alice.userId,
      language: "en",
      systemId: 14,
    });
    bob = await subscribe("basic", "en", "bob");
    carol = await subscribe("basic", "th", "carol");
  });
  afterAll(async () => {
    await t?.close();
    await service?.stop();
  });

  it("records baselines at the first evaluation without alerts", async () => {
    expect((await monitor(t.app, alice.token, "goods", climber)).code).toBe(0);
    expect((await monitor(t.app, alice.token, "influencers", influencer)).code).toBe(0);
    // Bob hears only about sales (the rank and top-list thresholds set out of reach).
    expect((await monitor(t.app, bob.token, "goods", single, { rank_places: 1000, top_list: false })).code).toBe(0);
    expect((await monitor(t.app, carol.token, "goods", digested)).code).toBe(0);
    expect(
      (await send(t.app, "PUT", "/api/v1/monitor/settings", { token: carol.token, body: { daily_digest: true } })).data,
    ).toEqual({
      daily_digest: true,
    });
    await t.app.monitoring.evaluateNow();
    const version = t.app.data.snapshot.version;
    const stored = await t.database.db.select().from(monitors);
    expect(stored.filter((m) => [alice.userId, bob.userId, carol.userId].includes(m.userId))).toHaveLength(4);
    for (const m of stored) expect(m.baselineVersion).toBe(version);
    expect(await alertsOf(alice.userId)).toEqual([]);
    expect(service.received).toEqual([]);
    const item = (await send(t.app, "GET", "/api/v1/monitor/items", { token: alice.token })).data.list.find(
      (i: { id: string }) => i.id === climber,
    );
    expect(item).toMatchObject({
      latest: { rank: climberRank, in_top_list: false },
      change: { rank: null, sales_percent: null },
      evaluated_at: expect.any(String),
    });
  });

  it("alerts once after a new snapshot with changed figures, however often and wherever it runs", async () => {
    const before = await oracleSnapshot(t.database);
    const versionBefore = t.app.data.snapshot.version;
    const day = before.dataset.calendar.endDate;
    const dailyOf = (id: string) => {
      const row = before.rows.goods.get(id)!;
      const t0 = before.dataset.series.goods;
      return t0.sum("salesVolume", row, t0.days - 1, t0.days - 1);
    };
    const salesOf = (id: string) => {
      const row = before.rows.goods.get(id)!;
      const series = before.dataset.series.goods;
      return series.sum("salesVolume", row, series.days - 7, series.days - 1);
    };
    const boosted = (id: string, extra: number) =>
      JSON.stringify({ type: "daily", entity: "goods", id, date: day, metrics: { salesVolume: dailyOf(id) + extra } });
    const lines = [
      boosted(climber, BOOST),
      boosted(single, Math.ceil(salesOf(single) * 0.5)),
      boosted(digested, BOOST),
      JSON.stringify({
        type: "video",
        id: "v-monitor-new",
        market: "VN",
        influencerId: influencer,
        title: "Mới nhất",
        postedAt: `${day}T10:00:00Z`,
        durationSeconds: 30,
      }),
    ];
    const summary = await importLines(t.database.db, readImportLines(Readable.from(lines.join("\n"))), new Date());
    expect(summary.bad).toEqual([]);
    // As data:import ends: the new version's lists filled and published (the places come from them).
    expect(await refreshRanks(t.database, null)).not.toBeNull();
    expect(await t.app.data.reloadIfNewer()).toBe(true);
    const version = t.app.data.snapshot.version;
    expect(version).toBeGreaterThan(versionBefore);
    await t.app.monitoring.evaluateNow();
    await t.app.monitoring.evaluateNow();

    const climberSales = salesOf(climber);
    const aliceAlerts = await alertsOf(alice.userId);
    const byItem = (id: string) => aliceAlerts.filter((a) => a.entityId === id);
    expect(byItem(climber).map((a) => [a.type, a.detail])).toEqual([
      [
        "rank",
        {
          name: before.dataset.goods[before.rows.goods.get(climber)!].title,
          before: climberRank,
          after: 1,
          places: climberRank - 1,
        },
      ],
      [
        "sales",
        {
          name: expect.any(String),
          before: climberSales,
          after: climberSales + BOOST,
          percent: Math.round((BOOST / climberSales) * 100),
        },
      ],
      ["top-list", { name: expect.any(String), rank: 1 }],
    ]);
    expect(byItem(influencer).map((a) => a.type)).toContain("video");
    expect(byItem(influencer).find((a) => a.type === "video")!.detail).toMatchObject({ count: 1 });
    for (const alert of aliceAlerts) expect(alert.version).toBe(version);
    const bobAlerts = await alertsOf(bob.userId);
    expect(bobAlerts.map((a) => [a.type, a.detail.percent])).toEqual([["sales", 50]]);

    // A second instance on the same database finds nothing left to evaluate or push.
    const other: FastifyInstance = await buildTestApp(t.database, {
      env: { DEMO_DATA_SCALE: "0.05", DEMO_DATA_SEED: "data-tests", PUSH_SERVICE_HOSTS },
    });
    try {
      await other.monitoring.evaluateNow();
      expect(other.monitoring.evaluatedCount()).toBe(0);
    } finally {
      await other.close();
    }
    expect(await alertsOf(alice.userId)).toHaveLength(aliceAlerts.length);
  });

  it("pushes several alerts as one push per subscription in its language, one alert with its own words and page", async () => {
    const aliceAlerts = await alertsOf(alice.userId);
    const vi = pushesTo("alice");
    const en = pushesTo("alice-en");
    expect(vi).toHaveLength(1);
    expect(en).toHaveLength(1);
    expect(JSON.parse(decrypt(en[0].body, aliceEnglish))).toEqual({
      title: "ShopRadar monitor",
      body: `${aliceAlerts.length} changes in your monitored items`,
      url: "/monitor?tab=alerts",
      campaign: "monitor",
    });
    expect(JSON.parse(decrypt(vi[0].body, alice.browser))).toEqual({
      title: translator.format("vi", ALERT_MESSAGES.pushTitle),
      body: translator.format("vi", ALERT_MESSAGES.several, { count: aliceAlerts.length }),
      url: "/monitor?tab=alerts",
      campaign: "monitor",
    });
    const [bobAlert] = await alertsOf(bob.userId);
    const bobPushes = pushesTo("bob");
    expect(bobPushes).toHaveLength(1);
    expect(JSON.parse(decrypt(bobPushes[0].body, bob.browser))).toEqual({
      title: "ShopRadar monitor",
      body: alertText(translator, "en", bobAlert),
      url: `/goodsDetail?id=${encodeURIComponent(single)}`,
      campaign: "monitor",
    });
    for (const alert of [...aliceAlerts, bobAlert]) expect(alert.pushedAt).not.toBeNull();
    // Carol chose the daily digest: her alerts wait.
    expect(pushesTo("carol")).toEqual([]);
    expect((await alertsOf(carol.userId)).every((a) => a.pushedAt === null)).toBe(true);
    // Running again sends nothing twice.
    await t.app.monitoring.evaluateNow();
    expect(pushesTo("alice")).toHaveLength(1);
    expect(pushesTo("bob")).toHaveLength(1);
  });

  it("sends a digest user's waiting alerts in one push, once", async () => {
    const waiting = await alertsOf(carol.userId);
    expect(waiting.length).toBeGreaterThan(1);
    await t.app.monitoring.digestNow();
    await t.app.monitoring.digestNow();
    const pushes = pushesTo("carol");
    expect(pushes).toHaveLength(1);
    expect(JSON.parse(decrypt(pushes[0].body, carol.browser))).toEqual({
      title: translator.format("th", ALERT_MESSAGES.digestTitle),
      body: translator.format("th", ALERT_MESSAGES.several, { count: waiting.length }),
      url: "/monitor?tab=alerts",
      campaign: "monitor",
    });
    expect((await alertsOf(carol.userId)).every((a) => a.pushedAt !== null)).toBe(true);
  });

  it("lists a user's alerts in x-language, newest first, and marks them read", async () => {
    const stored = await alertsOf(alice.userId);
    const page = (
      await send(t.app, "GET", "/api/v1/monitor/alerts?page=1&size=2", { token: alice.token, language: "en" })
    ).data;
    expect(page.total).toBe(stored.length);
    expect(page.unread).toBe(stored.length);
    expect(page.list).toHaveLength(2);
    const newest = [...stored].reverse()[0];
    expect(page.list[0]).toEqual({
      id: newest.id,
      type: newest.type,
      item_type: newest.kind,
      item_id: newest.entityId,
      name: newest.detail.name,
      text: alertText(translator, "en", newest),
      url: `/${newest.kind}Detail?id=${encodeURIComponent(newest.entityId)}`,
      detail: newest.detail,
      created_at: newest.createdAt.toISOString(),
      read: false,
    });
    const climb = stored.find((a) => a.type === "rank")!;
    const all = (await send(t.app, "GET", "/api/v1/monitor/alerts?size=100", { token: alice.token })).data.list;
    expect(all.find((a: { id: number }) => a.id === climb.id).text).toBe(
      `${String(climb.detail.name)} moved up ${climberRank - 1} places to #1`,
    );
    // Bob can neither see nor mark Alice's alerts.
    expect((await send(t.app, "GET", "/api/v1/monitor/alerts", { token: bob.token })).data.total).toBe(1);
    expect(
      (await send(t.app, "POST", "/api/v1/monitor/alerts/read", { token: bob.token, body: { ids: [climb.id] } })).data,
    ).toEqual({
      unread: 1,
    });
    expect(
      (await send(t.app, "POST", "/api/v1/monitor/alerts/read", { token: alice.token, body: { ids: [climb.id] } }))
        .data,
    ).toEqual({
      unread: stored.length - 1,
    });
    expect(
      (await send(t.app, "GET", "/api/v1/monitor/alerts?size=100", { token: alice.token })).data.list.find(
        (a: { id: number }) => a.id === climb.id,
      ).read,
    ).toBe(true);
    // Without a body (or with an empty one) every alert is marked read.
    expect((await send(t.app, "POST", "/api/v1/monitor/alerts/read", { token: alice.token })).data).toEqual({
      unread: 0,
    });
    expect((await send(t.app, "GET", "/api/v1/monitor/alerts?size=0", { token: alice.token })).status).toBe(400);
    // The item shows the change found at the last evaluation.
    const item = (await send(t.app, "GET", "/api/v1/monitor/items", { token: alice.token })).data.list.find(
      (i: { id: string }) => i.id === climber,
    );
    expect(item).toMatchObject({ latest: { rank: 1, in_top_list: true }, change: { rank: climberRank - 1 } });
    const gone = await t.database.db
      .select()
      .from(monitors)
      .where(and(eq(monitors.userId, alice.userId), eq(monitors.entityId, climber)));
    expect(gone).toHaveLength(1);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("evaluation by two instances at once on PostgreSQL (TEST_DATABASE_URL)", () => {
  let pg: PostgresApps;
  let service: ReturnType<typeof pushService>;
  let origin: string;
  beforeAll(async () => {
    service = pushService();
    origin = await service.start();
    pg = await openPostgresApps(adminUrl!, {
      instances: 2,
      env: { PUSH_SERVICE_HOSTS },
      // Seeded and its lists published, as data:seed does.
      prepare: async (db) => {
        await seedDemoDataset(db.db, { seed: "pg-monitor-evaluation", scale: 0.02 });
        await refreshRanks(db, null);
      },
    });
  });
  afterAll(async () => {
    await pg?.close();
    await service?.stop();
  });

  it("evaluates every item once and pushes each user once", async () => {
    const [first, second] = pg.apps;
    const { database } = pg;
    const snapshot = await oracleSnapshot(database);
    const list = rankList(snapshot.rank, { entity: "goods", window: "7d", market: "VN", limit: MAX_RANK_LIMIT }).rows;
    const ids = list.slice(0, 30).map((row) => row.id);
    const users: { token: string; userId: number }[] = [];
    const browsers: Browser[] = [];
    for (let u = 0; u < 6; u++) {
      const user = await signIn(database, "basic");
      browsers.push(newBrowser());
      await saveSubscription(database.db, {
        endpoint: `${origin}/push/user-${u}`,
        ...browsers[u].keys,
        userId: user.userId,
        language: "en",
        systemId: 14,
      });
      for (const id of ids.slice(u * 5, u * 5 + 5)) {
        expect((await monitor(first, user.token, "goods", id, { rank_places: 1000, top_list: false })).code).toBe(0);
      }
      users.push(user);
    }
    await Promise.all([first.monitoring.evaluateNow(), second.monitoring.evaluateNow()]);
    const day = snapshot.dataset.calendar.endDate;
    const series = snapshot.dataset.series.goods;
    const lines = ids.map((id) => {
      const row = snapshot.rows.goods.get(id)!;
      const daily = series.sum("salesVolume", row, series.days - 1, series.days - 1);
      const week = series.sum("salesVolume", row, series.days - 7, series.days - 1);
      return JSON.stringify({ type: "daily", entity: "goods", id, date: day, metrics: { salesVolume: daily + week } });
    });
    await importLines(database.db, readImportLines(Readable.from(lines.join("\n"))), new Date());
    const pushesOf = (u: number) => service.received.filter((p) => p.path === `/push/user-${u}`);
    // One of user 0's items held by a transaction, as by an instance still evaluating it: both
    // instances evaluate the rest, and user 0's alerts wait for that item instead of going out
    // in a push of their own.
    await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT 1 FROM monitors WHERE user_id = ${users[0].userId} AND entity_id = ${ids[0]} FOR UPDATE`,
      );
      await Promise.all([first.data.reloadIfNewer(), second.data.reloadIfNewer()]);
      await Promise.all([first.monitoring.evaluateNow(), second.monitoring.evaluateNow()]);
      expect(pushesOf(0)).toEqual([]);
      for (let u = 1; u < 6; u++) expect(pushesOf(u)).toHaveLength(1);
    });
    await Promise.all([first.monitoring.evaluateNow(), second.monitoring.evaluateNow()]);
    // 30 baselines, then 30 evaluations against them, shared between the instances.
    expect(first.monitoring.evaluatedCount() + second.monitoring.evaluatedCount()).toBe(60);
    const version = first.data.snapshot.version;
    expect(second.data.snapshot.version).toBe(version);
    expect((await database.db.select().from(monitors)).every((m) => m.baselineVersion === version)).toBe(true);
    const alerts = await database.db.select().from(monitorAlerts);
    // Every item doubled its week's sales: one sales alert each, +100 %.
    expect(alerts).toHaveLength(30);
    expect(new Set(alerts.map((a) => a.detail.percent))).toEqual(new Set([100]));
    expect(alerts.every((a) => a.pushedAt !== null)).toBe(true);
    for (let u = 0; u < 6; u++) expect(pushesOf(u)).toHaveLength(1);
    // User 0's one push carries all five alerts.
    expect(JSON.parse(decrypt(pushesOf(0)[0].body, browsers[0])).body).toBe("5 changes in your monitored items");
  });
});
