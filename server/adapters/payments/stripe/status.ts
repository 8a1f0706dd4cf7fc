// Stripe's objects read as the adapter interface's: a PaymentIntent or a Checkout Session as a
// PaymentStatus (state, amount in our minor units, the saved card, why it failed), a card
// PaymentMethod as SavedMethodDetails (brand, last 4, expiry: never more). The metadata this
// adapter writes on every object it creates carries the order's reference and the checkout
// method id (`reference`, `method`).
import type Stripe from "stripe";
import type { PaymentState, PaymentStatus, SavedMethodDetails } from "../payments-adapter";
import { fromStripeAmount, ourCurrency } from "./amounts";

/** What the adapter writes in `metadata` of the sessions and intents it creates. */
export interface OurMetadata {
  reference: string;
  method: string;
}

export const referenceOf = (metadata: Stripe.Metadata | null | undefined): string | null => metadata?.reference ?? null;

/**
 * A PaymentIntent's state: requires_payment_method after an attempt failed is a decline (its
 * last_payment_error says why); before any attempt, and while processing or awaiting the payer
 * (requires_action: a QR to scan, a wallet page), it is pending.
 */
export function intentStateOf(intent: Stripe.PaymentIntent): PaymentState {
  switch (intent.status) {
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
    case "requires_payment_method":
      return intent.last_payment_error ? "failed" : "pending";
    default:
      return "pending";
  }
}

export function failureCodeOf(error: Stripe.PaymentIntent.LastPaymentError | null | undefined): string | null {
  if (!error) return null;
  return error.decline_code ?? error.code ?? "payment_failed";
}

/** The card a PaymentMethod is, or null for another type (or an id not expanded). */
export function savedCardOf(
  paymentMethod: string | Stripe.PaymentMethod | null | undefined,
  method: string,
): SavedMethodDetails | null {
  if (!paymentMethod || typeof paymentMethod === "string" || !paymentMethod.card) return null;
  const { brand, last4, exp_month: expMonth, exp_year: expYear } = paymentMethod.card;
  return { methodId: paymentMethod.id, kind: "card", method, brand, last4, expMonth, expYear };
}

/** The card a succeeded intent saved (it was created with setup_future_usage); else null. */
function savedMethodOf(intent: Stripe.PaymentIntent): SavedMethodDetails | null {
  if (intent.status !== "succeeded" || !intent.setup_future_usage) return null;
  return savedCardOf(intent.payment_method, intent.metadata.method ?? "card");
}

export function intentStatusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  const state = intentStateOf(intent);
  return {
    paymentId: intent.id,
    reference: referenceOf(intent.metadata) ?? "",
    state,
    amountMinor: fromStripeAmount(intent.amount, intent.currency),
    currency: ourCurrency(intent.currency),
    savedMethod: savedMethodOf(intent),
    failureCode: state === "failed" ? failureCodeOf(intent.last_payment_error) : null,
  };
}

/**
 * A payment-mode Checkout Session (the payment id of hosted methods): complete and paid is
 * succeeded, expired is expired; an open one is pending even after a declined attempt, since the
 * payer may try another card on the same page until the session expires.
 */
export function sessionStatusOf(session: Stripe.Checkout.Session): PaymentStatus {
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const state: PaymentState =
    session.status === "complete" && paid ? "succeeded" : session.status === "expired" ? "expired" : "pending";
  const currency = session.currency ?? intent?.currency ?? "";
  return {
    paymentId: session.id,
    reference: referenceOf(session.metadata) ?? session.client_reference_id ?? "",
    state,
    amountMinor: fromStripeAmount(session.amount_total ?? intent?.amount ?? 0, currency),
    currency: ourCurrency(currency),
    savedMethod: state === "succeeded" && intent ? savedMethodOf(intent) : null,
    failureCode: null,
  };
}
