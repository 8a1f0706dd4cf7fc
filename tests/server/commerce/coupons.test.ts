// Coupons and price-query: every coupon tip with its message (each demo coupon, and coupons made
// for the tips the demo list has no coupon for), case-insensitive codes, total and per-person
// limits counted from open or paid orders (a canceled order gives its use back), the method
// bounds (70020/70021), the Vietnam-only method (70022) and a method of another country (70023).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { createCoupon } from "../../../server/modules/commerce";
import { openTestDatabase } from "../helpers/app";
import { buildCommerceApp, buyer, CommerceClient, openCommerceApp, VN_CARD } from "./harness";

let database: Database;
let client: CommerceClient;
let close: () => Promise<void>;
let token: string;

beforeAll(async () => {
  ({ database, client, close } = await openCommerceApp());
  ({ token } = await buyer(database));
});
afterAll(() => close?.());

const quote = (body: object, as = token) => client.priceQuery(as, { ...VN_CARD, ...body });
/** The demo marketing discount Basic98 (Basic yearly at US$98, first purchase): the buyer here never pays. */
const BASIC98 = { plan: "basic", months: 12, marketing_id: 1001, group_num: 2 } as const;

describe("price-query", () => {
  it("prices Premium yearly in Vietnam with DEMO10: 10 % off, in USD and VND", async () => {
    const answer = await quote({ coupon_code: "demo10" });
    expect(answer).toMatchObject({ status: 200, code: 0 });
    expect(answer.data).toMatchObject({
      plan: "premium",
      months: 12,
      country: "VN",
      method: "card_vn",
      currency: "VND",
      rate: 26312.5,
      rate_date: "2026-11-20",
      subtotal_usd: 398,
      discount_usd: 39.8,
      total_usd: 358.2,
      coupon_code: "DEMO10",
      coupon_applied: true,
      coupon_tip: null,
      method_error: null,
    });
    // 398 × 26312.5 = 10472375; 358.2 × 26312.5 = 9425137.5 -> 9425138
    expect(answer.data).toMatchObject({ subtotal_local: 10472375, total_local: 9425138, discount_local: 1047237 });
  });

  it("needs a session", async () => {
    const answer = await client.call("POST", "/v1/user/subscriptions/price-query", { body: VN_CARD });
    expect(answer).toMatchObject({ status: 401, code: 401 });
  });

  it("answers bad plans, cycles, countries and unknown methods with a 400", async () => {
    for (const body of [{ plan: "gold" }, { months: 6 }, { country: "FR" }, { method: "paypal" }, { method: "" }]) {
      const answer = await quote(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.code).toBe(400);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
  });

  it("refuses a method of another country with 70023", async () => {
    expect(await quote({ country: "TH", method: "momo" })).toMatchObject({ status: 400, code: 70023 });
  });
});

describe("coupon tips", () => {
  const tipOf = async (code: string, body: object = {}, as = token) => {
    const answer = await quote({ coupon_code: code, ...body }, as);
    expect(answer.code, code).toBe(0);
    if (answer.data.coupon_tip) {
      // The refused coupon takes nothing: only a marketing discount's part remains.
      const { subtotal_usd: subtotal, marketing_discount_usd: marketing } = answer.data;
      expect(answer.data).toMatchObject({
        coupon_applied: false,
        discount_usd: marketing,
        total_usd: Math.round((subtotal - marketing) * 100) / 100,
      });
    }
    return answer.data.coupon_tip as { code: string; message: string } | null;
  };

  it("answers each demo coupon's own tip with its message", async () => {
    expect(await tipOf("NOPE")).toEqual({ code: "invalid", message: "Invalid coupon" });
    expect(await tipOf("DEMO-OFF")).toEqual({
      code: "unavailable",
      message: "The coupon is unavailable. Please contact support.",
    });
    expect(await tipOf("DEMO-FUTURE")).toEqual({
      code: "not_yet_effective",
      message: "The coupon is not yet effective",
    });
    expect(await tipOf("DEMO-EXPIRED")).toEqual({ code: "expired", message: "The coupon has expired" });
    expect(await tipOf("DEMO-PRO")).toEqual({
      code: "not_applicable_plan",
      message: "This coupon does not apply to this plan",
    });
    expect(await tipOf("DEMO-MIN500")).toEqual({
      code: "below_minimum_amount",
      message: "This coupon applies to orders of at least US$500",
    });
    // With a marketing discount (demo Basic98: marketing 1001 group 2, Basic yearly) it refuses to stack.
    expect(await tipOf("DEMO-SOLO", { ...BASIC98 })).toEqual({
      code: "cannot_stack",
      message: "This coupon cannot be used with the current promotion",
    });
    expect(await tipOf("DEMO-GONE")).toEqual({
      code: "fully_given_out",
      message: "The coupons have all been given out. Please contact support.",
    });
  });

  it("applies the demo coupons where they do apply", async () => {
    const pro = await quote({ plan: "pro", coupon_code: "demo-pro" });
    expect(pro.data).toMatchObject({ coupon_applied: true, subtotal_usd: 798, discount_usd: 159.6, total_usd: 638.4 });
    const min = await quote({ plan: "pro", coupon_code: "DEMO-MIN500" });
    expect(min.data).toMatchObject({ coupon_applied: true, discount_usd: 50, total_usd: 748 });
    const solo = await quote({ coupon_code: "DEMO-SOLO" });
    expect(solo.data).toMatchObject({ coupon_applied: true, discount_usd: 39.8 });
    // A stackable coupon applies to the marketing discount's price: Basic98 (US$198 -> US$98), then 10 % off.
    const stack = await quote({ coupon_code: "DEMO10", ...BASIC98 });
    expect(stack.data).toMatchObject({
      coupon_applied: true,
      subtotal_usd: 198,
      marketing_discount_usd: 100,
      discount_usd: 109.8,
      total_usd: 88.2,
    });
  });

  it("DEMO-ONCE: once per person, counted while the order is open or paid, given back on cancel", async () => {
    const me = await buyer(database);
    const other = await buyer(database);
    expect(await tipOf("DEMO-ONCE", {}, me.token)).toBeNull();
    const placed = await client.prePayment(me.token, { ...VN_CARD, coupon_code: "demo-once" });
    expect(placed).toMatchObject({ code: 0, data: { coupon_code: "DEMO-ONCE", discount_usd: 5, total_usd: 393 } });
    expect(await tipOf("DEMO-ONCE", {}, me.token)).toEqual({
      code: "per_person_limit",
      message: "You have reached the usage limit for this coupon",
    });
    // Someone else still may.
    expect(await tipOf("DEMO-ONCE", {}, other.token)).toBeNull();
    const canceled = await client.call("POST", `/v1/user/subscriptions/cancel/non-pay/${placed.data.id}`, {
      token: me.token,
    });
    expect(canceled).toMatchObject({ code: 0, data: { status: "canceled" } });
    expect(await tipOf("DEMO-ONCE", {}, me.token)).toBeNull();
  });

  it("below_minimum_percent for a percent coupon; total limits count everyone's orders", async () => {
    await createCoupon(database.db, { code: "pct-min", kind: "percent", value: 15, minOrderUsdCents: 100_000 });
    expect(await tipOf("PCT-MIN")).toEqual({
      code: "below_minimum_percent",
      message: "This discount applies to orders of at least US$1000",
    });
    await createCoupon(database.db, { code: "TWO-ONLY", kind: "amount", value: 500, totalLimit: 2 });
    const buyers = await Promise.all([buyer(database), buyer(database), buyer(database)]);
    for (const someone of buyers.slice(0, 2)) {
      const placed = await client.prePayment(someone.token, {
        ...VN_CARD,
        plan: "basic",
        months: 1,
        coupon_code: "two-only",
      });
      expect(placed.data).toMatchObject({ discount_usd: 5, total_usd: 14.9 });
    }
    expect(await tipOf("TWO-ONLY", {}, buyers[2].token)).toMatchObject({ code: "fully_given_out" });
  });

  it("pre-payment refuses a coupon that does not apply with 70030 and its tip in data", async () => {
    const someone = await buyer(database);
    const answer = await client.prePayment(someone.token, { ...VN_CARD, coupon_code: "DEMO-EXPIRED" });
    expect(answer).toMatchObject({
      status: 400,
      code: 70030,
      data: { coupon_tip: { code: "expired", message: "The coupon has expired" } },
    });
  });
});

describe("payment method bounds", () => {
  it("answers the minimum (70020) and maximum (70021) messages in price-query and refuses them in pre-payment", async () => {
    // VietQR takes US$25 and more: Basic monthly (US$19.90) is below.
    const low = await quote({ plan: "basic", months: 1, method: "vietqr" });
    expect(low.data.method_error).toEqual({
      code: 70020,
      message: "The minimum limit for the payment method is US$25. Please use other payment methods.",
    });
    // MoMo takes at most US$400: Pro yearly (US$798) is above.
    const high = await quote({ plan: "pro", months: 12, method: "momo" });
    expect(high.data.method_error).toEqual({
      code: 70021,
      message: "The amount of the payment method shall not be greater than US$400",
    });
    // Within bounds after the coupon: Premium yearly US$398 with DEMO10 is US$358.20 <= 400.
    expect((await quote({ method: "momo", coupon_code: "DEMO10" })).data.method_error).toBeNull();
    const someone = await buyer(database);
    expect(await client.prePayment(someone.token, { ...VN_CARD, plan: "pro", method: "momo" })).toMatchObject({
      status: 400,
      code: 70021,
    });
    expect(
      await client.prePayment(someone.token, { ...VN_CARD, plan: "basic", months: 1, method: "vietqr" }),
    ).toMatchObject({
      status: 400,
      code: 70020,
    });
  });

  it("refuses the Vietnam-only method outside Vietnam with 70022 (the checkout country decides)", async () => {
    const answer = await quote({ country: "ID", method: "vietqr" });
    expect(answer.data.method_error).toEqual({
      code: 70022,
      message: "This payment method is only available to users in Vietnam.",
    });
    expect((await quote({ country: "VN", method: "vietqr" })).data.method_error).toBeNull();
  });

  it("follows PAYMENT_METHODS overrides", async () => {
    const other = await buildCommerceApp(database, { PAYMENT_METHODS: '{"card_vn": {"min_usd": 500}}' });
    try {
      const answer = await new CommerceClient(other).priceQuery(token, VN_CARD);
      expect(answer.data.method_error).toMatchObject({ code: 70020 });
      expect(answer.data.method_error.message).toContain("US$500.");
    } finally {
      await other.close();
    }
  });
});

describe("outside demo mode", () => {
  it("creates no demo coupons", async () => {
    const fresh = await openTestDatabase();
    const real = await buildCommerceApp(fresh, { DEMO_MODE: "false" });
    try {
      const someone = await buyer(fresh);
      const answer = await new CommerceClient(real).priceQuery(someone.token, { ...VN_CARD, coupon_code: "DEMO10" });
      expect(answer.data.coupon_tip).toEqual({ code: "invalid", message: "Invalid coupon" });
    } finally {
      await real.close();
      await fresh.close();
    }
  });
});
