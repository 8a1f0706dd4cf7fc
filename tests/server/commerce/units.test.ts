// Small rules of the commerce module checked on their own: calendar months (the end of a
// membership: Jan 31 + 1 month is the end of February), the subscription number, the return
// path of a payment (a path on this site only), and the arguments of `npm run commerce:coupon`.
import { describe, expect, it } from "vitest";
import { ALIPAY_CN_METHOD, CHECKOUT_COUNTRIES, PAYMENT_METHOD_NAMES } from "../../../contract/commerce";
import { UsageError } from "../../../server/boot/cli-args";
import { couponFromArgs, describeCoupon } from "../../../server/modules/commerce/cli/coupon-args";
import { DEFAULT_PAYMENT_METHODS } from "../../../server/modules/commerce/offer/payment-methods";
import { returnPathOf } from "../../../server/modules/commerce/routes/payments";
import { newSubscriptionNo } from "../../../server/modules/commerce/services/orders";
import { addCalendarMonths } from "../../../server/modules/commerce/services/calendar";

describe("payment methods", () => {
  it("21 methods across the 6 countries, every one named in the contract the app and the sandbox page read", () => {
    expect(DEFAULT_PAYMENT_METHODS).toHaveLength(21);
    expect(new Set(DEFAULT_PAYMENT_METHODS.map((method) => method.country))).toEqual(new Set(CHECKOUT_COUNTRIES));
    // Alipay CN is named too: not a checkout method, but e-wallet mandates (zh edition) take it.
    expect(Object.keys(PAYMENT_METHOD_NAMES).sort()).toEqual(
      [...DEFAULT_PAYMENT_METHODS.map((method) => method.id), ALIPAY_CN_METHOD].sort(),
    );
    expect(DEFAULT_PAYMENT_METHODS.filter((method) => method.vietnamOnly).map((method) => method.id)).toEqual([
      "vietqr",
    ]);
  });
});

describe("addCalendarMonths", () => {
  it("adds calendar months in UTC, clamping the day to the month's last", () => {
    const at = (iso: string) => new Date(iso);
    expect(addCalendarMonths(at("2026-11-24T10:00:00Z"), 1).toISOString()).toBe("2026-12-24T10:00:00.000Z");
    expect(addCalendarMonths(at("2026-11-24T10:00:00Z"), 12).toISOString()).toBe("2027-11-24T10:00:00.000Z");
    expect(addCalendarMonths(at("2027-01-31T08:00:00Z"), 1).toISOString()).toBe("2027-02-28T08:00:00.000Z");
    expect(addCalendarMonths(at("2028-01-31T08:00:00Z"), 1).toISOString()).toBe("2028-02-29T08:00:00.000Z");
    expect(addCalendarMonths(at("2028-02-29T00:00:00Z"), 12).toISOString()).toBe("2029-02-28T00:00:00.000Z");
    expect(addCalendarMonths(at("2026-12-15T00:00:00Z"), 1).toISOString()).toBe("2027-01-15T00:00:00.000Z");
  });
});

describe("orders", () => {
  it("numbers orders SR + date + 8 unambiguous characters, all different", () => {
    const now = new Date("2026-11-24T23:59:59Z");
    const numbers = new Set(Array.from({ length: 1000 }, () => newSubscriptionNo(now)));
    expect(numbers.size).toBe(1000);
    for (const no of numbers) expect(no).toMatch(/^SR20261124[A-HJ-NP-Z2-9]{8}$/);
  });

  it("sends the browser back to a path on this site only", () => {
    expect(returnPathOf(undefined, "SR1")).toBe("/paySuccess?subscription_no=SR1");
    expect(returnPathOf("/checkout?x=1", "SR1")).toBe("/checkout?x=1");
    for (const bad of ["https://evil.example/", "//evil.example/", "/\\evil.example", "paySuccess"])
      expect(() => returnPathOf(bad, "SR1"), bad).toThrow(/path on this site/);
  });
});

describe("npm run commerce:coupon arguments", () => {
  it("reads a percent coupon with every option", () => {
    const coupon = couponFromArgs([
      "--code",
      "spring-26",
      "--percent",
      "15",
      "--min",
      "100",
      "--plans",
      "pro,Premium",
      "--starts",
      "2026-12-01",
      "--ends",
      "2027-01-01T00:00:00Z",
      "--total",
      "500",
      "--per-user",
      "1",
      "--stackable",
    ]);
    expect(coupon).toEqual({
      code: "SPRING-26",
      kind: "percent",
      value: 15,
      minOrderUsdCents: 10_000,
      plans: ["pro", "premium"],
      startsAt: new Date("2026-12-01T00:00:00Z"),
      endsAt: new Date("2027-01-01T00:00:00Z"),
      totalLimit: 500,
      perUserLimit: 1,
      stackable: true,
      active: true,
    });
    expect(describeCoupon(coupon)).toBe(
      "15 % off, orders from US$100, plans pro, premium, from 2026-12-01T00:00:00.000Z, until 2027-01-01T00:00:00.000Z, 500 uses in all, 1 per person, stackable",
    );
  });

  it("reads an amount coupon in dollars, and defaults to every plan, no limits, not stackable", () => {
    expect(couponFromArgs(["--code", "FIVE", "--amount", "5.50", "--inactive"])).toMatchObject({
      kind: "amount",
      value: 550,
      plans: [],
      totalLimit: null,
      perUserLimit: null,
      stackable: false,
      active: false,
    });
  });

  it("refuses what a person must correct with a usage error", () => {
    const cases = [
      [],
      ["--code", "X"],
      ["--code", "OK1", "--percent", "10", "--amount", "5"],
      ["--code", "OK1", "--percent", "0"],
      ["--code", "OK1", "--percent", "101"],
      ["--code", "OK1", "--amount", "5.555"],
      ["--code", "OK1", "--amount", "-5"],
      ["--code", "bad code", "--percent", "5"],
      ["--code", "OK1", "--percent", "5", "--plans", "gold"],
      ["--code", "OK1", "--percent", "5", "--starts", "soon"],
      ["--code", "OK1", "--percent", "5", "--starts", "2027-01-01", "--ends", "2026-01-01"],
      ["--code", "OK1", "--percent", "5", "--total", "many"],
      ["--code", "OK1", "--percent", "5", "--colour", "red"],
      ["--code", "OK1", "--percent", "5", "extra"],
    ];
    for (const argv of cases) expect(() => couponFromArgs(argv), argv.join(" ")).toThrow(UsageError);
  });
});
