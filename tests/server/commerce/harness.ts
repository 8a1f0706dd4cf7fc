// Test wiring for the commerce tests: the app built on a database (in-memory PGlite, or a
// throwaway PostgreSQL) with the sandbox gateway as its payments adapter and a known webhook
// secret, buyers signed in directly through the account services, a client returning status and
// envelope, and the two ways a payment gets decided: the payer's button on the sandbox's hosted
// page (the real gateway route) and a webhook signed like the gateway signs it.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../../server/db/client";
import { memberships, orders, paymentEvents, sandboxPayments } from "../../../server/db/schema";
import { signWebhook } from "../../../server/adapters/payments/webhook-signature";
import { buildTestApp, openTestApp } from "../helpers/app";
import { DataClient, signIn } from "../helpers/data";

export const WEBHOOK_SECRET = "whsec_commerce_tests";
export const WEBHOOK_PATH = "/v1/payments/webhooks/sandbox";

/** The env of a commerce test app: a known secret, and webhooks delivered nowhere unless a test says where. */
export function commerceEnv(env: Record<string, string> = {}): Record<string, string> {
  return {
    PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // Port 9 (discard): nothing answers, so the gateway's own deliveries stay queued.
    SANDBOX_WEBHOOK_URL: "http://127.0.0.1:9/v1/payments/webhooks/sandbox",
    ...env,
  };
}

export function buildCommerceApp(
  database: Database,
  env: Record<string, string> = {},
  now?: () => Date,
): Promise<FastifyInstance> {
  return buildTestApp(database, { env: commerceEnv(env), now });
}

export interface CommerceTestApp {
  database: Database;
  app: FastifyInstance;
  client: CommerceClient;
  /** Closes the app, then the database. */
  close: () => Promise<void>;
}

/** An in-memory database with a commerce test app on it and its client (one per test file). */
export async function openCommerceApp(): Promise<CommerceTestApp> {
  const opened = await openTestApp({ env: commerceEnv() });
  return { ...opened, client: new CommerceClient(opened.app) };
}

/** A new user with a live session (a free account: commerce sells the plans). */
export const buyer = (database: Database): Promise<{ token: string; userId: number }> => signIn(database, "free");

export type { Answer } from "../helpers/data";

/** The data tests' client (status and envelope) with the checkout calls and the payer's and PSP's sides. */
export class CommerceClient extends DataClient {
  priceQuery(token: string, body: object) {
    return this.call("POST", "/v1/user/subscriptions/price-query", { token, body });
  }

  prePayment(token: string, body: object) {
    return this.call("POST", "/v1/user/subscriptions/pre-payment", { token, body });
  }

  pay(token: string, subscriptionNo: string) {
    return this.call("POST", "/v1/user/subscriptions/payment", { token, body: { subscription_no: subscriptionNo } });
  }

  confirmPaid(token: string, subscriptionNo: string) {
    return this.call("PUT", `/v1/user/subscriptions/confirm-paid?subscription_no=${subscriptionNo}`, { token });
  }

  status(token: string, id: string | number) {
    return this.call("GET", `/v1/user/combo/combo-status/${id}`, { token });
  }

  /** The payer presses a button on the sandbox's hosted page (the real gateway route). */
  async payerDecides(paymentId: string, action: "approve" | "decline" | "expire"): Promise<number> {
    const response = await this.app.inject({
      method: "POST",
      url: `/sandbox-gateway/pay/${paymentId}/${action}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    return response.statusCode;
  }

  /** Posts a webhook body with a signature header (signed now with the test secret unless given). */
  async webhook(body: string, signature: string | null = signWebhook(WEBHOOK_SECRET, body, new Date())) {
    const response = await this.app.inject({
      method: "POST",
      url: WEBHOOK_PATH,
      headers: {
        "content-type": "application/json",
        ...(signature === null ? {} : { "shopradar-signature": signature }),
      },
      payload: body,
    });
    return { status: response.statusCode, body: response.json<{ code: number; msg: string; data: unknown }>() };
  }
}

/** A webhook body as the sandbox gateway sends it. */
export function eventBody(
  paymentId: string,
  reference: string,
  state: "succeeded" | "failed" | "expired",
  eventId = `evt_${randomBytes(12).toString("hex")}`,
): string {
  return JSON.stringify({ id: eventId, type: `payment.${state}`, data: { payment_id: paymentId, reference, state } });
}

export const VN_CARD = { plan: "premium", months: 12, country: "VN", method: "card_vn" } as const;

/** An unpaid order of `token`'s user, then its payment started: the subscription_no and payment id. */
export async function payingOrder(
  client: CommerceClient,
  token: string,
  body: object = VN_CARD,
): Promise<{ subscriptionNo: string; paymentId: string }> {
  const placed = await client.prePayment(token, body);
  if (placed.code !== 0) throw new Error(`pre-payment failed: ${placed.code} ${placed.msg}`);
  const started = await client.pay(token, placed.data.subscription_no);
  if (started.code !== 0) throw new Error(`payment failed: ${started.code} ${started.msg}`);
  return { subscriptionNo: placed.data.subscription_no, paymentId: started.data.payment_id };
}

/** What the database holds for a user's purchases: orders by status, memberships from orders, events. */
export async function purchaseRows(database: Database, userId: number) {
  const orderRows = await database.db.select().from(orders).where(eq(orders.userId, userId));
  const membershipRows = await database.db
    .select()
    .from(memberships)
    .where(sql`${memberships.userId} = ${userId} and ${memberships.source} = 'order'`);
  return { orders: orderRows, memberships: membershipRows };
}

export async function paymentEventCount(database: Database, paymentId: string): Promise<number> {
  return (await database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).length;
}

export async function sandboxStatus(database: Database, paymentId: string): Promise<string | undefined> {
  const [row] = await database.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
  return row?.status;
}
