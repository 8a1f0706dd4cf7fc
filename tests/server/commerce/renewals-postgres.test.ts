// Renewals on PostgreSQL (TEST_DATABASE_URL) through the real services with an in-memory
// gateway (fake-gateway.ts): 100 concurrent renewal job runs for one due subscription charge it
// once (one chargeSaved call, one renewal order, one granted period); and 100 random histories
// of the subscription model (buys, clock moves with renewals that succeed or fail, cancels,
// upgrades, duplicate and late webhooks) leave the member with the model's plan and end date,
// and charged as many renewals as the model (each period once at most).
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { memberships, orders, subscriptions } from "../../../server/db/schema";
import { createCommerceContext, type CommerceContext } from "../../../server/modules/commerce/context";
import { runRenewals } from "../../../server/modules/commerce/jobs/renewals";
import { seedFxRates } from "../../../server/modules/commerce/services/fx-rates";
import { currentPlan } from "../../../server/modules/commerce/services/my-plan";
import { placeOrder } from "../../../server/modules/commerce/services/orders";
import { confirmPaid, handleWebhook, startPayment } from "../../../server/modules/commerce/services/payments";
import { placeUpgrade } from "../../../server/modules/commerce/services/upgrades";
import { cancelSubscription } from "../../../server/modules/commerce/services/subscriptions";
import { createUser } from "../../../server/modules/accounts/services/users";
import { testConfig, useThrowawayPostgres } from "../helpers/app";
import { FakeGateway } from "./fake-gateway";
import * as model from "./subscription-model";

const adminUrl = process.env.TEST_DATABASE_URL;
const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;

describe.runIf(adminUrl)("renewals on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);
  let clock = Date.parse("2026-01-31T10:00:00Z");
  let gateway: FakeGateway;
  let ctx: CommerceContext;
  const now = () => new Date(clock);

  beforeAll(async () => {
    await seedFxRates(postgres.database.db);
    gateway = new FakeGateway();
    ctx = createCommerceContext(postgres.database.db, testConfig(), now, gateway, silent);
  });

  const newUser = async () =>
    (await createUser(postgres.database.db, { email: `renew-${randomBytes(4).toString("hex")}@example.com` })).id;

  /** Pays an order through the gateway the way checkout does (start, approve, confirm-paid). */
  async function pay(order: typeof orders.$inferSelect) {
    const started = await startPayment(ctx.payments, order, "/paySuccess", now());
    gateway.approve(started.paymentId);
    const [paying] = await postgres.database.db.select().from(orders).where(eq(orders.id, order.id));
    return confirmPaid(ctx.payments, paying, now());
  }

  const request = (plan: "basic" | "premium" | "pro", months: 1 | 12) => ({
    plan,
    months,
    country: "VN" as const,
    method: "card_vn",
    couponCode: null,
    marketingId: null,
    groupNum: null,
  });

  const subscriptionOf = async (userId: number) =>
    (await postgres.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).sort(
      (a, b) => b.id - a.id,
    )[0];

  /** Runs the job until nothing is due at the current time. */
  async function runJobUntilIdle() {
    for (let round = 0; round < 20; round++) {
      const run = await runRenewals(ctx, gateway, now());
      if ("claimed" in run && run.claimed === 0) return;
    }
  }

  it("100 concurrent renewal runs for one due subscription charge it once", async () => {
    const userId = await newUser();
    await pay(await placeOrder(ctx.db, ctx.config, userId, request("basic", 1), now()));
    const sub = await subscriptionOf(userId);
    expect(sub.status).toBe("active");
    const calls = gateway.chargeCalls;
    const due = new Date(sub.periodEnd.getTime() + 60_000);
    await Promise.all(Array.from({ length: 100 }, () => runRenewals(ctx, gateway, due)));
    expect(gateway.chargeCalls - calls).toBe(1);
    const renewals = await ctx.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.kind, "renewal")));
    expect(renewals.map((order) => order.status)).toEqual(["paid"]);
    const periods = await ctx.db.select().from(memberships).where(eq(memberships.userId, userId));
    expect(periods).toHaveLength(2);
    const renewed = await subscriptionOf(userId);
    expect(renewed.periodEnd.toISOString()).toBe("2026-03-28T10:00:00.000Z");
    expect(renewed.nextAttemptAt?.toISOString()).toBe(renewed.periodEnd.toISOString());
  });

  it("100 random histories through the services end where the model ends, each period charged once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(model.commandArb, { minLength: 1, maxLength: 10 }), async (commands) => {
        clock = Date.parse("2026-01-31T10:00:00Z");
        // Each history starts the clock again: earlier histories' subscriptions would fall due
        // beside this member's and take the outcomes queued for this member's charges.
        await ctx.db.update(subscriptions).set({ status: "expired" });
        const userId = await newUser();
        const state = model.initialModel(clock);
        let modelCharges = 0;
        for (const command of commands) {
          if (!model.offered(state, command)) continue;
          modelCharges += await applyCommand(userId, state, command);
          const plan = await currentPlan(ctx.db, userId, now());
          const actual = plan ? { plan: plan.period.plan, end: plan.runsUntil.getTime() } : null;
          expect(actual).toEqual(model.entitlement(state));
        }
        // Every successful charge of the member's renewal orders, whichever attempt made it.
        const renewals = await ctx.db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.kind, "renewal")));
        expect(gateway.succeededCharges(new Set(renewals.map((order) => order.subscriptionNo)))).toBe(modelCharges);
        expect(renewals.filter((order) => order.status === "paid")).toHaveLength(modelCharges);
      }),
      { numRuns: 100 },
    );
  });

  /** Applies `command` to the model and through the services; answers the renewals the model charged. */
  async function applyCommand(userId: number, state: model.Model, command: model.Command): Promise<number> {
    switch (command.kind) {
      case "buy":
        model.buy(state, command.plan, command.months);
        await pay(await placeOrder(ctx.db, ctx.config, userId, request(command.plan, command.months), now()));
        return 0;
      case "upgrade":
        model.upgrade(state, command.months);
        await pay(await placeUpgrade(ctx.db, ctx.config, userId, request("pro", command.months), now()));
        return 0;
      case "cancel": {
        model.cancel(state);
        const sub = await subscriptionOf(userId);
        if (sub && (sub.status === "active" || sub.status === "past_due"))
          await cancelSubscription(ctx.db, userId, sub.id, now());
        return 0;
      }
      case "clock": {
        const charged = model.moveClock(state, clock + command.days * model.DAY, command.outcomes);
        clock += command.days * model.DAY;
        gateway.outcomes = Array.from({ length: 40 }, (_, index) => command.outcomes[index % command.outcomes.length]);
        await runJobUntilIdle();
        gateway.outcomes = [];
        return charged;
      }
      case "duplicate_webhook":
      case "late_failure_webhook": {
        const [last] = (
          await ctx.db
            .select()
            .from(orders)
            .where(and(eq(orders.userId, userId), eq(orders.kind, "renewal")))
        ).sort((a, b) => b.id - a.id);
        if (!last?.paymentId) return 0;
        // A redelivery says what the gateway says; a late failure contradicts a settled success.
        const known = gateway.payments.get(last.paymentId)!.state;
        const state = command.kind === "duplicate_webhook" ? known : "failed";
        const event = {
          id: `evt_${randomBytes(6).toString("hex")}`,
          paymentId: last.paymentId,
          reference: last.subscriptionNo,
          state,
        };
        await handleWebhook(ctx.payments, gateway, JSON.stringify(event), undefined, now());
        return 0;
      }
    }
  }
});
