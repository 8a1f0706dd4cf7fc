// What happens away from the API in real life, done by the tests: the payer on a Checkout page
// (pays with a card, or enters one to save), the payer's bank or wallet answering a QR or
// redirect payment, and an issuer that will decline a saved card. Each returns the event Stripe
// would send for it.
import {
  invalid,
  paymentIntentObject,
  paymentMethodObject,
  setupIntentObject,
  VISA_4242,
  type CardDetails,
  type StripeObject,
} from "./objects";
import type { Decline, StandInStore } from "./store";

function openSession(store: StandInStore, sessionId: string, mode: "payment" | "setup"): StripeObject {
  const session = store.get("checkout.session", sessionId);
  if (session.status !== "open" || session.mode !== mode)
    throw new Error(`session ${sessionId} is not an open ${mode} session`);
  return session;
}

/** The payer pays a payment-mode session (with a card, or the session's other method): checkout.session.completed. */
export function payCheckout(store: StandInStore, sessionId: string, card: CardDetails = VISA_4242): StripeObject {
  const session = openSession(store, sessionId, "payment");
  const data = store.intentData.get(sessionId)!;
  const [type] = session.payment_method_types as string[];
  const customer = session.customer as string | null;
  const saving = data.setupFutureUsage !== null && customer !== null;
  const method = store.save(paymentMethodObject(type, type === "card" ? card : null, saving ? customer : null));
  if (type === "fpx") method.fpx = { account_holder_type: "individual", bank: "maybank2u" };
  const intent = store.save(
    paymentIntentObject({
      amount: session.amount_total as number,
      currency: session.currency as string,
      customer,
      description: data.description,
      metadata: data.metadata,
      paymentMethodTypes: [type],
      setupFutureUsage: data.setupFutureUsage,
    }),
  );
  Object.assign(intent, { status: "succeeded", amount_received: intent.amount, payment_method: method.id });
  Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: intent.id, url: null });
  store.emit("payment_intent.succeeded", intent);
  return store.emit("checkout.session.completed", session);
}

/** The payer enters a card on a setup-mode session: checkout.session.completed (setup mode). */
export function saveCardAtCheckout(
  store: StandInStore,
  sessionId: string,
  card: CardDetails = VISA_4242,
): StripeObject {
  const session = openSession(store, sessionId, "setup");
  const data = store.intentData.get(sessionId)!;
  const customer = session.customer as string;
  const method = store.save(paymentMethodObject("card", card, customer));
  const intent = store.save(setupIntentObject(customer, data.metadata));
  Object.assign(intent, { status: "succeeded", payment_method: method.id });
  Object.assign(session, { status: "complete", setup_intent: intent.id, url: null });
  store.emit("setup_intent.succeeded", intent);
  return store.emit("checkout.session.completed", session);
}

/** The payer's bank or wallet answers a QR or redirect payment: payment_intent.succeeded or payment_failed. */
export function settleIntent(
  store: StandInStore,
  intentId: string,
  outcome: "succeeded" | "failed",
  failureCode = "payment_intent_payment_attempt_failed",
): StripeObject {
  const intent = store.get("payment_intent", intentId);
  if (intent.status !== "requires_action") throw invalid(`payment ${intentId} is not awaiting the payer`);
  const [type] = intent.payment_method_types as string[];
  const method = store.save(paymentMethodObject(type, null, null));
  intent.payment_method = method.id;
  intent.next_action = null;
  if (outcome === "succeeded") {
    Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
    return store.emit("payment_intent.succeeded", intent);
  }
  Object.assign(intent, {
    status: "requires_payment_method",
    last_payment_error: { type: "invalid_request_error", code: failureCode, message: "The payment failed." },
  });
  return store.emit("payment_intent.payment_failed", intent);
}

/** The issuer declines every next charge of a saved card (code card_declined, authentication_required, ...). */
export function declineCharges(store: StandInStore, methodId: string, decline: Decline): void {
  store.get("payment_method", methodId);
  store.declining.set(methodId, decline);
}
