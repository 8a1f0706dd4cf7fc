// The tracking endpoint: batches stored once per client id (replays count nothing), the session's
// user and never the body's, and every bad batch a clear 4xx with its own code, never a 500.
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingEvents } from "../../../server/db/schema";
import { signIn } from "../helpers/data";
import { call, openPostgresApps, type PostgresApps } from "../helpers/engagement";
import { openTestApp } from "../helpers/app";

const { database, app, close } = await openTestApp();
afterAll(close);

const URL = "/api/v1/portal/statistics/common-user/action";
const newId = () => `ev_${randomBytes(8).toString("hex")}`;
const action = (fields: Record<string, unknown> = {}) => ({
  id: newId(),
  event: "page_view",
  scene: "home",
  page_name: "index",
  page_url: "https://shopradar.local/",
  language: "vi",
  device_id: "dev-1",
  session_id: "sess-1",
  net_type: "4g",
  json_str: JSON.stringify({ business_side: "H5", app_lang: "vi" }),
  at: Date.now(),
  ...fields,
});
const post = (body: unknown, token?: string) => call(app, "POST", URL, { body, token });
const rowsOf = (ids: string[]) => database.db.select().from(trackingEvents).where(inArray(trackingEvents.id, ids));

describe("POST /api/v1/portal/statistics/common-user/action", () => {
  it("stores an anonymous batch with every field, and a replay stores nothing twice", async () => {
    const actions = [action(), action({ event: "click", scene: "rank", channel_id: "7" }), action({ event: "scroll" })];
    const first = await post({ actions, system_id: 14, channel_id: 3 });
    expect(first).toEqual({ status: 200, code: 0, msg: "success", data: { accepted: 3, duplicates: 0 } });
    const again = await post({ actions, system_id: 14, channel_id: 3 });
    expect(again.data).toEqual({ accepted: 0, duplicates: 3 });
    const rows = await rowsOf(actions.map((a) => a.id));
    expect(rows).toHaveLength(3);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(actions[0].id)).toMatchObject({
      event: "page_view",
      scene: "home",
      pageName: "index",
      deviceId: "dev-1",
      sessionId: "sess-1",
      userId: null,
      systemId: 14,
      channelId: 3,
    });
    expect(byId.get(actions[1].id)!.channelId).toBe(7);
    expect(byId.get(actions[0].id)!.payload).toEqual(actions[0]);
  });

  it("counts an id repeated inside one batch once, and half-replayed batches exactly", async () => {
    const a = action();
    expect((await post({ actions: [a, a], system_id: 13 })).data).toEqual({ accepted: 1, duplicates: 1 });
    expect((await post({ actions: [a, action()], system_id: 13 })).data).toEqual({ accepted: 1, duplicates: 1 });
    expect((await post({ actions: [], system_id: 13 })).data).toEqual({ accepted: 0, duplicates: 0 });
  });

  it("stores the session's user, keeping a user_id from the body only inside the payload", async () => {
    const { token, userId } = await signIn(database, "free");
    const other = await signIn(database, "free");
    const a = action({ user_id: String(other.userId) });
    expect((await post({ actions: [a], system_id: 14 }, token)).data.accepted).toBe(1);
    const [row] = await rowsOf([a.id]);
    expect(row.userId).toBe(userId);
    expect(row.payload.user_id).toBe(String(other.userId));
    // An invalid token is a visitor, not an error.
    const b = action();
    expect((await post({ actions: [b], system_id: 14 }, "not-a-real-token")).code).toBe(0);
    expect((await rowsOf([b.id]))[0].userId).toBeNull();
  });

  it("accepts 100 actions and rejects 101 with code 60110", async () => {
    const hundred = Array.from({ length: 100 }, () => action());
    expect((await post({ actions: hundred, system_id: 14 })).data.accepted).toBe(100);
    const tooMany = await post({ actions: Array.from({ length: 101 }, () => action()), system_id: 14 });
    expect(tooMany).toMatchObject({ status: 400, code: 60110, msg: "A batch holds at most 100 actions", data: null });
  });

  it("rejects a body over 256 KB with 413 and code 60111, storing nothing", async () => {
    const big = Array.from({ length: 40 }, () => action({ json_str: "x".repeat(7000) }));
    const reply = await post({ actions: big, system_id: 14 });
    expect(reply).toMatchObject({ status: 413, code: 60111, msg: "A batch body is at most 256 KB" });
    expect(await rowsOf(big.map((a) => a.id))).toHaveLength(0);
  });

  it("answers 60112 naming the problem for malformed batches", async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ actions: [action({ id: "short" })], system_id: 14 }, /actions\/0\/id must match pattern/],
      [{ actions: [action({ id: "has space in it" })], system_id: 14 }, /id must match pattern/],
      [{ actions: [action({ id: "x".repeat(65) })], system_id: 14 }, /id must match pattern/],
      [{ actions: [{ id: newId() }], system_id: 14 }, /must have required property 'event'/],
      [{ actions: [action({ event: "" })], system_id: 14 }, /event must NOT have fewer than 1 characters/],
      [{ actions: [action({ event: "e".repeat(65) })], system_id: 14 }, /event must NOT have more than 64/],
      [{ actions: [action({ json_str: { nested: true } })], system_id: 14 }, /json_str must be string/],
      [{ actions: [action({ at: -5 })], system_id: 14 }, /at must be >= 0/],
      [{ actions: [action()], system_id: 15 }, /system_id/],
      [{ actions: [action()] }, /system_id/],
      [{ actions: "nope", system_id: 14 }, /actions\/0 must be object/],
      [{ actions: [action()], system_id: 14, channel_id: -1 }, /channel_id must be >= 0/],
      [[1, 2, 3], /must be object/],
    ];
    for (const [body, message] of cases) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.code).toBe(60112);
      expect(reply.msg).toMatch(/^Malformed tracking batch: /);
      expect(reply.msg).toMatch(message);
    }
    const notJson = await call(app, "POST", URL, { raw: '{"actions": [' });
    expect(notJson).toMatchObject({ status: 400, code: 60112, msg: "Malformed tracking batch: the body is not JSON" });
    const plain = await app.inject({
      method: "POST",
      url: URL,
      headers: { "system-id": "14", "content-type": "text/plain" },
      payload: "actions",
    });
    expect(plain.json()).toMatchObject({ code: 60112, msg: "Malformed tracking batch: body must be object" });
    const xml = await app.inject({
      method: "POST",
      url: URL,
      headers: { "system-id": "14", "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ code: 415, data: null });
  });

  it("stores text PostgreSQL would refuse (NUL, lone surrogates) instead of failing, and drops unknown fields", async () => {
    const a = action({ scene: "a\u0000b", page_name: "x\ud800y", extra_field: "dropped" });
    const reply = await post({ actions: [a], system_id: 14 });
    expect(reply.code).toBe(0);
    const [row] = await database.db.select().from(trackingEvents).where(eq(trackingEvents.id, a.id));
    expect(row.scene).toBe("ab");
    expect(row.pageName).toBe("x\ufffdy");
    expect(row.payload).not.toHaveProperty("extra_field");
  });

  it("takes numbers where the client sends them for id-like fields", async () => {
    const a = action({ marketing_id: 12, user_id: 99, channel_id: 5 });
    expect((await post({ actions: [a], system_id: 14 })).code).toBe(0);
    const [row] = await rowsOf([a.id]);
    expect(row.channelId).toBe(5);
    expect(row.userId).toBeNull();
  });

  it("needs the system-id header like every API call", async () => {
    const response = await app.inject({ method: "POST", url: URL, payload: { actions: [action()], system_id: 14 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/system-id/);
  });
});

describe("OpenAPI", () => {
  it("documents the engagement routes with their request and response schemas", async () => {
    const doc = (await app.inject({ method: "GET", url: "/api/v1/openapi.json" })).json();
    const tracking = doc.paths[URL].post;
    expect(Object.keys(tracking.requestBody.content["application/json"].schema.properties)).toEqual([
      "actions",
      "system_id",
      "channel_id",
    ]);
    expect(
      Object.keys(tracking.responses["200"].content["application/json"].schema.properties.data.properties),
    ).toEqual(["accepted", "duplicates"]);
    expect(Object.keys(doc.paths["/api/v1/questionnaire"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths["/api/v1/push/subscription"])).toEqual(expect.arrayContaining(["post", "delete"]));
    expect(doc.paths["/api/v1/push/public-key"].get).toBeDefined();
    expect(Object.keys(doc.paths["/api/v1/monitor/items"])).toEqual(
      expect.arrayContaining(["get", "put", "patch", "delete"]),
    );
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("tracking on PostgreSQL (TEST_DATABASE_URL)", () => {
  let pg: PostgresApps;
  beforeAll(async () => {
    pg = await openPostgresApps(adminUrl!, { env: { DEMO_DATA_ON_START: "never" } });
  });
  afterAll(() => pg?.close());

  it("10 concurrent replays of one 50-event batch store each event once", async () => {
    const actions = Array.from({ length: 50 }, () => action({ scene: "nul\u0000", page_name: "\udc00" }));
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => call(pg.apps[0], "POST", URL, { body: { actions, system_id: 14 } })),
    );
    expect(replies.every((r) => r.code === 0)).toBe(true);
    expect(replies.reduce((sum, r) => sum + r.data.accepted, 0)).toBe(50);
    expect(replies.reduce((sum, r) => sum + r.data.duplicates, 0)).toBe(450);
    const rows = await pg.database.db
      .select()
      .from(trackingEvents)
      .where(
        inArray(
          trackingEvents.id,
          actions.map((a) => a.id),
        ),
      );
    expect(rows).toHaveLength(50);
    expect(rows[0]).toMatchObject({ scene: "nul", pageName: "\ufffd" });
  });
});
