// Subscriptions through the HTTP API with the sandbox gateway (in-memory PGlite, the app's clock
// held by the test): a card purchase saves the card and starts a subscription (My Plan shows
// it); cancel keeps the plan to its end and stops renewals, and the renewal job then charges
// nothing; someone else's subscription or card is 70014 / 70024, a malformed id a 400 and a card
// setup for a method that is no renewing card 70026; a card saved three times keeps the two
// newest (the oldest detached at the gateway); past the end date the job renews with the saved
// card, and a card that fails is dunned with a grace (and its decline recorded for the card-error
// monitor) until a retry succeeds; an upgrade from
// Basic with 20 days left to Pro yearly ends 365 + 20 days from now (and downgrades, the same
// plan or no paid plan are refused); the 3-day trial is claimed once; card errors are stored
// without card numbers.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsAdapter } from "../../../server/adapters/payments/payments-adapter";
import { cardErrors, sandboxPaymentMethods, savedPaymentMethods } from "../../../server/db/schema";
import { createCommerceContext, type CommerceContext } from "../../../server/modules/commerce/context";
import { createSandboxGateway } from "../../../server/modules/sandbox-gateway";
import { grantMembership } from "../../../server/modules/accounts/services/memberships";
import { runRenewals } from "../../../server/modules/commerce/jobs/renewals";
import { openTestDatabase, testConfig } from "../helpers/app";
import type { Database } from "../../../server/db/client";
import { buildCommerceApp, buyer, CommerceClient, commerceEnv } from "./harness";

const DAY = 86_400_000;
const BASIC_CARD = { plan: "basic", months: 1, country: "VN", method: "card_vn" } as const;

describe("subscriptions", () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildCommerceApp>>;
  let client: CommerceClient;
  let clock = Date.parse("2026-03-10T12:00:00Z");
  const now = () => new Date(clock);

  /** The renewal job's context on the same database, with a sandbox adapter of its own. */
  let job: { ctx: CommerceContext; adapter: PaymentsAdapter };

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildCommerceApp(database, {}, now);
    client = new CommerceClient(app);
    const config = testConfig(commerceEnv());
    const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;
    const { adapter } = createSandboxGateway({ db: database.db, config, now, log: silent });
    job = { ctx: createCommerceContext(database.db, config, now, adapter, silent), adapter };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** Places, pays (the payer approves on the sandbox page) and confirms an order. */
  async function buy(token: string, body: object = BASIC_CARD, path = "/v1/user/subscriptions/pre-payment") {
    const placed = await client.call(path.endsWith("upgrade") ? "PUT" : "POST", path, { token, body });
    expect(placed.code).toBe(0);
    const started = await client.pay(token, placed.data.subscription_no);
    expect(await client.payerDecides(started.data.payment_id, "approve")).toBe(303);
    const confirmed = await client.confirmPaid(token, placed.data.subscription_no);
    expect(confirmed.data.status).toBe("paid");
    return confirmed.data;
  }

  const myPlan = (token: string) => client.get("/v1/user/subscriptions/user-subscribe", token);

  async function savedCard(token: string): Promise<number> {
    const setup = await client.call("POST", "/v1/user/credit-cards/setup-intent", { token, body: {} });
    expect(setup.code).toBe(0);
    const approved = await app.inject({
      method: "POST",
      url: `/sandbox-gateway/setup/${setup.data.setup_id}/approve`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(approved.statusCode).toBe(303);
    const saved = await client.call("POST", "/v1/user/credit-cards", {
      token,
      body: { setup_id: setup.data.setup_id },
    });
    expect(saved.code).toBe(0);
    return saved.data.id as number;
  }

  it("a card purchase starts a subscription; cancel keeps the plan to its end and stops renewals", async () => {
    const { token } = await buyer(database);
    const order = await buy(token);
    expect(order.kind).toBe("purchase");
    const plan = await myPlan(token);
    expect(plan.data.subscription).toMatchObject({
      plan: "basic",
      months: 1,
      status: "active",
      renews: true,
      period_end: "2026-04-10T12:00:00.000Z",
      next_attempt_at: "2026-04-10T12:00:00.000Z",
      method: { kind: "card", method: "card_vn", brand: "visa", last4: "4242" },
    });
    const canceled = await client.call("POST", `/v1/user/subscriptions/cancel/${plan.data.subscription.id}`, { token });
    expect(canceled.data).toMatchObject({ status: "canceled", renews: false, next_attempt_at: null });
    // Canceling again answers it as it is.
    const again = await client.call("POST", `/v1/user/subscriptions/cancel/${plan.data.subscription.id}`, { token });
    expect(again.data.status).toBe("canceled");
    // The plan runs to its end; the renewal job charges nothing after it.
    const after = await myPlan(token);
    expect(after.data.current).toMatchObject({ plan: "basic", end_time: "2026-04-10T12:00:00.000Z" });
    const run = await runRenewals(job.ctx, job.adapter, new Date(Date.parse("2026-04-10T12:00:00Z") + DAY));
    expect(run).toEqual({ claimed: 0, outcomes: {} });
  });

  it("someone else's subscription or card is not found; a malformed id is a 400", async () => {
    const owner = await buyer(database);
    await buy(owner.token);
    const sub = (await myPlan(owner.token)).data.subscription;
    const cards = await client.get("/v1/user/credit-cards/list", owner.token);
    const stranger = await buyer(database);
    const cancel = await client.call("POST", `/v1/user/subscriptions/cancel/${sub.id}`, { token: stranger.token });
    expect([cancel.status, cancel.code]).toEqual([404, 70014]);
    const remove = await client.call("DELETE", `/v1/user/credit-cards/${cards.data.list[0].id}`, {
      token: stranger.token,
    });
    expect([remove.status, remove.code]).toEqual([404, 70024]);
    const bad = await client.call("POST", "/v1/user/subscriptions/cancel/abc", { token: owner.token });
    expect(bad.status).toBe(400);
    const badBody = await client.call("POST", "/v1/user/credit-cards", { token: owner.token, body: { setup: 1 } });
    expect(badBody.status).toBe(400);
    const unknownSetup = await client.call("POST", "/v1/user/credit-cards", {
      token: owner.token,
      body: { setup_id: "seti_nope" },
    });
    expect([unknownSetup.status, unknownSetup.code]).toEqual([409, 70025]);
    const offSite = await client.call("POST", "/v1/user/credit-cards/setup-intent", {
      token: owner.token,
      body: { return_url: "https://evil.example/" },
    });
    expect(offSite.status).toBe(400);
    for (const method of ["gcash", "nope"]) {
      const notCard = await client.call("POST", "/v1/user/credit-cards/setup-intent", {
        token: owner.token,
        body: { method },
      });
      expect([notCard.status, notCard.code]).toEqual([400, 70026]);
    }
    const named = await client.call("POST", "/v1/user/credit-cards/setup-intent", {
      token: owner.token,
      body: { method: "card_vn" },
    });
    expect(named.code).toBe(0);
    expect(
      (await client.call("DELETE", `/v1/user/credit-cards/${cards.data.list[0].id}`, { token: owner.token })).data,
    ).toEqual({
      removed: true,
    });
  });

  it("a card saved three times keeps only the last two; the oldest is detached at the gateway", async () => {
    const { token } = await buyer(database);
    const first = await savedCard(token);
    const second = await savedCard(token);
    const third = await savedCard(token);
    const list = await client.get("/v1/user/credit-cards/list", token);
    expect(list.data.list.map((card: { id: number }) => card.id)).toEqual([third, second]);
    const detachedAtGateway = async (id: number) => {
      const [saved] = await database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.id, id));
      const [atGateway] = await database.db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, saved.gatewayMethodId));
      return atGateway.detachedAt !== null;
    };
    expect([await detachedAtGateway(first), await detachedAtGateway(second)]).toEqual([true, false]);
  });

  it("an upgrade from Basic monthly with 20 days left to Pro yearly ends 365 + 20 days from now", async () => {
    const { token, userId } = await buyer(database);
    expect(
      (
        await client.call("PUT", "/v1/user/subscriptions/upgrade-create", {
          token,
          body: { ...BASIC_CARD, plan: "pro" },
        })
      ).code,
    ).toBe(70050);
    await grantMembership(database.db, {
      userId,
      plan: "basic",
      source: "order",
      startsAt: new Date(clock - 10 * DAY),
      endsAt: new Date(clock + 20 * DAY),
    });
    const pro = { ...BASIC_CARD, plan: "pro", months: 12 };
    const same = await client.call("PUT", "/v1/user/subscriptions/upgrade-create", {
      token,
      body: { ...pro, plan: "basic" },
    });
    expect([same.status, same.code]).toEqual([400, 70052]);
    const quote = await client.call("PUT", "/v1/user/subscriptions/upgrade-create", { token, body: pro });
    expect(quote.data).toMatchObject({
      current_plan: "basic",
      carried_days: 20,
      carried_ms: 20 * DAY,
      new_end_time: new Date(clock + (365 + 20) * DAY).toISOString(),
    });
    const order = await buy(token, pro, "/v1/user/subscriptions/upgrade");
    expect(order).toMatchObject({ kind: "upgrade", carried_days: 20 });
    const plan = await myPlan(token);
    expect(plan.data.current).toMatchObject({
      plan: "pro",
      end_time: new Date(clock + (365 + 20) * DAY).toISOString(),
      carried_days: 20,
    });
    expect(plan.data.subscription).toMatchObject({ plan: "pro", months: 12, status: "active" });
    const down = await client.call("PUT", "/v1/user/subscriptions/upgrade", { token, body: BASIC_CARD });
    expect([down.status, down.code]).toEqual([400, 70051]);
  });

  it("past the end date the job renews with the saved card; a failing card is dunned with a grace", async () => {
    const { token, userId } = await buyer(database);
    expect((await client.get("/v1/user/subscriptions/list/first-order", token)).data).toEqual({
      first_order: true,
      paid_orders: 0,
    });
    await buy(token);
    const start = clock;
    clock = Date.parse("2026-04-10T12:01:00Z");
    expect(await runRenewals(job.ctx, job.adapter, now())).toMatchObject({ outcomes: { paid: 1 } });
    const renewed = await myPlan(token);
    expect(renewed.data.current.end_time).toBe("2026-05-10T12:00:00.000Z");
    expect(renewed.data.subscription).toMatchObject({ status: "active", period_end: "2026-05-10T12:00:00.000Z" });
    expect((await client.get("/v1/user/subscriptions/list/first-order", token)).data.paid_orders).toBe(2);
    // The card is switched to fail its next charge on the sandbox's method page.
    const [method] = await database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId));
    const switched = await app.inject({
      method: "POST",
      url: `/sandbox-gateway/methods/${method.gatewayMethodId}/fail-next`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(switched.statusCode).toBe(303);
    clock = Date.parse("2026-05-10T12:01:00Z");
    expect(await runRenewals(job.ctx, job.adapter, now())).toMatchObject({ outcomes: { failed: 1 } });
    const dunned = await myPlan(token);
    expect(dunned.data.subscription).toMatchObject({
      status: "past_due",
      renews: true,
      failed_attempts: 1,
      last_failure: "declined",
      next_attempt_at: "2026-05-11T12:00:00.000Z",
    });
    expect(dunned.data.current).toMatchObject({ source: "grace", end_time: "2026-05-15T12:00:00.000Z" });
    // The declined renewal reached the card-error monitor with the gateway's reason.
    const renewalErrors = await database.db.select().from(cardErrors).where(eq(cardErrors.userId, userId));
    expect(renewalErrors).toMatchObject([{ code: "card_declined", stage: "renewal", method: "card_vn" }]);
    // The retry a day later succeeds (the switch fails one charge): the period runs from its end.
    clock = Date.parse("2026-05-11T12:01:00Z");
    expect(await runRenewals(job.ctx, job.adapter, now())).toMatchObject({ outcomes: { paid: 1 } });
    expect((await myPlan(token)).data.subscription).toMatchObject({
      status: "active",
      failed_attempts: 0,
      period_end: "2026-06-10T12:00:00.000Z",
    });
    clock = start;
  });

  it("the 3-day trial is claimed once, and not while a paid plan runs", async () => {
    const { token } = await buyer(database);
    const path = "/v1/user/charge/marketing/support-experience";
    expect((await client.get(path, token)).data).toMatchObject({
      claimable: true,
      reason: null,
      days: 3,
      plan: "basic",
    });
    const claimed = await client.call("POST", path, { token });
    expect(claimed.data).toEqual({
      plan: "basic",
      starts_at: now().toISOString(),
      end_time: new Date(clock + 3 * DAY).toISOString(),
    });
    const twice = await client.call("POST", path, { token });
    expect([twice.status, twice.code]).toEqual([409, 70060]);
    const member = await buyer(database);
    await buy(member.token);
    const refused = await client.call("POST", path, { token: member.token });
    expect([refused.status, refused.code]).toEqual([409, 70061]);
  });

  it("card errors are stored without card numbers", async () => {
    const { token, userId } = await buyer(database);
    const reported = await client.call("POST", "/v1/user/subscription-monitor/card-error", {
      token,
      body: { code: "card_declined", message: "Card 4242 4242 4242 4242 declined (ref 12345)", stage: "payment" },
    });
    expect(reported.data).toEqual({ recorded: true });
    const [row] = await database.db.select().from(cardErrors).where(eq(cardErrors.userId, userId));
    expect(row.message).toBe("Card [removed] declined (ref 12345)");
    const tooLong = await client.call("POST", "/v1/user/subscription-monitor/card-error", {
      token,
      body: { code: "x", message: "y".repeat(301), stage: "payment" },
    });
    expect(tooLong.status).toBe(400);
  });
});
