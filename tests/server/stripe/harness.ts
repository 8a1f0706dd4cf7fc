// Wiring for the Stripe adapter tests: a stand-in of Stripe's API on a local port (standin/),
// the adapter pointed at it with a test key and webhook secret, payment requests as the
// commerce module makes them (return URLs are paths on the site), and a customer's card setup.
import { randomBytes } from "node:crypto";
import type {
  PaymentRequest,
  PaymentsAdapter,
  SetupRequest,
  StartedSetup,
} from "../../../server/adapters/payments/payments-adapter";
import { createStripeAdapter } from "../../../server/adapters/payments/stripe";
import { StripeStandIn } from "./standin/server";

export const SECRET_KEY = "sk_test_standin_51Example";
export const WEBHOOK_SECRET = "whsec_standin_tests";
export const SITE_ORIGIN = "https://shop.example";

export async function openStandIn() {
  const standIn = await StripeStandIn.start(SECRET_KEY);
  const adapter = createStripeAdapter({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: standIn.url,
    siteOrigin: SITE_ORIGIN,
  });
  return { standIn, adapter };
}

export const uniqueKey = (label: string): string => `${label}:${randomBytes(6).toString("hex")}`;

/** A payment request of an order (a fresh reference and idempotency key unless given). */
export function paymentRequest(overrides: Partial<PaymentRequest> = {}): PaymentRequest {
  const reference = overrides.reference ?? `SR${randomBytes(5).toString("hex")}`;
  return {
    reference,
    amountMinor: 4990,
    currency: "MYR",
    method: "card_my",
    description: "ShopRadar Basic, 1 month",
    returnUrl: `/paySuccess?subscription_no=${reference}`,
    idempotencyKey: `${reference}:1`,
    ...overrides,
  };
}

/** A new customer (of `reference`) and a card setup started for it; `overrides` change the setup request. */
export async function startCardSetup(
  adapter: PaymentsAdapter,
  reference: string,
  overrides: Partial<SetupRequest> = {},
): Promise<{ customerId: string; setup: StartedSetup }> {
  const customerId = await adapter.createCustomer({ reference, idempotencyKey: uniqueKey("customer") });
  const setup = await adapter.startSetup({
    customerId,
    kind: "card",
    method: "card_my",
    returnUrl: "/subscription",
    idempotencyKey: uniqueKey("setup"),
    ...overrides,
  });
  return { customerId, setup };
}
