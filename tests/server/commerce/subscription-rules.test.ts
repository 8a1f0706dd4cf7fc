// The subscription rules (server/modules/commerce/services/subscription-rules.ts) against the
// independent model of subscription-model.ts over 10,000 random histories of buys, clock moves
// with renewals that succeed or fail (dunning, grace, expiry), cancels, upgrades, duplicate and
// out-of-order webhooks: the plan, the entitlement end and the number of renewal charges always
// equal the model's, and no period is ever charged twice. A small driver keeps membership periods and the subscription as the
// services do, deciding every step with the rules only.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DUNNING_RETRY_DAYS } from "../../../contract/commerce";
import {
  canceled,
  graceEndOf,
  isDue,
  newSubscription,
  planRank,
  purchasePeriod,
  renewalFailed,
  renewalKeyOf,
  renewalPaid,
  settleDecision,
  upgradePeriod,
  upgradeRefusal,
  type SubscriptionFacts,
} from "../../../server/modules/commerce/services/subscription-rules";
import {
  buy,
  cancel,
  commandArb,
  DAY,
  entitlement,
  initialModel,
  moveClock,
  offered,
  upgrade,
  type Command,
  type ModelPlan,
} from "./subscription-model";

interface Period {
  plan: ModelPlan;
  source: "order" | "grace";
  startsAt: number;
  endsAt: number;
}

/** The services' bookkeeping, decided by the rules. */
class Driver {
  periods: Period[] = [];
  sub: (SubscriptionFacts & { id: number; plan: ModelPlan; months: number }) | null = null;
  /** Renewal orders by renewal key: their status, and the charges that succeeded for them. */
  renewals = new Map<string, { status: "paying" | "paid" | "failed"; charges: number }>();
  private nextId = 1;
  constructor(public now: number) {}

  /** The best plan active now and its end, chained over the following periods of that plan. */
  entitlement(): { plan: ModelPlan; end: number } | null {
    const active = this.periods
      .filter((period) => period.startsAt <= this.now && period.endsAt > this.now)
      .sort((a, b) => planRank(b.plan) - planRank(a.plan) || b.endsAt - a.endsAt);
    if (!active.length) return null;
    return { plan: active[0].plan, end: this.chain(active[0], null) };
  }

  private chain(current: Period, sources: Period["source"][] | null): number {
    let end = current.endsAt;
    const later = this.periods
      .filter((p) => p.plan === current.plan && p.endsAt > end && (!sources || sources.includes(p.source)))
      .sort((a, b) => a.startsAt - b.startsAt);
    for (const period of later) {
      if (period.startsAt > end) break;
      end = Math.max(end, period.endsAt);
    }
    return end;
  }

  private paidNow(): Period | undefined {
    return this.periods
      .filter((p) => p.source === "order" && p.startsAt <= this.now && p.endsAt > this.now)
      .sort((a, b) => planRank(b.plan) - planRank(a.plan) || b.endsAt - a.endsAt)[0];
  }

  private endPeriods(at: number, sources: Period["source"][]) {
    for (const period of this.periods)
      if (sources.includes(period.source) && period.endsAt > at) period.endsAt = Math.max(period.startsAt, at);
  }

  private startSub(plan: ModelPlan, months: number, periodEnd: number) {
    this.sub = { ...newSubscription(new Date(periodEnd)), id: this.nextId++, plan, months };
  }

  buy(plan: ModelPlan, months: number) {
    const extendable = this.periods
      .filter((p) => p.source === "order" && p.endsAt > this.now && planRank(p.plan) >= planRank(plan))
      .reduce<number | null>((max, p) => Math.max(max ?? 0, p.endsAt), null);
    const period = purchasePeriod(new Date(this.now), extendable === null ? null : new Date(extendable), months);
    this.endPeriods(this.now, ["grace"]);
    this.periods.push({ plan, source: "order", startsAt: period.startsAt.getTime(), endsAt: period.endsAt.getTime() });
    this.startSub(plan, months, period.endsAt.getTime());
  }

  upgrade(months: number) {
    const current = this.paidNow();
    expect(upgradeRefusal(current?.plan ?? null, "pro")).toBeNull();
    const period = upgradePeriod(new Date(this.now), new Date(this.chain(current!, ["order"])), months);
    this.endPeriods(this.now, ["order", "grace"]);
    this.periods.push({ plan: "pro", source: "order", startsAt: this.now, endsAt: period.endsAt.getTime() });
    this.startSub("pro", months, period.endsAt.getTime());
  }

  cancel() {
    if (!this.sub) return;
    const decision = canceled(this.sub, new Date(this.now));
    if (!decision) return;
    if (decision.endGraceAt) this.endPeriods(decision.endGraceAt.getTime(), ["grace"]);
    this.sub = { ...this.sub, ...decision.next };
  }

  /** The job: every due attempt charges the renewal order of the period (one order per key). */
  runJob(outcomes: boolean[]) {
    let next = 0;
    while (this.sub && isDue(this.sub, new Date(this.now))) {
      const sub = this.sub;
      const key = renewalKeyOf(sub.id, sub.periodEnd);
      const order = this.renewals.get(key) ?? { status: "paying" as const, charges: 0 };
      this.renewals.set(key, order);
      const ok = outcomes[next++ % outcomes.length] ?? true;
      const decision = settleDecision(
        order.status === "failed" ? "paying" : order.status,
        true,
        ok ? "succeeded" : "failed",
      );
      if (decision === "pay") {
        order.status = "paid";
        order.charges++;
        const paid = renewalPaid(sub, sub.months);
        this.periods.push({
          plan: sub.plan,
          source: "order",
          startsAt: paid.period.startsAt.getTime(),
          endsAt: paid.period.endsAt.getTime(),
        });
        this.sub = { ...sub, ...paid.next };
      } else {
        order.status = "failed";
        const failed = renewalFailed(sub, "declined", new Date(this.now));
        if (failed.grantGrace)
          this.periods.push({
            plan: sub.plan,
            source: "grace",
            startsAt: failed.grantGrace.startsAt.getTime(),
            endsAt: failed.grantGrace.endsAt.getTime(),
          });
        if (failed.endGraceAt) this.endPeriods(failed.endGraceAt.getTime(), ["grace"]);
        this.sub = { ...sub, ...failed.next };
      }
    }
  }

  /** A webhook for a renewal already settled: delivered again, or a late failure of it. */
  redeliver(state: "succeeded" | "failed") {
    for (const order of this.renewals.values()) {
      if (order.status === "paid") expect(settleDecision("paid", true, state)).toBe("unchanged");
      // A payment that is no longer the order's current one never moves it.
      expect(settleDecision(order.status, false, state)).toBe("unchanged");
    }
  }

  /** Successful renewal charges so far. */
  charges(): number {
    return [...this.renewals.values()].reduce((sum, order) => sum + order.charges, 0);
  }
}

/** Applies `command` to both; answers the renewals the model charged. */
function apply(driver: Driver, model: ReturnType<typeof initialModel>, command: Command): number {
  switch (command.kind) {
    case "buy":
      buy(model, command.plan, command.months);
      driver.buy(command.plan, command.months);
      break;
    case "clock": {
      const to = model.now + command.days * DAY;
      const charged = moveClock(model, to, command.outcomes);
      driver.now = to;
      driver.runJob(command.outcomes);
      return charged;
    }
    case "cancel":
      cancel(model);
      driver.cancel();
      break;
    case "upgrade":
      upgrade(model, command.months);
      driver.upgrade(command.months);
      break;
    case "duplicate_webhook":
      driver.redeliver("succeeded");
      break;
    case "late_failure_webhook":
      driver.redeliver("failed");
      break;
  }
  return 0;
}

describe("subscription rules against the model", () => {
  it("10,000 random histories: same plan, entitlement end and charges; one charge per period at most", () => {
    const start = Date.parse("2026-01-31T10:00:00Z");
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 25 }), (commands) => {
        const model = initialModel(start);
        const driver = new Driver(start);
        let modelCharges = 0;
        for (const command of commands) {
          if (!offered(model, command)) continue;
          modelCharges += apply(driver, model, command);
          expect(driver.entitlement()).toEqual(entitlement(model));
          for (const order of driver.renewals.values()) expect(order.charges).toBeLessThanOrEqual(1);
          expect(driver.charges()).toBe(modelCharges);
        }
      }),
      { numRuns: 10_000 },
    );
  });

  it("the dunning schedule: retries 1, 3 and 5 days after the period end, grace to the last, then expiry", () => {
    const periodEnd = new Date("2026-03-01T00:00:00Z");
    let sub = newSubscription(periodEnd);
    const retries: string[] = [];
    for (let attempt = 0; attempt <= DUNNING_RETRY_DAYS.length; attempt++) {
      const failed = renewalFailed(sub, "declined", sub.nextAttemptAt!);
      if (attempt === 0) expect(failed.grantGrace).toEqual({ startsAt: periodEnd, endsAt: graceEndOf(periodEnd) });
      else expect(failed.grantGrace).toBeNull();
      sub = failed.next;
      retries.push(sub.nextAttemptAt?.toISOString() ?? sub.status);
    }
    expect(retries).toEqual([
      "2026-03-02T00:00:00.000Z",
      "2026-03-04T00:00:00.000Z",
      "2026-03-06T00:00:00.000Z",
      "expired",
    ]);
  });

  it("an upgrade from Basic with 20 days left to Pro yearly ends 365 + 20 days from now", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    const period = upgradePeriod(now, new Date(now.getTime() + 20 * DAY), 12);
    expect(period.endsAt.getTime() - now.getTime()).toBe((365 + 20) * DAY);
    expect(period.carriedMs).toBe(20 * DAY);
    expect([upgradeRefusal(null, "pro"), upgradeRefusal("pro", "basic"), upgradeRefusal("pro", "pro")]).toEqual([
      "NOTHING_TO_UPGRADE",
      "DOWNGRADE_REFUSED",
      "NOT_AN_UPGRADE",
    ]);
  });
});
