// The purge job: rows past keeping go (expired codes, QR tickets, captcha keys and redemptions,
// sessions, failed logins, outbox messages, tracking events past TRACKING_RETENTION_DAYS, the
// invite rule's device and address sightings after two days), fresh
// rows stay; deletes go in bounded batches. Time is the job's clock, not the machine's.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import {
  captchaKeys,
  clientErrors,
  captchaRedemptions,
  loginFailures,
  outbox,
  qrLoginTickets,
  sessions,
  trackingEvents,
  userSightings,
  verificationCodes,
} from "../../../server/db/schema";
import type { PgTable } from "drizzle-orm/pg-core";
import { purgeTasks, runPurge } from "../../../server/jobs/purge";
import { createUser } from "../../../server/modules/accounts/services/users";
import { openTestDatabase, testConfig } from "../helpers/app";

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;

const NOW = new Date("2031-03-01T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const hex = () => randomBytes(8).toString("hex");

async function insertRows() {
  const user = await createUser(db, { email: `purge-${hex()}@example.com` });
  const code = (name: string, createdAt: Date) => ({
    loginId: name,
    purpose: 10,
    codeHash: hex(),
    ip: "192.0.2.1",
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 10 * 60_000),
  });
  await db.insert(verificationCodes).values([code("old", at(-8 * DAY)), code("fresh", at(-23 * HOUR))]);
  await db.insert(loginFailures).values([
    { loginId: "old", ip: "192.0.2.1", createdAt: at(-2 * DAY) },
    { loginId: "fresh", ip: "192.0.2.1", createdAt: at(-HOUR) },
  ]);
  await db.insert(captchaKeys).values([
    { keyHash: `old-${hex()}`, createdAt: at(-DAY - 60_000), expiresAt: at(-60_000) },
    { keyHash: `fresh-${hex()}`, createdAt: at(-HOUR), expiresAt: at(23 * HOUR) },
  ]);
  await db.insert(captchaRedemptions).values([
    { challengeId: `old-${hex()}`, createdAt: at(-2 * DAY) },
    { challengeId: `fresh-${hex()}`, createdAt: at(-HOUR) },
  ]);
  await db.insert(qrLoginTickets).values([
    { ticketHash: `old-${hex()}`, createdAt: at(-2 * DAY), expiresAt: at(-2 * DAY + 120_000) },
    { ticketHash: `fresh-${hex()}`, createdAt: at(-60_000), expiresAt: at(60_000) },
  ]);
  await db.insert(sessions).values([
    { tokenHash: `expired-${hex()}`, userId: user.id, createdAt: at(-9 * DAY), expiresAt: at(-2 * DAY) },
    {
      tokenHash: `revoked-${hex()}`,
      userId: user.id,
      createdAt: at(-3 * DAY),
      expiresAt: at(4 * DAY),
      revokedAt: at(-2 * DAY),
    },
    { tokenHash: `live-${hex()}`, userId: user.id, createdAt: at(-DAY), expiresAt: at(6 * DAY) },
    {
      tokenHash: `just-revoked-${hex()}`,
      userId: user.id,
      createdAt: at(-DAY),
      expiresAt: at(6 * DAY),
      revokedAt: at(-HOUR),
    },
  ]);
  await db.insert(outbox).values([
    { to: "old@example.com", channel: "email", text: "code", createdAt: at(-2 * DAY) },
    { to: "fresh@example.com", channel: "email", text: "code", createdAt: at(-HOUR) },
  ]);
  const event = (id: string, receivedAt: Date) => ({ id, event: "page_view", systemId: 14, payload: {}, receivedAt });
  await db
    .insert(trackingEvents)
    .values([event(`old-${hex()}`, at(-91 * DAY)), event(`fresh-${hex()}`, at(-89 * DAY))]);
  const report = (id: string, receivedAt: Date) => ({ id, kind: "error", systemId: 14, receivedAt });
  await db
    .insert(clientErrors)
    .values([report(`old-${hex()}`, at(-91 * DAY)), report(`fresh-${hex()}`, at(-89 * DAY))]);
  await db.insert(userSightings).values([
    { userId: user.id, deviceHash: "old", addressHash: null, seenAt: at(-2 * DAY - 60_000) },
    { userId: user.id, deviceHash: "fresh", addressHash: null, seenAt: at(-DAY - HOUR) },
  ]);
}

const count = async (table: PgTable) => (await db.select().from(table)).length;

describe("the purge", () => {
  it("deletes rows past keeping and keeps fresh ones", async () => {
    await insertRows();
    const deleted = await runPurge(db, purgeTasks(NOW, testConfig({ TRACKING_RETENTION_DAYS: "90" })));
    expect(Object.fromEntries(deleted!)).toEqual({
      "verification codes": 1,
      "login failures": 1,
      "captcha keys": 1,
      "captcha redemptions": 1,
      "QR login tickets": 1,
      sessions: 2,
      "outbox messages": 1,
      "tracking events": 1,
      "client errors": 1,
      "monitor alerts": 0,
      "user sightings": 1,
    });
    expect((await db.select().from(verificationCodes)).map((row) => row.loginId)).toEqual(["fresh"]);
    expect((await db.select().from(loginFailures)).map((row) => row.loginId)).toEqual(["fresh"]);
    expect((await db.select().from(captchaKeys)).map((row) => row.keyHash.split("-")[0])).toEqual(["fresh"]);
    expect((await db.select().from(captchaRedemptions)).map((row) => row.challengeId.split("-")[0])).toEqual(["fresh"]);
    expect((await db.select().from(qrLoginTickets)).map((row) => row.ticketHash.split("-")[0])).toEqual(["fresh"]);
    expect(
      (await db.select().from(sessions)).map((row) => row.tokenHash.split("-").slice(0, -1).join("-")).sort(),
    ).toEqual(["just-revoked", "live"]);
    expect((await db.select().from(outbox)).map((row) => row.to)).toEqual(["fresh@example.com"]);
    expect((await db.select().from(trackingEvents)).map((row) => row.id.split("-")[0])).toEqual(["fresh"]);
    expect((await db.select().from(clientErrors)).map((row) => row.id.split("-")[0])).toEqual(["fresh"]);
    expect((await db.select().from(userSightings)).map((row) => row.deviceHash)).toEqual(["fresh"]);

    // A day later the fresh tracking event is past 90 days too; nothing else has aged out.
    const later = await runPurge(db, purgeTasks(at(DAY + HOUR), testConfig({ TRACKING_RETENTION_DAYS: "90" })));
    expect(later!.get("tracking events")).toBe(1);
    expect(await count(verificationCodes)).toBe(1);
  });

  it("deletes in bounded batches, and leaves what a run's batches cannot take to the next run", async () => {
    await db.delete(trackingEvents);
    const old = Array.from({ length: 7 }, () => ({
      id: `old-${hex()}`,
      event: "click",
      systemId: 14,
      payload: {},
      receivedAt: at(-200 * DAY),
    }));
    await db.insert(trackingEvents).values(old);
    const tasks = purgeTasks(NOW, testConfig()).filter((task) => task.name === "tracking events");
    expect((await runPurge(db, tasks, { batchSize: 2, maxBatches: 2 }))!.get("tracking events")).toBe(4);
    expect(await count(trackingEvents)).toBe(3);
    expect((await runPurge(db, tasks, { batchSize: 2, maxBatches: 10 }))!.get("tracking events")).toBe(3);
    expect(await count(trackingEvents)).toBe(0);
  });
});
