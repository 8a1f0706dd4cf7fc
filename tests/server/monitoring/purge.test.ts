// Old monitor alerts go in the hourly purge: an alert older than MONITOR_ALERT_RETENTION_DAYS
// (default 90) is deleted whether read or not, a younger one stays; the setting moves the line.
// Time is the purge's clock, not the machine's.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { monitorAlerts } from "../../../server/db/schema";
import { purgeTasks, runPurge } from "../../../server/jobs/purge";
import { createUser } from "../../../server/modules/accounts/services/users";
import { openTestDatabase, testConfig } from "../helpers/app";

const database = await openTestDatabase();
afterAll(() => database.close());
const { db } = database;

const NOW = new Date("2031-03-01T12:00:00Z");
const DAY = 24 * 3_600_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

/** Alerts of one user created `days` ago; each named by its entity id. */
async function insertAlerts(alerts: { name: string; days: number; read?: boolean }[]) {
  const user = await createUser(db, { email: `alerts-${randomBytes(6).toString("hex")}@example.com` });
  await db.insert(monitorAlerts).values(
    alerts.map(({ name, days, read }) => ({
      userId: user.id,
      kind: "goods" as const,
      entityId: name,
      type: "sales" as const,
      detail: { before: 10, after: 20, percent: 100 },
      version: 1,
      createdAt: daysAgo(days),
      readAt: read ? daysAgo(days - 0.5) : null,
    })),
  );
}

const remaining = async () => (await db.select().from(monitorAlerts)).map((row) => row.entityId).sort();

describe("the purge of monitor alerts", () => {
  it("deletes alerts older than the default 90 days, read or unread, and keeps younger ones", async () => {
    expect(testConfig().monitorAlertRetentionDays).toBe(90);
    await insertAlerts([
      { name: "old-read", days: 120, read: true },
      { name: "old-unread", days: 91 },
      { name: "young-unread", days: 89 },
      { name: "young-read", days: 2, read: true },
    ]);
    const deleted = await runPurge(db, purgeTasks(NOW, testConfig()));
    expect(deleted!.get("monitor alerts")).toBe(2);
    expect(await remaining()).toEqual(["young-read", "young-unread"]);

    // Two days later the 89-day-old alert is past keeping too.
    const later = await runPurge(db, purgeTasks(new Date(NOW.getTime() + 2 * DAY), testConfig()));
    expect(later!.get("monitor alerts")).toBe(1);
    expect(await remaining()).toEqual(["young-read"]);
  });

  it("keeps alerts for MONITOR_ALERT_RETENTION_DAYS, which must be a whole number of days", async () => {
    await db.delete(monitorAlerts);
    await insertAlerts([
      { name: "eight-days", days: 8 },
      { name: "six-days", days: 6 },
    ]);
    const deleted = await runPurge(db, purgeTasks(NOW, testConfig({ MONITOR_ALERT_RETENTION_DAYS: "7" })));
    expect(deleted!.get("monitor alerts")).toBe(1);
    expect(await remaining()).toEqual(["six-days"]);
    expect(() => testConfig({ MONITOR_ALERT_RETENTION_DAYS: "0" })).toThrow(/MONITOR_ALERT_RETENTION_DAYS/);
    expect(() => testConfig({ MONITOR_ALERT_RETENTION_DAYS: "2.5" })).toThrow(/MONITOR_ALERT_RETENTION_DAYS/);
  });
});
