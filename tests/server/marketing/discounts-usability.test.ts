// The one usability decision the lists and checkout share (usabilityOf), case by case: dates,
// switched-off discounts, first purchase, type 7 receipts and usable_end_time (the earlier of
// the discount's end and the receipt's); and the demo discounts: created once however often the
// server boots, and absent outside demo mode.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { discounts, type Discount } from "../../../server/db/schema";
import {
  DEMO_DISCOUNTS,
  ensureDemoDiscounts,
  usabilityOf,
  type UserFacts,
} from "../../../server/modules/marketing/services/discounts";
import { openTestDatabase } from "../helpers/app";
import { buildCommerceApp, CommerceClient } from "../commerce/harness";

const NOW = new Date("2026-06-01T12:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * 86_400_000);

const discount = (values: Partial<Discount> = {}): Discount => ({
  id: 1,
  marketingId: 1001,
  groupNum: 1,
  code: "X",
  marketingType: 5,
  systemId: 14,
  plan: "basic",
  months: 1,
  priceUsdCents: 990,
  eligibility: "first_purchase",
  receiveDays: null,
  campaignId: null,
  startsAt: null,
  endsAt: null,
  active: true,
  createdAt: NOW,
  ...values,
});
const facts = (hasPaid: boolean, receipts: [number, Date][] = []): UserFacts => ({
  hasPaid,
  receipts: new Map(receipts),
});

describe("usabilityOf", () => {
  it("first purchase: usable for a user who never paid and for visitors, not after a paid order", () => {
    expect(usabilityOf(discount(), facts(false), NOW)).toEqual({ usable: true, usableEndTime: null, received: false });
    expect(usabilityOf(discount(), null, NOW).usable).toBe(true);
    expect(usabilityOf(discount(), facts(true), NOW).usable).toBe(false);
    expect(usabilityOf(discount({ eligibility: "anyone" }), facts(true), NOW).usable).toBe(true);
  });

  it("only within its dates and while switched on; usable_end_time is its end", () => {
    expect(usabilityOf(discount({ startsAt: at(1) }), facts(false), NOW).usable).toBe(false);
    expect(usabilityOf(discount({ startsAt: NOW }), facts(false), NOW).usable).toBe(true);
    expect(usabilityOf(discount({ endsAt: NOW }), facts(false), NOW).usable).toBe(false);
    expect(usabilityOf(discount({ endsAt: at(2) }), facts(false), NOW)).toEqual({
      usable: true,
      usableEndTime: at(2),
      received: false,
    });
    expect(usabilityOf(discount({ active: false }), facts(false), NOW).usable).toBe(false);
  });

  it("type 7: only once received and before the receipt's end, ending at the earlier end", () => {
    const receive = discount({ marketingType: 7, eligibility: "anyone", endsAt: at(30) });
    expect(usabilityOf(receive, facts(false), NOW)).toEqual({ usable: false, usableEndTime: at(30), received: false });
    expect(usabilityOf(receive, null, NOW).usable).toBe(false);
    expect(usabilityOf(receive, facts(true, [[1, at(7)]]), NOW)).toEqual({
      usable: true,
      usableEndTime: at(7),
      received: true,
    });
    expect(usabilityOf(receive, facts(false, [[1, NOW]]), NOW)).toEqual({
      usable: false,
      usableEndTime: NOW,
      received: true,
    });
    // Another discount's receipt does not count.
    expect(usabilityOf(receive, facts(false, [[2, at(7)]]), NOW).usable).toBe(false);
  });
});

describe("demo discounts", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it("are created once however often the server boots, and not outside demo mode", async () => {
    const app = await buildCommerceApp(database, { DEMO_MODE: "false" });
    try {
      const answer = await new CommerceClient(app).call("POST", "/v1/user/charge/marketing/list/simple-all", {
        body: {},
      });
      expect(answer).toMatchObject({ code: 0, data: [] });
    } finally {
      await app.close();
    }
    await ensureDemoDiscounts(database.db, NOW);
    await ensureDemoDiscounts(database.db, NOW);
    const rows = await database.db.select().from(discounts);
    expect(rows.map((row) => row.code).sort()).toEqual(DEMO_DISCOUNTS.map((entry) => entry.code).sort());
    expect(rows.every((row) => row.startsAt === null && row.endsAt === null)).toBe(true);
  });
});
