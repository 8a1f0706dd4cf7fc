// A discount's marketing_id + group_num at checkout (price-query and pre-payment): Basic9.9 makes
// Basic monthly US$9.90 for a user who never paid, the order keeps the marketing id and group
// and is paid at that total, and afterwards the first-purchase discounts are refused (71002) and
// leave the lists; a plan or cycle mismatch is 71003 and an unknown discount 71001; a type 7
// discount prices only after receiving it and until its usable_until (the app's clock moved).
// The renewal of a Basic9.9 subscription is charged at the list price (renewals price the plan
// from config planPrices, with no marketing discount).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { createCommerceContext } from "../../../server/modules/commerce/context";
import { runRenewals } from "../../../server/modules/commerce/jobs/renewals";
import { createSandboxGateway } from "../../../server/modules/sandbox-gateway";
import { openTestDatabase, testConfig } from "../helpers/app";
import { testClock, type TestClock } from "../helpers/auth";
import { buildCommerceApp, buyer, CommerceClient, commerceEnv, purchaseRows } from "../commerce/harness";

const BASE = "/v1/user/charge/marketing";
const DAY_MS = 86_400_000;
const BASIC_MONTHLY = { plan: "basic", months: 1, country: "VN", method: "card_vn" } as const;
const BASIC_YEARLY = { ...BASIC_MONTHLY, months: 12 } as const;

let database: Database;
let client: CommerceClient;
let clock: TestClock;
let closeApp: () => Promise<void>;

beforeAll(async () => {
  database = await openTestDatabase();
  clock = testClock();
  const app = await buildCommerceApp(database, {}, clock.now);
  client = new CommerceClient(app);
  closeApp = () => app.close();
});
afterAll(async () => {
  await closeApp?.();
  await database?.close();
});

const list = (token: string, query: string) =>
  client.call("GET", `${BASE}/list/pay-discounts?${query}`, { token }).then((answer) => answer.data);

/** The Basic9.9 buyer of the first test (a card purchase: it started a monthly subscription). */
let firstBuyer: { token: string; userId: number } | null = null;

describe("Basic9.9 at checkout", () => {
  it("prices Basic monthly at US$9.90 for a user who never paid, and not after a paid order", async () => {
    const { token, userId } = await buyer(database);
    const quoted = await client.priceQuery(token, { ...BASIC_MONTHLY, marketing_id: "1001", group_num: 1 });
    expect(quoted).toMatchObject({ status: 200, code: 0 });
    expect(quoted.data).toMatchObject({
      subtotal_usd: 19.9,
      marketing_discount_usd: 10,
      discount_usd: 10,
      total_usd: 9.9,
      marketing_id: "1001",
      group_num: 1,
    });
    // An integer marketing_id and no group_num: group 1.
    const asNumber = await client.priceQuery(token, { ...BASIC_MONTHLY, marketing_id: 1001 });
    expect(asNumber.data).toMatchObject({ total_usd: 9.9 });

    const placed = await client.prePayment(token, { ...BASIC_MONTHLY, marketing_id: 1001, group_num: 1 });
    expect(placed).toMatchObject({ code: 0, data: { subtotal_usd: 19.9, discount_usd: 10, total_usd: 9.9 } });
    const started = await client.pay(token, placed.data.subscription_no);
    expect(started.code).toBe(0);
    expect(await client.payerDecides(started.data.payment_id, "approve")).toBe(303);
    const paid = await client.confirmPaid(token, placed.data.subscription_no);
    expect(paid).toMatchObject({ code: 0, data: { status: "paid", total_usd: 9.9, membership: { plan: "basic" } } });
    const rows = await purchaseRows(database, userId);
    expect(rows.orders).toEqual([
      expect.objectContaining({ status: "paid", marketingId: "1001", groupNum: 1, totalUsdCents: 990 }),
    ]);
    expect(rows.memberships).toHaveLength(1);
    firstBuyer = { token, userId };

    // Paid once: no longer a first purchase.
    expect(await client.priceQuery(token, { ...BASIC_MONTHLY, marketing_id: "1001", group_num: 1 })).toMatchObject({
      status: 409,
      code: 71002,
      msg: "This discount cannot be used on your account now",
    });
    expect(await client.prePayment(token, { ...BASIC_YEARLY, marketing_id: "1001", group_num: 2 })).toMatchObject({
      code: 71002,
    });
    expect(await list(token, "marketing_type=5")).toEqual([]);
    expect(await list(token, "marketing_type=5&include_not_usable=true")).toEqual([
      expect.objectContaining({ code: "Basic9.9", usable: false }),
      expect.objectContaining({ code: "Basic98", usable: false }),
    ]);
  });

  it("prices Basic98 for Basic yearly", async () => {
    const { token } = await buyer(database);
    const quoted = await client.priceQuery(token, { ...BASIC_YEARLY, marketing_id: "1001", group_num: 2 });
    expect(quoted.data).toMatchObject({ subtotal_usd: 198, marketing_discount_usd: 100, total_usd: 98 });
  });

  it("refuses another plan or cycle (71003) and unknown discounts (71001)", async () => {
    const { token } = await buyer(database);
    for (const body of [
      { ...BASIC_YEARLY, marketing_id: "1001", group_num: 1 },
      { ...BASIC_MONTHLY, plan: "premium", marketing_id: "1001", group_num: 1 },
      { ...BASIC_MONTHLY, marketing_id: "1001", group_num: 2 },
    ])
      expect(await client.priceQuery(token, body), JSON.stringify(body)).toMatchObject({
        status: 400,
        code: 71003,
        msg: "This discount is for another plan or billing cycle",
      });
    for (const marketingId of ["9999", "first-month", "1001x", "-1"])
      expect(
        await client.priceQuery(token, { ...BASIC_MONTHLY, marketing_id: marketingId }),
        marketingId,
      ).toMatchObject({ status: 404, code: 71001, msg: "Discount not found" });
    expect(await client.priceQuery(token, { ...BASIC_MONTHLY, marketing_id: "1001", group_num: 9 })).toMatchObject({
      code: 71001,
    });
    expect(await client.prePayment(token, { ...BASIC_MONTHLY, marketing_id: "9999" })).toMatchObject({
      code: 71001,
    });
  });
});

describe("renewal after Basic9.9", () => {
  it("charges the list price (US$19.90) for the next month", async () => {
    expect(firstBuyer).not.toBeNull();
    const config = testConfig(commerceEnv());
    const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;
    const { adapter } = createSandboxGateway({ db: database.db, config, now: clock.now, log: silent });
    const ctx = createCommerceContext(database.db, config, clock.now, adapter, silent);
    clock.advance(32 * DAY_MS);
    expect(await runRenewals(ctx, adapter, clock.now())).toMatchObject({ outcomes: { paid: 1 } });
    const rows = await purchaseRows(database, firstBuyer!.userId);
    const renewal = rows.orders.find((order) => order.kind === "renewal");
    expect(renewal).toMatchObject({
      status: "paid",
      subtotalUsdCents: 1_990,
      discountUsdCents: 0,
      totalUsdCents: 1_990,
      marketingId: null,
    });
  });
});

describe("Basic19.9 (type 7) at checkout", () => {
  it("prices only after receiving, and until usable_until", async () => {
    const { token } = await buyer(database);
    const body = { ...BASIC_YEARLY, marketing_id: "1002", group_num: 1 };
    expect(await client.priceQuery(token, body)).toMatchObject({ code: 71002 });
    const received = await client.call("POST", `${BASE}/receive-discount`, {
      token,
      body: { marketing_id: 1002, group_num: 1 },
    });
    expect(received).toMatchObject({ code: 0, data: { usable: true } });
    expect(received.data.usable_end_time).toBe(new Date(clock.now().getTime() + 7 * DAY_MS).toISOString());
    expect((await client.priceQuery(token, body)).data).toMatchObject({ subtotal_usd: 198, total_usd: 19.9 });

    clock.advance(7 * DAY_MS - 1);
    expect((await client.priceQuery(token, body)).data).toMatchObject({ total_usd: 19.9 });
    clock.advance(1);
    expect(await client.priceQuery(token, body)).toMatchObject({ code: 71002 });
    expect(await list(token, "marketing_type=7")).toEqual([]);
    expect(await list(token, "marketing_type=7&include_not_usable=true")).toEqual([
      expect.objectContaining({ code: "Basic19.9", usable: false, received: true }),
    ]);
  });
});
