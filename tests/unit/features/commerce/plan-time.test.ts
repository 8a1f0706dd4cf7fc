// My Plan's time facts (src/features/commerce/plan-time.ts): plan state, days left, when
// "Expires in N days" and Renew show, the renewal line of each subscription state (with the
// failed attempt's date on the dunning schedule) and the plans an upgrade may choose.
import { describe, expect, test } from "vitest";
import type { CurrentSubscription, Subscription } from "../../../../src/api/commerce";
import {
  betterPlans,
  daysLeft,
  lastFailedAttempt,
  offersRenew,
  planState,
  renewalView,
  showsExpiresIn,
} from "../../../../src/features/commerce/plan-time";

const NOW = Date.parse("2026-11-24T10:00:00Z");
const current = (endTime: string, source = "order", daysToEndTime?: number): CurrentSubscription =>
  ({ plan: "basic", source, startsAt: "2026-11-01T00:00:00Z", endTime, daysToEndTime }) as CurrentSubscription;

const card = {
  id: 3,
  kind: "card",
  method: "card_vn",
  brand: "visa",
  last4: "4242",
  expMonth: 12,
  expYear: 2030,
} as const;
const subscription = (patch: Partial<Subscription>): Subscription => ({
  id: 7,
  plan: "pro",
  months: 12,
  status: "active",
  renews: true,
  periodEnd: "2026-12-01T00:00:00.000Z",
  nextAttemptAt: null,
  failedAttempts: 0,
  lastFailure: null,
  amountLocal: 100,
  currency: "VND",
  method: card,
  ...patch,
});

describe("plan state and days left", () => {
  test("trial sources are trials, an ended plan is expired", () => {
    expect(planState(current("2026-12-01T00:00:00Z"), NOW)).toBe("active");
    expect(planState(current("2026-12-01T00:00:00Z", "trial"), NOW)).toBe("trial");
    expect(planState(current("2026-12-01T00:00:00Z", "experience"), NOW)).toBe("trial");
    expect(planState(current("2026-11-24T09:59:59Z"), NOW)).toBe("expired");
  });

  test("the server's day count wins (its clock may be moved); otherwise whole days rounded up", () => {
    expect(daysLeft(current("2026-11-26T00:00:00Z", "order", 30), NOW)).toBe(30);
    expect(daysLeft(current("2026-11-26T00:00:00Z", "order", 4.9), NOW)).toBe(4);
    expect(daysLeft(current("2026-11-26T00:00:00Z"), NOW)).toBe(2);
    expect(daysLeft(current("2026-11-01T00:00:00Z"), NOW)).toBe(0);
  });

  test("expires in N days and Renew from 7 days before the end; Renew also once expired", () => {
    expect(showsExpiresIn("active", 7)).toBe(true);
    expect(showsExpiresIn("active", 8)).toBe(false);
    expect(showsExpiresIn("expired", 0)).toBe(false);
    expect(offersRenew("active", 7)).toBe(true);
    expect(offersRenew("trial", 30)).toBe(false);
    expect(offersRenew("expired", 0)).toBe(true);
  });
});

describe("the renewal line", () => {
  test("active renews on its period end with the saved method", () => {
    expect(renewalView(subscription({}))).toEqual({ kind: "renews", on: "2026-12-01T00:00:00.000Z", method: card });
  });

  test("canceled is renewal off until the period end", () => {
    expect(renewalView(subscription({ status: "canceled", renews: false }))).toEqual({
      kind: "off",
      until: "2026-12-01T00:00:00.000Z",
    });
  });

  test("past due names the failed attempt's date on the dunning schedule and the next retry", () => {
    const first = subscription({ status: "past_due", failedAttempts: 1, nextAttemptAt: "2026-12-02T00:00:00.000Z" });
    expect(renewalView(first)).toEqual({
      kind: "past_due",
      failedOn: "2026-12-01T00:00:00.000Z",
      retryOn: "2026-12-02T00:00:00.000Z",
    });
    expect(lastFailedAttempt({ periodEnd: "2026-12-01T00:00:00.000Z", failedAttempts: 2 })).toBe(
      "2026-12-02T00:00:00.000Z",
    );
    expect(lastFailedAttempt({ periodEnd: "2026-12-01T00:00:00.000Z", failedAttempts: 3 })).toBe(
      "2026-12-04T00:00:00.000Z",
    );
    expect(lastFailedAttempt({ periodEnd: "2026-12-01T00:00:00.000Z", failedAttempts: 4 })).toBe(
      "2026-12-06T00:00:00.000Z",
    );
  });

  test("expired, replaced or no subscription: no renewal line", () => {
    expect(renewalView(subscription({ status: "expired", renews: false }))).toBeNull();
    expect(renewalView(subscription({ status: "replaced", renews: false }))).toBeNull();
    expect(renewalView(null)).toBeNull();
  });
});

test("an upgrade offers only strictly better plans", () => {
  expect(betterPlans("basic")).toEqual(["premium", "pro"]);
  expect(betterPlans("premium")).toEqual(["pro"]);
  expect(betterPlans("pro")).toEqual([]);
  expect(betterPlans(undefined)).toEqual([]);
});
