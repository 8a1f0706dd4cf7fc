// The app with PAYMENTS_ADAPTER=stripe against the local stand-in of Stripe's API: a buyer in
// Malaysia orders Basic with a card (card_my), starts paying (a Checkout Session for the user's
// Stripe customer, saving the card), pays on the stand-in's "hosted page", and the stand-in
// POSTs the signed checkout.session.completed to the listening app's
// /v1/payments/webhooks/stripe: the order is paid, the membership granted and the card saved;
// a redelivery changes nothing, a delivery signed with another secret is refused, and a signed
// event that settles nothing is answered 200 "ignored".
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../server/db/client";
import { savedPaymentMethods } from "../../../server/db/schema";
import { buyer, CommerceClient, payingOrder, purchaseRows } from "../commerce/harness";
import { openTestApp } from "../helpers/app";
import { SECRET_KEY, WEBHOOK_SECRET } from "./harness";
import { StripeStandIn } from "./standin/server";

let standIn: StripeStandIn;
let database: Database;
let app: FastifyInstance;
let client: CommerceClient;
let webhookUrl: string;

beforeAll(async () => {
  standIn = await StripeStandIn.start(SECRET_KEY);
  ({ database, app } = await openTestApp({
    env: {
      PAYMENTS_ADAPTER: "stripe",
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: standIn.url,
      PUBLIC_URL: "https://shop.example",
    },
  }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  webhookUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/v1/payments/webhooks/stripe`;
  client = new CommerceClient(app);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await standIn?.close();
});

describe("the app on Stripe", () => {
  it("a card payment completed at Stripe and its signed webhook pay the order, grant the plan and save the card", async () => {
    const { token, userId } = await buyer(database);
    const { subscriptionNo, paymentId } = await payingOrder(client, token, {
      plan: "basic",
      months: 1,
      country: "MY",
      method: "card_my",
    });
    expect(paymentId).toMatch(/^cs_test_/);
    const session = standIn.get("checkout.session", paymentId);
    expect(session).toMatchObject({
      client_reference_id: subscriptionNo,
      currency: "myr",
      metadata: { reference: subscriptionNo },
    });
    expect(session.customer).toMatch(/^cus_/);
    expect(session.success_url).toMatch(/^https:\/\/shop\.example\/paySuccess\?subscription_no=/);
    expect((await purchaseRows(database, userId)).orders[0].status).toBe("paying");

    const completed = standIn.payCheckout(paymentId);
    const delivered = await StripeStandIn.deliver(webhookUrl, completed, WEBHOOK_SECRET);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ code: 0, data: { outcome: "paid" } });

    const rows = await purchaseRows(database, userId);
    expect(rows.orders[0]).toMatchObject({ status: "paid", paymentAdapter: "stripe", paymentId });
    expect(rows.memberships).toHaveLength(1);
    expect(rows.memberships[0].plan).toBe("basic");
    const cards = await database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId));
    expect(cards).toMatchObject([{ adapter: "stripe", kind: "card", method: "card_my", brand: "visa", last4: "4242" }]);

    const again = await StripeStandIn.deliver(webhookUrl, completed, WEBHOOK_SECRET);
    expect(await again.json()).toMatchObject({ code: 0, data: { outcome: "duplicate" } });
    expect((await purchaseRows(database, userId)).memberships).toHaveLength(1);
  });

  it("refuses a delivery signed with another secret", async () => {
    const { token } = await buyer(database);
    const { paymentId } = await payingOrder(client, token, {
      plan: "basic",
      months: 1,
      country: "SG",
      method: "paynow",
    });
    const event = standIn.settleIntent(paymentId, "succeeded");
    const refused = await StripeStandIn.deliver(webhookUrl, event, "whsec_not_ours");
    expect(refused.status).toBe(400);
  });

  it("answers a signed event that settles nothing with 200 ignored, so Stripe stops retrying it", async () => {
    const event = { id: "evt_ignored_1", object: "event", type: "customer.created", data: { object: { id: "cus_x" } } };
    const answered = await StripeStandIn.deliver(webhookUrl, event, WEBHOOK_SECRET);
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({ code: 0, data: { outcome: "ignored" } });
  });
});
