// Web push end to end without a browser: the VAPID key (generated once and stored, or configured),
// subscription validation, upsert and idempotent removal, and a campaign sent to a local HTTP
// server standing in for the push service. The test holds the subscriber's real P-256 key pair
// and auth secret, checks the VAPID JWT against the served public key (jose) and DECRYPTS the
// body itself (RFC 8291 key derivation, RFC 8188 aes128gcm record) to compare with the payload;
// 404/410 answers delete the subscription.
import { createECDH, randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { importJWK, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../server/config";
import { openDatabase } from "../../../server/db/client";
import { pushSubscriptions, serverKeys } from "../../../server/db/schema";
import { campaignPayload, sendCampaign } from "../../../server/modules/engagement/services/push-campaigns";
import { saveSubscription } from "../../../server/modules/engagement/services/push-subscriptions";
import { loadVapidKeys, type VapidKeys } from "../../../server/modules/engagement/services/vapid-keys";
import { createCampaign } from "../../../server/modules/marketing/services/campaigns";
import { signIn } from "../helpers/data";
import { call, openPostgresApps, type PostgresApps } from "../helpers/engagement";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "../../../server/config";
import { openTestApp, testConfig } from "../helpers/app";
import { decrypt, newBrowser, pushService, type Browser } from "../helpers/push-service";

// The real push services plus plain http to the loopback push service below.
const PUSH_SERVICE_HOSTS = `${DEFAULT_PUSH_SERVICE_HOSTS},http://127.0.0.1`;
const pushHosts = testConfig({ PUSH_SERVICE_HOSTS }).pushServiceHosts;
const { database, app, close } = await openTestApp({ env: { DEMO_DATA_ON_START: "never", PUSH_SERVICE_HOSTS } });
const SUBSCRIPTION = "/api/v1/push/subscription";

/** Runs the CLI without blocking this process (the push service above answers from it). */
function pushSend(args: string[], dataDir: string): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/push-send.ts", ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", PUSH_SERVICE_HOSTS }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const service = pushService();
let origin: string;
let vapid: VapidKeys;
beforeAll(async () => {
  origin = await service.start();
  vapid = await loadVapidKeys(database.db, testConfig());
});
afterAll(async () => {
  await service.stop();
  await close();
});

describe("VAPID keys", () => {
  it("serves a P-256 public key generated once and stored in server_keys", async () => {
    const reply = await call(app, "GET", "/api/v1/push/public-key");
    expect(reply.code).toBe(0);
    const key = Buffer.from(reply.data.public_key, "base64url");
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect(reply.data.public_key).toBe(vapid.publicKey);
    const [stored] = await database.db.select().from(serverKeys).where(eq(serverKeys.name, "vapid_keys"));
    expect(JSON.parse(stored.value).publicKey).toBe(vapid.publicKey);
    // A restart (another load) keeps the same pair.
    expect(await loadVapidKeys(database.db, testConfig())).toEqual(vapid);
  });

  it("uses configured keys, and refuses half or bad configuration", async () => {
    const env = {
      VAPID_PUBLIC_KEY: "BOr4yr1SGoH_Bs3_EZ8umpAkIbyiJGNJWmGgEmNwyxeunxaKu3VdqYmzM5IwCa0fe0WZsPDPWn6K2iPuqlWFK1c",
      VAPID_PRIVATE_KEY: randomBytes(32).toString("base64url"),
    };
    const configured = await loadVapidKeys(
      database.db,
      testConfig({ ...env, VAPID_SUBJECT: "https://shopradar.example/contact" }),
    );
    expect(configured).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: "https://shopradar.example/contact",
    });
    expect(testConfig().vapidSubject).toBe("mailto:admin@shopradar.local");
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY })).toThrow(
      /Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: "abc" })).toThrow(/Invalid VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PRIVATE_KEY: "abc" })).toThrow(/^Invalid VAPID_PRIVATE_KEY \(expected/);
    expect(() => loadConfig({ VAPID_SUBJECT: "http://insecure.example" })).toThrow(/Invalid VAPID_SUBJECT/);
  });
});

describe("subscriptions", () => {
  const rowFor = async (endpoint: string) =>
    (await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

  it("saves a visitor's subscription with language and edition; the browser's signed-in user takes it over", async () => {
    const endpoint = `${origin}/push/upsert-${randomBytes(4).toString("hex")}`;
    const first = newBrowser();
    expect(
      await call(app, "POST", SUBSCRIPTION, { body: { endpoint, keys: first.keys }, language: "vi", system: 14 }),
    ).toEqual({ status: 200, code: 0, msg: "success", data: { subscribed: true } });
    expect(await rowFor(endpoint)).toMatchObject({
      p256dh: first.keys.p256dh,
      auth: first.keys.auth,
      userId: null,
      language: "vi",
      systemId: 14,
    });
    const { token, userId } = await signIn(database, "free");
    // The same browser (its keys), now signed in.
    expect(
      (
        await call(app, "POST", SUBSCRIPTION, {
          body: { endpoint, keys: first.keys },
          token,
          language: "zh_CN",
          system: 13,
        })
      ).code,
    ).toBe(0);
    const rows = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      p256dh: first.keys.p256dh,
      auth: first.keys.auth,
      userId,
      language: "zh",
      systemId: 13,
    });
  });

  it("lets only the owner change or remove a subscription", async () => {
    const refused = { status: 403, code: 60122, msg: expect.stringMatching(/belongs to someone else/), data: null };
    const browser = newBrowser();
    const stranger = newBrowser();
    // Anonymous: the browser's own keys change it; knowing the endpoint alone does not.
    const anonymous = `${origin}/push/anonymous-${randomBytes(4).toString("hex")}`;
    expect((await call(app, "POST", SUBSCRIPTION, { body: { endpoint: anonymous, keys: browser.keys } })).code).toBe(0);
    expect(await call(app, "POST", SUBSCRIPTION, { body: { endpoint: anonymous, keys: stranger.keys } })).toEqual(
      refused,
    );
    expect((await call(app, "POST", SUBSCRIPTION, { body: { endpoint: anonymous, keys: browser.keys } })).code).toBe(0);
    expect(await rowFor(anonymous)).toMatchObject({ p256dh: browser.keys.p256dh, userId: null });

    // A user's: only that user, whatever keys others present.
    const owner = await signIn(database, "free");
    const other = await signIn(database, "free");
    const owned = `${origin}/push/owned-${randomBytes(4).toString("hex")}`;
    const post = (keys: Browser["keys"], token?: string) =>
      call(app, "POST", SUBSCRIPTION, { body: { endpoint: owned, keys }, token });
    expect((await post(browser.keys, owner.token)).code).toBe(0);
    expect(await post(browser.keys)).toEqual(refused);
    expect(await post(browser.keys, other.token)).toEqual(refused);
    expect(await post(stranger.keys, other.token)).toEqual(refused);
    expect(await rowFor(owned)).toMatchObject({ p256dh: browser.keys.p256dh, userId: owner.userId });
    // The owner may renew it with new keys.
    expect((await post(stranger.keys, owner.token)).code).toBe(0);
    expect(await rowFor(owned)).toMatchObject({ p256dh: stranger.keys.p256dh, userId: owner.userId });

    const remove = (endpoint: string, token?: string) =>
      call(app, "DELETE", SUBSCRIPTION, { body: { endpoint }, token });
    expect(await remove(owned)).toEqual(refused);
    expect(await remove(owned, other.token)).toEqual(refused);
    expect(await rowFor(owned)).toBeDefined();
    expect((await remove(owned, owner.token)).code).toBe(0);
    expect(await rowFor(owned)).toBeUndefined();
    // An anonymous subscription goes with its endpoint (what the browser holds when it turns push off).
    expect((await remove(anonymous)).code).toBe(0);
    expect(await rowFor(anonymous)).toBeUndefined();
  });

  it("accepts https endpoints of the push services only", async () => {
    const keys = newBrowser().keys;
    const allowed = [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGx",
      "https://db5p.notify.windows.com/w/?token=abc",
      "https://wns2-by3p.notify.windows.com/w/?token=abc",
    ];
    for (const endpoint of allowed)
      expect((await call(app, "POST", SUBSCRIPTION, { body: { endpoint, keys } })).code, endpoint).toBe(0);
    const refused = [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/fcm/send/abc",
      "https://evil.example/fcm.googleapis.com",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost:8080/admin",
      "https://user:pass@fcm.googleapis.com/fcm/send/abc",
      "https://push.apple.com/QGx",
      "https://a.b.push.apple.com/QGx",
      "http://127.0.0.2:9000/push",
    ];
    for (const endpoint of refused) {
      const reply = await call(app, "POST", SUBSCRIPTION, { body: { endpoint, keys } });
      expect([reply.status, reply.code], endpoint).toEqual([400, 60120]);
      expect(await rowFor(endpoint)).toBeUndefined();
    }
  });

  it("rejects endpoints and keys no push service or browser would produce", async () => {
    const keys = newBrowser().keys;
    const FCM_ENDPOINT = "https://fcm.googleapis.com/fcm/send/rejected";
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString("base64url");
    const cases: Array<[unknown, number, RegExp]> = [
      [{ endpoint: "ftp://push.example/x", keys }, 60120, /https/],
      [{ endpoint: "not a url", keys }, 60120, /https/],
      [{ endpoint: `https://push.example/${"a".repeat(2048)}`, keys }, 400, /endpoint must NOT have more than 2048/],
      [{ endpoint: FCM_ENDPOINT, keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } }, 60121, /P-256/],
      [{ endpoint: FCM_ENDPOINT, keys: { ...keys, p256dh: offCurve } }, 60121, /P-256/],
      [{ endpoint: FCM_ENDPOINT, keys: { ...keys, auth: randomBytes(15).toString("base64url") } }, 60121, /16 bytes/],
      [{ endpoint: FCM_ENDPOINT, keys: { ...keys, auth: "not+base64/url" } }, 400, /auth must match pattern/],
      [{ endpoint: FCM_ENDPOINT }, 400, /keys/],
    ];
    for (const [body, code, message] of cases) {
      const reply = await call(app, "POST", SUBSCRIPTION, { body });
      expect(reply.status, JSON.stringify(body).slice(0, 90)).toBe(400);
      expect(reply.code).toBe(code);
      expect(reply.msg).toMatch(message);
    }
    expect(await rowFor(FCM_ENDPOINT)).toBeUndefined();
  });

  it("removes a subscription idempotently", async () => {
    const endpoint = `${origin}/push/remove-${randomBytes(4).toString("hex")}`;
    await call(app, "POST", SUBSCRIPTION, { body: { endpoint, keys: newBrowser().keys } });
    for (let i = 0; i < 2; i++)
      expect(await call(app, "DELETE", SUBSCRIPTION, { body: { endpoint } })).toEqual({
        status: 200,
        code: 0,
        msg: "success",
        data: { subscribed: false },
      });
    expect(await rowFor(endpoint)).toBeUndefined();
    expect((await call(app, "DELETE", SUBSCRIPTION, { body: {} })).status).toBe(400);
  });
});

describe("sending a campaign", () => {
  it("follows no redirect, and sends nothing to endpoints off the allow-list (it drops them)", async () => {
    await database.db.delete(pushSubscriptions);
    const save = (endpoint: string) =>
      saveSubscription(database.db, { endpoint, ...newBrowser().keys, userId: null, language: "en", systemId: 14 });
    await save(`${origin}/push/redirect`);
    await save(`${origin}/push/fine`);
    // Stored before the allow-list existed (or by hand): never sent to.
    await save("https://evil.example/collect");
    service.statusFor.set("/push/redirect", 307);
    service.received.length = 0;

    const report = await sendCampaign(database.db, vapid, { slug: "redirects", title: "T", body: "B" }, { pushHosts });
    expect(report).toMatchObject({ total: 3, sent: 1, failed: 1, removed: 1 });
    expect([...report.reasons.keys()].sort()).toEqual([
      "endpoint not on the push-service allow-list",
      "push service redirected (307), not followed",
    ]);
    expect(service.received.map((r) => r.path).sort()).toEqual(["/push/fine", "/push/redirect"]);
    const left = (await database.db.select().from(pushSubscriptions)).map((row) => row.endpoint).sort();
    expect(left).toEqual([`${origin}/push/fine`, `${origin}/push/redirect`]);
  });

  it("encrypts the payload for each subscriber (aes128gcm), signs with VAPID and removes gone subscriptions", async () => {
    await database.db.delete(pushSubscriptions);
    const alive = newBrowser();
    const gone = newBrowser();
    const broken = newBrowser();
    const other = newBrowser();
    const add = (name: string, browser: Browser, language = "en") =>
      saveSubscription(database.db, {
        endpoint: `${origin}/push/${name}`,
        ...browser.keys,
        userId: null,
        language,
        systemId: 14,
      });
    await add("alive", alive);
    await add("gone", gone);
    await add("broken", broken);
    await add("vietnamese", other, "vi");
    service.statusFor.set("/push/gone", 410);
    service.statusFor.set("/push/broken", 500);
    service.received.length = 0;

    const report = await sendCampaign(
      database.db,
      vapid,
      { slug: "summer-sale", title: "Summer sale", body: "50% off Premium", language: "en" },
      { pushHosts },
    );
    expect(report).toMatchObject({ total: 3, sent: 1, failed: 1, removed: 1 });
    expect(service.received.map((r) => r.path).sort()).toEqual(["/push/alive", "/push/broken", "/push/gone"]);

    const push = service.received.find((r) => r.path === "/push/alive")!;
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(push.headers["content-type"]).toBe("application/octet-stream");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const payload = {
      title: "Summer sale",
      body: "50% off Premium",
      url: "/campaign?campaign=summer-sale",
      campaign: "summer-sale",
    };
    expect(JSON.parse(decrypt(push.body, alive))).toEqual(payload);
    // Each subscriber's copy is encrypted for its own keys only.
    const gonePush = service.received.find((r) => r.path === "/push/gone")!;
    expect(JSON.parse(decrypt(gonePush.body, gone))).toEqual(payload);
    expect(() => decrypt(gonePush.body, alive)).toThrow();

    // Authorization: vapid t=<ES256 JWT for this origin>, k=<our public key>.
    const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(push.headers.authorization ?? "");
    expect(match, push.headers.authorization).not.toBeNull();
    expect(match![2]).toBe(vapid.publicKey);
    const point = Buffer.from(match![2], "base64url");
    const key = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      "ES256",
    );
    const { payload: claims } = await jwtVerify(match![1], key, {
      algorithms: ["ES256"],
      audience: origin,
      subject: "mailto:admin@shopradar.local",
    });
    expect(claims.exp! * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 60_000);
    // A token signed by another key does not verify.
    const stranger = createECDH("prime256v1");
    stranger.generateKeys();
    const strangerPoint = stranger.getPublicKey();
    const strangerKey = await importJWK(
      {
        kty: "EC",
        crv: "P-256",
        x: strangerPoint.subarray(1, 33).toString("base64url"),
        y: strangerPoint.subarray(33).toString("base64url"),
      },
      "ES256",
    );
    await expect(jwtVerify(match![1], strangerKey)).rejects.toThrow();

    const left = (await database.db.select().from(pushSubscriptions))
      .map((s) => s.endpoint.slice(origin.length))
      .sort();
    expect(left).toEqual(["/push/alive", "/push/broken", "/push/vietnamese"]);
    const [sent] = await database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, `${origin}/push/alive`));
    expect(sent.lastSentAt).toBeInstanceOf(Date);
  });

  it("takes an app path as url, and refuses other sites and bad slugs", () => {
    expect(
      campaignPayload({ slug: "tet", title: "t", body: "b", url: "/subActivity/pages/campaign/campaign?campaign=tet" })
        .url,
    ).toBe("/subActivity/pages/campaign/campaign?campaign=tet");
    expect(() => campaignPayload({ slug: "tet", title: "t", body: "b", url: "https://evil.example/" })).toThrow(
      /path of the app/,
    );
    expect(() => campaignPayload({ slug: "tet", title: "t", body: "b", url: "//evil.example/" })).toThrow(
      /path of the app/,
    );
    expect(() => campaignPayload({ slug: "Bad Slug", title: "t", body: "b" })).toThrow(/slug/);
  });
});

describe("npm run push:send", () => {
  it("sends a known campaign (its title and text by default) to the subscribers of a DATA_DIR database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "shopradar-push-"));
    try {
      const cliDb = await openDatabase({ dataDir, databaseUrl: null });
      await createCampaign(cliDb.db, {
        slug: "ramadan",
        titles: { en: "Ramadan deals", id: "Promo Ramadan" },
        descriptions: { en: "Big discounts", id: "Diskon" },
        systemId: null,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 86_400_000),
      });
      const browser = newBrowser();
      await saveSubscription(cliDb.db, {
        endpoint: `${origin}/push/cli`,
        ...browser.keys,
        userId: null,
        language: "id",
        systemId: 14,
      });
      await saveSubscription(cliDb.db, {
        endpoint: `${origin}/push/cli-gone`,
        ...newBrowser().keys,
        userId: null,
        language: "id",
        systemId: 14,
      });
      await cliDb.close();
      service.statusFor.set("/push/cli-gone", 404);
      service.received.length = 0;
      const run = await pushSend(["--campaign", "ramadan", "--language", "id"], dataDir);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/campaign ramadan: 2 subscribers; sent 1, failed 0, removed 1/);
      const push = service.received.find((r) => r.path === "/push/cli")!;
      expect(JSON.parse(decrypt(push.body, browser))).toEqual({
        title: "Promo Ramadan",
        body: "Diskon",
        url: "/campaign?campaign=ramadan",
        campaign: "ramadan",
      });
      const usage = await pushSend(["--title", "x"], dataDir);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(/--campaign is required/);
      const unknown = await pushSend(["--campaign", "nope"], dataDir);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/push:send: failed: no campaign 'nope'/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Three CLI processes, each starting tsx and opening PGlite: slow on a shared 2-core machine.
  }, 240_000);
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("push on PostgreSQL (TEST_DATABASE_URL)", () => {
  let pg: PostgresApps;
  beforeAll(async () => {
    // Two instances booting together end up with one VAPID key pair.
    pg = await openPostgresApps(adminUrl!, { instances: 2, env: { DEMO_DATA_ON_START: "never", PUSH_SERVICE_HOSTS } });
  });
  afterAll(() => pg?.close());

  it("shares one key between instances, keeps one row (the first browser's) under racing subscribes, and sends", async () => {
    const { database: pgDatabase, apps: pgApps } = pg;
    const keys = await Promise.all(pgApps.map((pgApp) => call(pgApp, "GET", "/api/v1/push/public-key")));
    expect(keys[0].data.public_key).toBe(keys[1].data.public_key);
    const endpoint = `${origin}/push/pg`;
    const browsers = Array.from({ length: 10 }, newBrowser);
    const replies = await Promise.all(
      browsers.map((browser, i) =>
        call(pgApps[i % 2], "POST", SUBSCRIPTION, { body: { endpoint, keys: browser.keys } }),
      ),
    );
    // The first to arrive owns the endpoint; the others' keys do not take it over.
    expect(replies.map((r) => r.code).sort()).toEqual([0, ...Array<number>(9).fill(60122)]);
    const rows = await pgDatabase.db.select().from(pushSubscriptions);
    expect(rows).toHaveLength(1);
    const owner = browsers[replies.findIndex((r) => r.code === 0)];
    expect(rows[0].p256dh).toBe(owner.keys.p256dh);
    service.received.length = 0;
    const pgVapid = await loadVapidKeys(pgDatabase.db, testConfig());
    expect(pgVapid.publicKey).toBe(keys[0].data.public_key);
    expect(
      await sendCampaign(pgDatabase.db, pgVapid, { slug: "pg", title: "T", body: "B" }, { pushHosts }),
    ).toMatchObject({
      sent: 1,
      failed: 0,
      removed: 0,
    });
    expect(JSON.parse(decrypt(service.received[0].body, owner)).campaign).toBe("pg");
  });
});
