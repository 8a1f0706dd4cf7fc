// The Stripe adapter's payments against the local stand-in of Stripe's API: hosted methods on
// Checkout Sessions (cards, FPX), PayNow and PromptPay QR payloads, the GrabPay redirect,
// amounts in Stripe's units (VND zero-decimal, IDR in hundredths), idempotent retries (a repeated
// call and a lost answer make one payment), saving the card when asked, states and cancel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsAdapter } from "../../../server/adapters/payments/payments-adapter";
import { MethodNotSupported } from "../../../server/adapters/payments/payments-adapter";
import { openStandIn, paymentRequest, SITE_ORIGIN } from "./harness";
import type { StripeStandIn } from "./standin/server";

let standIn: StripeStandIn;
let adapter: PaymentsAdapter;

beforeAll(async () => {
  ({ standIn, adapter } = await openStandIn());
});
afterAll(() => standIn.close());

/** The parameters of the last non-replayed request to `path`. */
function lastParams(path: string) {
  const found = standIn.requests.findLast((request) => request.path === path && !request.replayed);
  if (!found) throw new Error(`no request to ${path}`);
  return found.params;
}

describe("Stripe adapter: payments", () => {
  it("offers exactly the Stripe methods and saves cards only", () => {
    expect([...adapter.methods!].sort()).toEqual(
      ["card_id", "card_my", "card_th", "card_vn", "fpx", "grabpay_sg", "paynow", "promptpay"].sort(),
    );
    expect([...adapter.recurringMethods!].sort()).toEqual(["card_id", "card_my", "card_th", "card_vn"]);
    expect(adapter.signatureHeader).toBe("stripe-signature");
    expect(adapter.name).toBe("stripe");
  });

  it("pays a card on a Checkout Session: the session id is the payment id, its page the redirect", async () => {
    const request = paymentRequest();
    const started = await adapter.startPayment(request);
    expect(started.paymentId).toMatch(/^cs_test_/);
    expect(started.redirectUrl).toBe(standIn.get("checkout.session", started.paymentId).url);
    expect(started.qrPayload).toBeNull();
    const params = lastParams("/v1/checkout/sessions");
    expect(params).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["card"],
      success_url: `${SITE_ORIGIN}${request.returnUrl}`,
      client_reference_id: request.reference,
      metadata: { reference: request.reference, method: "card_my" },
      line_items: [{ quantity: "1", price_data: { currency: "myr", unit_amount: "4990" } }],
    });
    expect(params).not.toHaveProperty("customer");
    expect(await adapter.retrievePayment(started.paymentId)).toMatchObject({
      state: "pending",
      reference: request.reference,
    });

    standIn.payCheckout(started.paymentId);
    expect(await adapter.retrievePayment(started.paymentId)).toEqual({
      paymentId: started.paymentId,
      reference: request.reference,
      state: "succeeded",
      amountMinor: 4990,
      currency: "MYR",
      savedMethod: null,
      failureCode: null,
    });
  });

  it("saves the card for the customer when asked, and answers its brand, last 4 and expiry", async () => {
    const customerId = await adapter.createCustomer({ reference: "user:7", idempotencyKey: "customer:7" });
    const started = await adapter.startPayment(
      paymentRequest({ method: "card_th", currency: "THB", amountMinor: 18900, saveFor: { customerId } }),
    );
    expect(lastParams("/v1/checkout/sessions")).toMatchObject({
      customer: customerId,
      payment_intent_data: { setup_future_usage: "off_session", metadata: { method: "card_th" } },
    });
    standIn.payCheckout(started.paymentId, { brand: "mastercard", last4: "4444", expMonth: 3, expYear: 2031 });
    const status = await adapter.retrievePayment(started.paymentId);
    expect(status.state).toBe("succeeded");
    expect(status.savedMethod).toEqual({
      methodId: expect.stringMatching(/^pm_/),
      kind: "card",
      method: "card_th",
      brand: "mastercard",
      last4: "4444",
      expMonth: 3,
      expYear: 2031,
    });
    expect(standIn.get("payment_method", status.savedMethod!.methodId).customer).toBe(customerId);
  });

  it("sends VND as whole dong (zero-decimal) and IDR in hundredths, and reads them back in our units", async () => {
    const vnd = await adapter.startPayment(paymentRequest({ method: "card_vn", currency: "VND", amountMinor: 199000 }));
    expect(lastParams("/v1/checkout/sessions")).toMatchObject({
      line_items: [{ price_data: { currency: "vnd", unit_amount: "199000" } }],
    });
    const idr = await adapter.startPayment(paymentRequest({ method: "card_id", currency: "IDR", amountMinor: 150000 }));
    expect(lastParams("/v1/checkout/sessions")).toMatchObject({
      line_items: [{ price_data: { currency: "idr", unit_amount: "15000000" } }],
    });
    standIn.payCheckout(vnd.paymentId);
    standIn.payCheckout(idr.paymentId);
    expect(await adapter.retrievePayment(vnd.paymentId)).toMatchObject({ amountMinor: 199000, currency: "VND" });
    expect(await adapter.retrievePayment(idr.paymentId)).toMatchObject({ amountMinor: 150000, currency: "IDR" });
  });

  it("answers PayNow's and PromptPay's QR text from the confirmed PaymentIntent", async () => {
    const paynow = await adapter.startPayment(paymentRequest({ method: "paynow", currency: "SGD", amountMinor: 1990 }));
    expect(paynow.paymentId).toMatch(/^pi_/);
    const intent = standIn.get("payment_intent", paynow.paymentId);
    const action = intent.next_action as { paynow_display_qr_code: { data: string; hosted_instructions_url: string } };
    expect(paynow.qrPayload).toBe(action.paynow_display_qr_code.data);
    expect(paynow.redirectUrl).toBe(action.paynow_display_qr_code.hosted_instructions_url);
    expect(lastParams("/v1/payment_intents")).toMatchObject({
      amount: "1990",
      currency: "sgd",
      confirm: "true",
      payment_method_data: { type: "paynow" },
    });
    expect(await adapter.retrievePayment(paynow.paymentId)).toMatchObject({ state: "pending" });
    standIn.settleIntent(paynow.paymentId, "succeeded");
    expect(await adapter.retrievePayment(paynow.paymentId)).toMatchObject({
      state: "succeeded",
      amountMinor: 1990,
      currency: "SGD",
    });

    const promptpay = await adapter.startPayment(
      paymentRequest({ method: "promptpay", currency: "THB", amountMinor: 18900 }),
    );
    expect(promptpay.qrPayload).toContain("PROMPTPAY");
    standIn.settleIntent(promptpay.paymentId, "failed", "payment_intent_payment_attempt_expired");
    expect(await adapter.retrievePayment(promptpay.paymentId)).toMatchObject({
      state: "failed",
      failureCode: "payment_intent_payment_attempt_expired",
    });
  });

  it("sends GrabPay to the wallet's page with an absolute return URL", async () => {
    const request = paymentRequest({ method: "grabpay_sg", currency: "SGD", amountMinor: 1990 });
    const started = await adapter.startPayment(request);
    expect(started.redirectUrl).toMatch(/^https:\/\/pm-redirects\.stripe\.com\/authorize\//);
    expect(started.qrPayload).toBeNull();
    expect(lastParams("/v1/payment_intents")).toMatchObject({
      payment_method_data: { type: "grabpay" },
      return_url: `${SITE_ORIGIN}${request.returnUrl}`,
    });
  });

  it("takes FPX on a Checkout Session (the payer picks the bank on Stripe's page)", async () => {
    const started = await adapter.startPayment(paymentRequest({ method: "fpx" }));
    expect(lastParams("/v1/checkout/sessions")).toMatchObject({ allowed_payment_method_types: ["fpx"] });
    standIn.payCheckout(started.paymentId);
    expect(await adapter.retrievePayment(started.paymentId)).toMatchObject({ state: "succeeded", savedMethod: null });
  });

  it("refuses a method Stripe does not take here", async () => {
    await expect(adapter.startPayment(paymentRequest({ method: "momo", currency: "VND" }))).rejects.toBeInstanceOf(
      MethodNotSupported,
    );
  });

  it("a repeated start with the same idempotency key answers the first payment; other parameters are refused", async () => {
    const request = paymentRequest({ method: "paynow", currency: "SGD", amountMinor: 2990 });
    const before = standIn.all("payment_intent").length;
    const first = await adapter.startPayment(request);
    const again = await adapter.startPayment(request);
    expect(again).toEqual(first);
    expect(standIn.all("payment_intent").length).toBe(before + 1);
    expect(standIn.requests.at(-1)).toMatchObject({ idempotencyKey: request.idempotencyKey, replayed: true });
    await expect(adapter.startPayment({ ...request, amountMinor: 3990 })).rejects.toThrow(/same parameters/);
  });

  it("a lost answer is retried by the SDK with the same key: one payment", async () => {
    const request = paymentRequest();
    const before = standIn.all("checkout.session").length;
    standIn.dropNextAnswers(1);
    const started = await adapter.startPayment(request);
    expect(standIn.all("checkout.session").length).toBe(before + 1);
    const attempts = standIn.requests.filter((entry) => entry.idempotencyKey === request.idempotencyKey);
    expect(attempts.map((entry) => entry.replayed)).toEqual([false, true]);
    expect(started.paymentId).toBe(standIn.all("checkout.session").at(-1)!.id);
  });

  it("cancels: a session expires, an intent is canceled, a final payment stays as it is", async () => {
    const session = await adapter.startPayment(paymentRequest());
    await adapter.cancelPayment(session.paymentId);
    expect(await adapter.retrievePayment(session.paymentId)).toMatchObject({ state: "expired" });
    await adapter.cancelPayment(session.paymentId);

    const intent = await adapter.startPayment(paymentRequest({ method: "paynow", currency: "SGD", amountMinor: 1990 }));
    await adapter.cancelPayment(intent.paymentId);
    expect(await adapter.retrievePayment(intent.paymentId)).toMatchObject({ state: "canceled" });

    const paid = await adapter.startPayment(paymentRequest({ method: "paynow", currency: "SGD", amountMinor: 1990 }));
    standIn.settleIntent(paid.paymentId, "succeeded");
    await adapter.cancelPayment(paid.paymentId);
    expect(await adapter.retrievePayment(paid.paymentId)).toMatchObject({ state: "succeeded" });
  });

  it("an unknown payment is an error, not a state", async () => {
    await expect(adapter.retrievePayment("pi_unknown")).rejects.toThrow(/No such payment_intent/);
  });
});
