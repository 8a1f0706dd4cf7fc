// Client error reports: `client_error` events of the tracking batch land in client_errors (once
// per id, without user, whatever session sent them), never in tracking_events; a bad report is a
// 400 with the batch's MALFORMED code; every new report is counted in client_errors_total{kind}.
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { clientErrors, trackingEvents } from "../../../server/db/schema";
import { signIn } from "../helpers/data";
import { call } from "../helpers/engagement";
import { openTestApp } from "../helpers/app";
import { parseMetrics, valueOf } from "../helpers/metrics";
import { STATISTICS_PATH } from "../../../contract/tracking-outbox";

const { database, app, close } = await openTestApp();
afterAll(close);

const newId = () => `err_${randomBytes(8).toString("hex")}`;
const report = (fields: Record<string, unknown> = {}) => ({
  id: newId(),
  event: "client_error",
  browser_info: "Mozilla/5.0 (test)",
  json_str: JSON.stringify({
    kind: "boundary",
    release: "0.1.0",
    route: "goods-detail",
    name: "TypeError",
    message: "x is undefined",
    stack: "at GoodsPage (app.js:1:2)",
    business_side: "H5",
    app_lang: "en",
    ...fields,
  }),
  at: Date.now(),
});
const post = (actions: unknown[], token?: string) =>
  call(app, "POST", STATISTICS_PATH, { body: { actions, system_id: 14 }, token });
const counted = async (kind: string) =>
  valueOf(parseMetrics((await app.inject({ method: "GET", url: "/metrics" })).body), "client_errors_total", { kind });

describe("client error reports in the tracking batch", () => {
  it("stores each report once without user, beside ordinary events, and counts it by kind", async () => {
    const { token } = await signIn(database, "free");
    const before = await counted("boundary");
    const crash = report();
    const view = { id: newId(), event: "page_view", json_str: "{}" };
    const first = await post([crash, view], token);
    expect(first).toMatchObject({ status: 200, code: 0, data: { accepted: 2, duplicates: 0 } });
    expect((await post([crash], token)).data).toEqual({ accepted: 0, duplicates: 1 });

    const [row] = await database.db
      .select()
      .from(clientErrors)
      .where(inArray(clientErrors.id, [crash.id]));
    expect(row).toMatchObject({
      kind: "boundary",
      release: "0.1.0",
      route: "goods-detail",
      userAgent: "Mozilla/5.0 (test)",
      name: "TypeError",
      message: "x is undefined",
      stack: "at GoodsPage (app.js:1:2)",
      systemId: 14,
    });
    const events = await database.db
      .select({ id: trackingEvents.id })
      .from(trackingEvents)
      .where(inArray(trackingEvents.id, [crash.id, view.id]));
    expect(events.map((e) => e.id)).toEqual([view.id]);
    expect(await counted("boundary")).toBe(before! + 1);
    expect(await counted("error")).toBe(0);
  });

  it("answers 400 for a report of an unknown kind or without JSON, storing nothing of the batch", async () => {
    for (const bad of [report({ kind: "user@example.com" }), { ...report(), json_str: "not json" }]) {
      const view = { id: newId(), event: "page_view" };
      const reply = await post([view, bad]);
      expect(reply).toMatchObject({ status: 400, code: 60112 });
      expect(reply.msg).toMatch(/client error/);
      const stored = await database.db
        .select()
        .from(clientErrors)
        .where(inArray(clientErrors.id, [bad.id]));
      const events = await database.db
        .select()
        .from(trackingEvents)
        .where(inArray(trackingEvents.id, [view.id]));
      expect([stored.length, events.length]).toEqual([0, 0]);
    }
  });
});
