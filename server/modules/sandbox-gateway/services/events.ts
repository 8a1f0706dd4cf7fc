// The sandbox gateway's webhook events: the body it sends when a payment reaches a final state
// (docs/commerce.md: `{ "id": "evt_...", "type": "payment.succeeded", "data": { "payment_id",
// "reference", "state" } }`), and the strict reading of such a body on the receiving side, where
// anything else is a WebhookRejected.
import { WebhookRejected, type PaymentEvent } from "../../../adapters/payments/payments-adapter";
import { isIdOf } from "./ids";

/** The final states a webhook reports. */
export const EVENT_STATES = ["succeeded", "failed", "expired"] as const;
export type EventState = (typeof EVENT_STATES)[number];

export const isPaymentId = (value: string): boolean => isIdOf("payment", value);

export interface EventBody {
  id: string;
  type: `payment.${EventState}`;
  data: { payment_id: string; reference: string; state: EventState };
}

/** The JSON text of an event, exactly as it is stored, signed and sent. */
export function eventPayload(eventId: string, paymentId: string, reference: string, state: EventState): string {
  const body: EventBody = {
    id: eventId,
    type: `payment.${state}`,
    data: { payment_id: paymentId, reference, state },
  };
  return JSON.stringify(body);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const hasExactly = (value: Record<string, unknown>, keys: readonly string[]) =>
  Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));

/** The event of a body already authenticated by its signature; WebhookRejected when its shape is wrong. */
export function parseEventBody(rawBody: string): PaymentEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new WebhookRejected("body is not JSON");
  }
  if (!isObject(body) || !hasExactly(body, ["id", "type", "data"])) throw new WebhookRejected("unexpected body shape");
  const { id, type, data } = body;
  if (typeof id !== "string" || !isIdOf("event", id)) throw new WebhookRejected("bad event id");
  if (!isObject(data) || !hasExactly(data, ["payment_id", "reference", "state"]))
    throw new WebhookRejected("unexpected data shape");
  const { payment_id: paymentId, reference, state } = data;
  const eventState = EVENT_STATES.find((known) => known === state);
  if (eventState === undefined) throw new WebhookRejected("unknown payment state");
  if (type !== `payment.${eventState}`) throw new WebhookRejected("event type does not match its state");
  if (typeof paymentId !== "string" || !isPaymentId(paymentId)) throw new WebhookRejected("bad payment id");
  if (typeof reference !== "string" || reference === "") throw new WebhookRejected("bad reference");
  return { id, paymentId, reference, state: eventState };
}
