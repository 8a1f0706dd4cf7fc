// Stripe API objects as the stand-in answers them: the fields of Stripe's API reference for
// customers, payment methods, PaymentIntents, Checkout Sessions, SetupIntents, events and error
// bodies (test mode: livemode false, cs_test_ sessions), kept in a store by id.
import { randomBytes } from "node:crypto";

export type StripeObject = { id: string; object: string } & Record<string, unknown>;

export const newId = (prefix: string): string => `${prefix}_${randomBytes(12).toString("hex")}`;
export const unixNow = (): number => Math.floor(Date.now() / 1000);

export interface CardDetails {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export const VISA_4242: CardDetails = { brand: "visa", last4: "4242", expMonth: 12, expYear: 2034 };

export function customerObject(metadata: Record<string, string>, description: string | null): StripeObject {
  return {
    id: newId("cus"),
    object: "customer",
    created: unixNow(),
    description,
    email: null,
    invoice_settings: { default_payment_method: null },
    livemode: false,
    metadata,
    name: null,
  };
}

export function paymentMethodObject(type: string, card: CardDetails | null, customer: string | null): StripeObject {
  return {
    id: newId("pm"),
    object: "payment_method",
    allow_redisplay: "unspecified",
    billing_details: { address: null, email: null, name: null, phone: null },
    created: unixNow(),
    customer,
    livemode: false,
    metadata: {},
    type,
    ...(card
      ? {
          card: {
            brand: card.brand,
            checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: "pass" },
            country: "SG",
            display_brand: card.brand,
            exp_month: card.expMonth,
            exp_year: card.expYear,
            funding: "credit",
            last4: card.last4,
            networks: { available: [card.brand], preferred: null },
            three_d_secure_usage: { supported: true },
            wallet: null,
          },
        }
      : { [type]: {} }),
  };
}

export function paymentIntentObject(fields: {
  amount: number;
  currency: string;
  customer: string | null;
  description: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  setupFutureUsage: string | null;
}): StripeObject {
  const id = newId("pi");
  return {
    id,
    object: "payment_intent",
    amount: fields.amount,
    amount_capturable: 0,
    amount_received: 0,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
    confirmation_method: "automatic",
    created: unixNow(),
    currency: fields.currency,
    customer: fields.customer,
    description: fields.description,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: fields.metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: fields.paymentMethodTypes,
    setup_future_usage: fields.setupFutureUsage,
    status: "requires_payment_method",
  };
}

export function setupIntentObject(customer: string | null, metadata: Record<string, string>): StripeObject {
  const id = newId("seti");
  return {
    id,
    object: "setup_intent",
    client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
    created: unixNow(),
    customer,
    last_setup_error: null,
    livemode: false,
    metadata,
    next_action: null,
    payment_method: null,
    payment_method_types: ["card"],
    status: "requires_payment_method",
    usage: "off_session",
  };
}

export function checkoutSessionObject(fields: {
  mode: "payment" | "setup";
  amountTotal: number | null;
  currency: string | null;
  customer: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  paymentMethodTypes: string[];
  successUrl: string;
  cancelUrl: string | null;
}): StripeObject {
  const id = newId("cs_test");
  return {
    id,
    object: "checkout.session",
    amount_subtotal: fields.amountTotal,
    amount_total: fields.amountTotal,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    created: unixNow(),
    currency: fields.currency,
    customer: fields.customer,
    expires_at: unixNow() + 24 * 3600,
    livemode: false,
    metadata: fields.metadata,
    mode: fields.mode,
    payment_intent: null,
    payment_method_types: fields.paymentMethodTypes,
    payment_status: fields.mode === "setup" ? "no_payment_required" : "unpaid",
    setup_intent: null,
    status: "open",
    success_url: fields.successUrl,
    ui_mode: "hosted_page",
    url: `https://checkout.stripe.com/c/pay/${id}#standin`,
  };
}

export function eventObject(type: string, object: StripeObject): StripeObject {
  return {
    id: newId("evt"),
    object: "event",
    api_version: "2026-10-28.endive",
    created: unixNow(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface StripeErrorBody {
  type: "card_error" | "invalid_request_error" | "idempotency_error" | "api_error";
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: StripeObject;
  payment_method?: StripeObject;
}

export class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const missing = (kind: string, id: string): StripeFailure =>
  new StripeFailure(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param: "id",
    message: `No such ${kind}: '${id}'`,
  });

export const invalid = (message: string, param?: string, code?: string): StripeFailure =>
  new StripeFailure(400, {
    type: "invalid_request_error",
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
