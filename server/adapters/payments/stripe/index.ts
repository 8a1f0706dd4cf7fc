// The Stripe adapter (PAYMENTS_ADAPTER=stripe): the payments adapter interface over Stripe's
// API with the official SDK. Hosted methods (cards, FPX) pay on a Checkout Session, PayNow and
// PromptPay answer a QR code, GrabPay a wallet page; cards are saved with setup-mode sessions
// and charged off-session for renewals; webhooks are verified with the SDK. STRIPE_API_URL
// points the SDK elsewhere (the tests' local stand-in). See docs/commerce.md, "Stripe adapter".
import type { PaymentsAdapter } from "../payments-adapter";
import { createStripeClient } from "./client";
import { STRIPE_METHOD_IDS, STRIPE_RECURRING_METHOD_IDS } from "./methods";
import { cancelPayment, retrievePayment, startPayment, type StripeCallContext } from "./payments";
import { chargeSaved, createCustomer, detachMethod, retrieveSetup, startSetup } from "./saved-methods";
import { parseStripeWebhook, STRIPE_SIGNATURE_HEADER } from "./webhooks";

export { STRIPE_WEBHOOK_EVENTS } from "./webhooks";

export const STRIPE_ADAPTER_NAME = "stripe";

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** STRIPE_API_URL; null = Stripe's API. */
  apiUrl: string | null;
  /** The site's origin (https://www.example.com): return URLs are paths on it. */
  siteOrigin: string;
}

export function createStripeAdapter(options: StripeAdapterOptions): PaymentsAdapter {
  const ctx: StripeCallContext = {
    stripe: createStripeClient(options.secretKey, options.apiUrl),
    siteOrigin: options.siteOrigin,
  };
  return {
    name: STRIPE_ADAPTER_NAME,
    signatureHeader: STRIPE_SIGNATURE_HEADER,
    methods: STRIPE_METHOD_IDS,
    recurringMethods: STRIPE_RECURRING_METHOD_IDS,
    createCustomer: (request) => createCustomer(ctx, request),
    startSetup: (request) => startSetup(ctx, request),
    retrieveSetup: (setupId) => retrieveSetup(ctx, setupId),
    detachMethod: (methodId) => detachMethod(ctx, methodId),
    chargeSaved: (charge) => chargeSaved(ctx, charge),
    startPayment: (request) => startPayment(ctx, request),
    retrievePayment: (paymentId) => retrievePayment(ctx, paymentId),
    cancelPayment: (paymentId) => cancelPayment(ctx, paymentId),
    parseWebhook: (rawBody, header, now) => parseStripeWebhook(ctx.stripe, options.webhookSecret, rawBody, header, now),
  };
}
