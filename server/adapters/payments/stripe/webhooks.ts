// Stripe's webhook deliveries: the signature (stripe-signature: t=..,v1=..) checked by the SDK
// over the exact raw body with STRIPE_WEBHOOK_SECRET, refused when older than 300 s at the
// receive time; then the event read as a PaymentEvent. Events that settle payments:
// payment_intent.succeeded / payment_failed / canceled (QR and redirect payments: pi_ ids),
// checkout.session.completed (paid) / expired / async_payment_succeeded / async_payment_failed
// (hosted payments: cs_ ids). Anything else correctly signed is WebhookIgnored.
import Stripe from "stripe";
import { WebhookIgnored, WebhookRejected, type PaymentEvent, type PaymentState } from "../payments-adapter";
import { referenceOf } from "./status";

export const STRIPE_SIGNATURE_HEADER = "stripe-signature";
export const STRIPE_WEBHOOK_TOLERANCE_S = 300;

type FinalState = Exclude<PaymentState, "pending">;

const INTENT_EVENTS: Readonly<Record<string, FinalState>> = {
  "payment_intent.succeeded": "succeeded",
  "payment_intent.payment_failed": "failed",
  "payment_intent.canceled": "canceled",
};

const SESSION_EVENTS: Readonly<Record<string, FinalState>> = {
  "checkout.session.completed": "succeeded",
  "checkout.session.async_payment_succeeded": "succeeded",
  "checkout.session.async_payment_failed": "failed",
  "checkout.session.expired": "expired",
};

/** The event types to enable on the Stripe webhook endpoint. */
export const STRIPE_WEBHOOK_EVENTS: readonly string[] = [...Object.keys(INTENT_EVENTS), ...Object.keys(SESSION_EVENTS)];

function verifiedEvent(stripe: Stripe, secret: string, rawBody: string, header: string | undefined, now: Date) {
  if (!header) throw new WebhookRejected("missing stripe-signature header");
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      header,
      secret,
      STRIPE_WEBHOOK_TOLERANCE_S,
      undefined,
      now.getTime(),
    );
  } catch (error) {
    // The SDK's message names the failure (no signature match, timestamp outside the tolerance,
    // unparsable body); it never contains the secret.
    throw new WebhookRejected(error instanceof Error ? error.message : "webhook not verified");
  }
}

interface EventObject {
  id?: unknown;
  object?: unknown;
  metadata?: Stripe.Metadata | null;
  client_reference_id?: string | null;
  mode?: unknown;
  payment_status?: unknown;
}

function eventFromObject(event: Stripe.Event, object: EventObject): PaymentEvent {
  const ignore = (reason: string) => new WebhookIgnored(event.id, event.type, reason);
  if (typeof object.id !== "string") throw ignore("no object id");
  const intentState = INTENT_EVENTS[event.type];
  const sessionState = SESSION_EVENTS[event.type];
  let state: FinalState;
  let reference: string | null;
  if (intentState && object.object === "payment_intent") {
    state = intentState;
    reference = referenceOf(object.metadata);
  } else if (sessionState && object.object === "checkout.session") {
    if (object.mode !== "payment") throw ignore("not a payment session");
    const unpaid = object.payment_status === "unpaid";
    if (event.type === "checkout.session.completed" && unpaid) throw ignore("completed, payment still under way");
    state = sessionState;
    reference = referenceOf(object.metadata) ?? object.client_reference_id ?? null;
  } else {
    throw ignore("not an event that settles a payment");
  }
  if (!reference) throw ignore("not a payment of this adapter (no reference)");
  return { id: event.id, paymentId: object.id, reference, state };
}

/** Verifies a delivery and reads its event; WebhookRejected (or WebhookIgnored) otherwise. */
export function parseStripeWebhook(
  stripe: Stripe,
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
): PaymentEvent {
  const event = verifiedEvent(stripe, secret, rawBody, header, now);
  const object = (event.data as { object?: EventObject } | undefined)?.object;
  if (typeof event.id !== "string" || typeof event.type !== "string" || !object || typeof object !== "object")
    throw new WebhookRejected("malformed Stripe event");
  return eventFromObject(event, object);
}
