// Discount lists and receiving (docs/marketing.md): pay-discounts with and without a token, the
// marketing_type rule (5|6|7, 400 otherwise), marketing_codes and include_not_usable, each
// edition seeing its own discounts, simple-all, createDiscount's defaults and dates, and
// receive-discount (type 7 only, once, usable until receive_days later capped at the end).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { discountReceipts } from "../../../server/db/schema";
import { createDiscount } from "../../../server/modules/marketing/services/discounts";
import { buyer, CommerceClient, openCommerceApp } from "../commerce/harness";

const BASE = "/v1/user/charge/marketing";
const DAY_MS = 86_400_000;

let database: Database;
let client: CommerceClient;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, client, close } = await openCommerceApp());
});
afterAll(() => close?.());

const list = (query: string, token?: string) =>
  client.call("GET", `${BASE}/list/${token ? "" : "anonymous/"}pay-discounts?${query}`, { token });
const codes = (items: { code: string }[]) => items.map((item) => item.code);

/** A call with another system-id (the test client always sends 14). */
async function asEdition(systemId: string, url: string) {
  const response = await client.app.inject({ method: "GET", url, headers: { "system-id": systemId } });
  return { status: response.statusCode, ...response.json<{ code: number; data: { code: string }[] }>() };
}

describe("pay-discounts", () => {
  it("lists the first-month demo discounts with their prices, cycle and rule (anonymous)", async () => {
    const answer = await list("marketing_type=5");
    expect(answer).toMatchObject({ status: 200, code: 0 });
    expect(answer.data).toEqual([
      {
        marketing_id: 1001,
        group_num: 1,
        code: "Basic9.9",
        marketing_type: 5,
        plan: "basic",
        months: 1,
        cycle_unit: "m",
        actual_amount: 9.9,
        original_amount: 19.9,
        percent_off: 50,
        rule_desc: "50% off",
        usable: true,
        usable_end_time: null,
        received: false,
      },
      {
        marketing_id: 1001,
        group_num: 2,
        code: "Basic98",
        marketing_type: 5,
        plan: "basic",
        months: 12,
        cycle_unit: "y",
        actual_amount: 98,
        original_amount: 198,
        // (198 - 98) / 198 = 50.5 %
        percent_off: 51,
        rule_desc: "51% off",
        usable: true,
        usable_end_time: null,
        received: false,
      },
    ]);
  });

  it("needs a token on the token variant; the anonymous variant ignores one", async () => {
    expect(await client.call("GET", `${BASE}/list/pay-discounts?marketing_type=5`)).toMatchObject({
      status: 401,
      code: 401,
    });
    const { token } = await buyer(database);
    const anonymous = await client.call("GET", `${BASE}/list/anonymous/pay-discounts?marketing_type=7`, { token });
    // Not received by anybody: the token is not read.
    expect(anonymous.data).toEqual([]);
    expect(codes((await list("marketing_type=5", token)).data)).toEqual(["Basic9.9", "Basic98"]);
  });

  it("answers 400, never 500, for a missing or wrong marketing_type", async () => {
    for (const query of ["", "marketing_type=8", "marketing_type=abc", "marketing_type=5.5", "marketing_type="]) {
      for (const token of [undefined, (await buyer(database)).token]) {
        const answer = await list(query, token);
        expect(answer.status, query).toBe(400);
        expect(answer.code, query).toBe(400);
      }
    }
  });

  it("filters by marketing_codes (comma list, any case)", async () => {
    expect(codes((await list("marketing_type=5&marketing_codes=Basic98")).data)).toEqual(["Basic98"]);
    expect(codes((await list("marketing_type=5&marketing_codes=basic9.9,%20BASIC98,nope")).data)).toEqual([
      "Basic9.9",
      "Basic98",
    ]);
    expect((await list("marketing_type=5&marketing_codes=Basic19.9")).data).toEqual([]);
    expect(codes((await list("marketing_type=5&marketing_codes=&device_id=abc")).data)).toHaveLength(2);
  });

  it("shows type 7 only with include_not_usable until it is received", async () => {
    const { token } = await buyer(database);
    expect((await list("marketing_type=7", token)).data).toEqual([]);
    const all = await list("marketing_type=7&include_not_usable=true", token);
    expect(all.data).toEqual([
      expect.objectContaining({
        marketing_id: 1002,
        group_num: 1,
        code: "Basic19.9",
        actual_amount: 19.9,
        original_amount: 198,
        percent_off: 90,
        rule_desc: "90% off",
        usable: false,
        received: false,
      }),
    ]);
    expect((await list("marketing_type=7&include_not_usable=true")).data).toEqual([
      expect.objectContaining({ code: "Basic19.9", usable: false, received: false }),
    ]);
  });

  it("shows each edition its own discounts (system-id 13: the Chinese one)", async () => {
    const zh = await asEdition("13", `${BASE}/list/anonymous/pay-discounts?marketing_type=6`);
    expect(zh).toMatchObject({ status: 200, code: 0 });
    expect(codes(zh.data)).toEqual(["Basic9.9-zh"]);
    expect((await asEdition("13", `${BASE}/list/anonymous/pay-discounts?marketing_type=5`)).data).toEqual([]);
    expect((await list("marketing_type=6")).data).toEqual([]);
  });
});

describe("simple-all", () => {
  const simpleAll = (body: object) => client.call("POST", `${BASE}/list/simple-all`, { body });

  it("answers every active discount of the edition, or those named by id or code", async () => {
    const all = await simpleAll({});
    expect(all).toMatchObject({ status: 200, code: 0 });
    expect(codes(all.data).slice(0, 3)).toEqual(["Basic9.9", "Basic98", "Basic19.9"]);
    expect(all.data[0]).toEqual({
      marketing_id: 1001,
      group_num: 1,
      code: "Basic9.9",
      marketing_type: 5,
      plan: "basic",
      months: 1,
      cycle_unit: "m",
      actual_amount: 9.9,
      original_amount: 19.9,
      percent_off: 50,
      starts_at: null,
      ends_at: null,
    });
    expect(codes(all.data)).not.toContain("Basic9.9-zh");
    expect(codes((await simpleAll({ marketing_ids: [1002] })).data)).toEqual(["Basic19.9"]);
    expect(codes((await simpleAll({ marketing_codes: ["basic98"] })).data)).toEqual(["Basic98"]);
    expect(codes((await simpleAll({ marketing_ids: [1002], marketing_codes: ["Basic98"] })).data)).toEqual([
      "Basic98",
      "Basic19.9",
    ]);
    expect((await simpleAll({ marketing_ids: ["x"] })).status).toBe(400);
  });
});

describe("createDiscount and dates", () => {
  it("gives the next free marketing id, refuses a taken code, and lists a discount only within its dates", async () => {
    const now = Date.now();
    const created = await createDiscount(database.db, {
      code: "Pro-Spring",
      marketingType: 5,
      systemId: 14,
      plan: "pro",
      months: 12,
      priceUsdCents: 39_900,
      eligibility: "anyone",
      endsAt: new Date(now + 3 * DAY_MS),
    });
    expect(created).toMatchObject({ marketingId: 1004, groupNum: 1, code: "Pro-Spring" });
    expect(
      await createDiscount(database.db, {
        code: "Pro-Spring",
        marketingType: 5,
        systemId: 14,
        plan: "pro",
        months: 1,
        priceUsdCents: 100,
        eligibility: "anyone",
      }),
    ).toBeNull();
    for (const [code, startsAt, endsAt] of [
      ["Pro-Past", new Date(now - 3 * DAY_MS), new Date(now - DAY_MS)],
      ["Pro-Future", new Date(now + DAY_MS), null],
    ] as const)
      await createDiscount(database.db, {
        code,
        marketingType: 5,
        systemId: 14,
        plan: "pro",
        months: 1,
        priceUsdCents: 100,
        eligibility: "anyone",
        startsAt,
        endsAt,
      });
    const listed = await list("marketing_type=5&include_not_usable=true");
    expect(codes(listed.data)).toEqual(["Basic9.9", "Basic98", "Pro-Spring"]);
    expect(listed.data[2]).toMatchObject({
      percent_off: 50,
      usable: true,
      usable_end_time: created!.endsAt!.toISOString(),
    });
  });
});

describe("receive-discount", () => {
  const receive = (token: string | undefined, body: object) =>
    client.call("POST", `${BASE}/receive-discount`, { token, body });

  it("needs a token; refuses other types (71002), unknown discounts (71001) and bad bodies (400)", async () => {
    const { token } = await buyer(database);
    expect(await receive(undefined, { marketing_id: 1002, group_num: 1 })).toMatchObject({ status: 401 });
    expect(await receive(token, { marketing_id: 1001, group_num: 1 })).toMatchObject({ code: 71002 });
    expect(await receive(token, { marketing_id: 1002, group_num: 5 })).toMatchObject({ code: 71001 });
    expect(await receive(token, { marketing_id: "x" })).toMatchObject({ status: 400, code: 400 });
  });

  it("receives once: usable for receive_days, listed as received; a second receive is 71004", async () => {
    const { token, userId } = await buyer(database);
    const before = Date.now();
    const answer = await receive(token, { marketing_id: 1002, group_num: 1 });
    expect(answer).toMatchObject({
      code: 0,
      data: { code: "Basic19.9", usable: true, received: true, actual_amount: 19.9 },
    });
    const end = Date.parse(answer.data.usable_end_time);
    expect(end).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(end).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(await receive(token, { marketing_id: 1002, group_num: 1 })).toMatchObject({
      status: 409,
      code: 71004,
      msg: "You have already received this discount",
    });
    expect((await list("marketing_type=7", token)).data).toEqual([
      expect.objectContaining({ code: "Basic19.9", usable: true, received: true }),
    ]);
    const rows = await database.db.select().from(discountReceipts).where(eq(discountReceipts.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it("one receipt however many receives arrive at once", async () => {
    const { token, userId } = await buyer(database);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => receive(token, { marketing_id: 1002, group_num: 1 })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 71004)).toHaveLength(7);
    const rows = await database.db.select().from(discountReceipts).where(eq(discountReceipts.userId, userId));
    expect(rows).toHaveLength(1);
  });

  it("caps usable_until at the discount's end", async () => {
    const endsAt = new Date(Date.now() + 2 * DAY_MS);
    await createDiscount(database.db, {
      code: "Short-Receive",
      marketingId: 2001,
      marketingType: 7,
      systemId: 14,
      plan: "premium",
      months: 1,
      priceUsdCents: 1_000,
      eligibility: "anyone",
      receiveDays: 7,
      endsAt,
    });
    const { token } = await buyer(database);
    const answer = await receive(token, { marketing_id: 2001, group_num: 1 });
    expect(answer).toMatchObject({ code: 0, data: { usable_end_time: endsAt.toISOString(), usable: true } });
  });
});
