// The Stripe API endpoints the adapter calls, answered from the stand-in's store with Stripe's
// rules that matter to it: absolute return URLs, the currencies PayNow (sgd), PromptPay (thb),
// GrabPay (sgd, myr) and FPX (myr) take, a return_url for redirect methods, off-session charges
// only of a card attached to the customer, card errors (402) for a card marked to decline,
// 404 resource_missing, and 400 for canceling or expiring what is already final.
import { param, stringList, stringMap, type Params } from "./form";
import {
  checkoutSessionObject,
  customerObject,
  invalid,
  paymentIntentObject,
  StripeFailure,
  unixNow,
  type StripeObject,
} from "./objects";
import type { StandInStore } from "./store";

const METHOD_CURRENCIES: Readonly<Record<string, readonly string[]>> = {
  paynow: ["sgd"],
  promptpay: ["thb"],
  grabpay: ["sgd", "myr"],
  fpx: ["myr"],
};

function requireUrl(params: Params, key: string): string {
  const value = param(params, key);
  if (!value) throw invalid(`Missing required param: ${key}.`, key);
  try {
    new URL(value);
  } catch {
    throw invalid(`Not a valid URL`, key, "url_invalid");
  }
  return value;
}

function requireAmount(raw: string | undefined, key: string): number {
  if (raw === undefined) throw invalid(`Missing required param: ${key}.`, key);
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw invalid(`Invalid integer: ${raw}`, key);
  return Number(raw);
}

function checkCurrency(type: string, currency: string, key: string): void {
  const allowed = METHOD_CURRENCIES[type];
  if (allowed && !allowed.includes(currency))
    throw invalid(
      `The currency provided (${currency}) is invalid for ${type}.`,
      key,
      "payment_intent_invalid_parameter",
    );
}

function customerOf(store: StandInStore, params: Params): string | null {
  const customer = param(params, "customer") ?? null;
  if (customer !== null) store.get("customer", customer);
  return customer;
}

export function createCustomer(store: StandInStore, params: Params): StripeObject {
  return store.save(customerObject(stringMap(params, "metadata"), param(params, "description") ?? null));
}

export function createCheckoutSession(store: StandInStore, params: Params): StripeObject {
  const mode = param(params, "mode");
  if (mode !== "payment" && mode !== "setup") throw invalid("Invalid mode", "mode");
  const types = stringList(params, "allowed_payment_method_types");
  const paymentMethodTypes = types.length > 0 ? types : ["card"];
  const successUrl = requireUrl(params, "success_url");
  const cancelUrl = param(params, "cancel_url") ? requireUrl(params, "cancel_url") : null;
  const customer = customerOf(store, params);
  let amountTotal: number | null = null;
  let currency: string | null = null;
  if (mode === "payment") {
    currency = param(params, "line_items.0.price_data.currency") ?? null;
    if (!currency) throw invalid("Missing required param: line_items[0][price_data][currency].", "line_items");
    const unitAmount = requireAmount(
      param(params, "line_items.0.price_data.unit_amount"),
      "line_items[0][price_data][unit_amount]",
    );
    amountTotal = unitAmount * Number(param(params, "line_items.0.quantity") ?? "1");
    for (const type of paymentMethodTypes) checkCurrency(type, currency, "allowed_payment_method_types");
    const sfu = param(params, "payment_intent_data.setup_future_usage") ?? null;
    if (sfu !== null && customer === null) throw invalid("setup_future_usage needs a customer", "customer");
  } else if (customer === null) {
    throw invalid("A customer is required in setup mode for this integration.", "customer");
  }
  const session = store.save(
    checkoutSessionObject({
      mode,
      amountTotal,
      currency,
      customer,
      clientReferenceId: param(params, "client_reference_id") ?? null,
      metadata: stringMap(params, "metadata"),
      paymentMethodTypes,
      successUrl,
      cancelUrl,
    }),
  );
  const dataKey = mode === "payment" ? "payment_intent_data" : "setup_intent_data";
  const data = (params[dataKey] ?? {}) as Params;
  store.intentData.set(session.id, {
    description: param(data, "description") ?? null,
    metadata: stringMap(data, "metadata"),
    setupFutureUsage: param(data, "setup_future_usage") ?? null,
  });
  return session;
}

export function expireCheckoutSession(store: StandInStore, id: string): StripeObject {
  const session = store.get("checkout.session", id);
  if (session.status !== "open")
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
    );
  Object.assign(session, { status: "expired", url: null });
  store.emit("checkout.session.expired", session);
  return session;
}

function confirmWithAction(intent: StripeObject, type: string, params: Params): void {
  const base = `https://standin.stripe.test/${type}/${intent.id}`;
  if (type === "paynow" || type === "promptpay") {
    // EMVCo-style QR text as PayNow and PromptPay encode it; the stand-in's is recognisable, not scannable.
    const data = `00020101021226${type === "paynow" ? "SG.PAYNOW" : "TH.PROMPTPAY"}|${intent.id}|${String(intent.amount)}|${String(intent.currency)}6304ABCD`;
    intent.status = "requires_action";
    intent.next_action = {
      type: `${type}_display_qr_code`,
      [`${type}_display_qr_code`]: {
        data,
        hosted_instructions_url: `${base}/instructions`,
        image_url_png: `${base}/qr.png`,
        image_url_svg: `${base}/qr.svg`,
      },
    };
    return;
  }
  const returnUrl = param(params, "return_url");
  if (!returnUrl)
    throw invalid(
      `A return_url must be specified because this Payment Intent is configured to automatically accept the payment methods enabled in the Dashboard, some of which may require a full page redirect to succeed.`,
      "return_url",
    );
  intent.status = "requires_action";
  intent.next_action = {
    type: "redirect_to_url",
    redirect_to_url: {
      url: `https://pm-redirects.stripe.com/authorize/acct_standin/pa_nonce_${intent.id}`,
      return_url: returnUrl,
    },
  };
}

function chargeSavedCard(store: StandInStore, intent: StripeObject, methodId: string, params: Params): void {
  const method = store.get("payment_method", methodId);
  if (param(params, "off_session") === "true" && method.customer !== intent.customer)
    throw invalid(
      "The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer.",
      "payment_method",
    );
  intent.payment_method = methodId;
  const decline = store.declining.get(methodId);
  if (decline) {
    const error = {
      type: "card_error" as const,
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message:
        decline.code === "authentication_required"
          ? "Your card was declined. This transaction requires authentication."
          : "Your card was declined.",
    };
    Object.assign(intent, {
      status: "requires_payment_method",
      last_payment_error: { ...error, payment_method: structuredClone(method) },
    });
    store.emit("payment_intent.payment_failed", intent);
    throw new StripeFailure(402, {
      ...error,
      payment_intent: structuredClone(intent),
      payment_method: structuredClone(method),
    });
  }
  Object.assign(intent, { status: "succeeded", amount_received: intent.amount });
  store.emit("payment_intent.succeeded", intent);
}

export function createPaymentIntent(store: StandInStore, params: Params): StripeObject {
  const amount = requireAmount(param(params, "amount"), "amount");
  const currency = param(params, "currency");
  if (!currency) throw invalid("Missing required param: currency.", "currency");
  const customer = customerOf(store, params);
  const methodId = param(params, "payment_method");
  const dataType = param(params, "payment_method_data.type");
  const types = stringList(params, "allowed_payment_method_types");
  const type = dataType ?? (methodId ? "card" : (types[0] ?? "card"));
  checkCurrency(type, currency, "currency");
  const intent = paymentIntentObject({
    amount,
    currency,
    customer,
    description: param(params, "description") ?? null,
    metadata: stringMap(params, "metadata"),
    paymentMethodTypes: types.length > 0 ? types : [type],
    setupFutureUsage: param(params, "setup_future_usage") ?? null,
  });
  // Saved before confirming: a declined confirmation still leaves the intent (as Stripe does).
  store.save(intent);
  if (param(params, "confirm") !== "true") return intent;
  if (methodId) chargeSavedCard(store, intent, methodId, params);
  else if (dataType) confirmWithAction(intent, dataType, params);
  else throw invalid("You must provide a payment_method or payment_method_data to confirm.", "payment_method");
  return intent;
}

const CANCELABLE = ["requires_payment_method", "requires_confirmation", "requires_action", "processing"];

export function cancelPaymentIntent(store: StandInStore, id: string): StripeObject {
  const intent = store.get("payment_intent", id);
  if (!CANCELABLE.includes(String(intent.status)))
    throw invalid(
      `You cannot cancel this PaymentIntent because it has a status of ${String(intent.status)}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(", ")}.`,
      undefined,
      "payment_intent_unexpected_state",
    );
  Object.assign(intent, { status: "canceled", canceled_at: unixNow(), next_action: null });
  store.emit("payment_intent.canceled", intent);
  return intent;
}

export function detachPaymentMethod(store: StandInStore, id: string): StripeObject {
  const method = store.get("payment_method", id);
  if (method.customer === null)
    throw invalid("The payment method you provided is not attached to a customer so detachment is impossible.");
  method.customer = null;
  store.emit("payment_method.detached", method);
  return method;
}
