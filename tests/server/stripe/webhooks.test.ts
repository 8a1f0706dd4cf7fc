// The Stripe adapter's webhook check with events the stand-in made and signed with the SDK's
// test-header helper: the payment events read as PaymentEvents (QR payments by intent id, hosted
// ones by session id), a tampered body, a wrong secret, a missing header and a timestamp older
// than 300 s at the receive time refused, and other events ignored (WebhookIgnored).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookRejected, type PaymentsAdapter } from "../../../server/adapters/payments/payments-adapter";
import { WebhookIgnored } from "../../../server/adapters/payments/payments-adapter";
import { openStandIn, paymentRequest, startCardSetup, WEBHOOK_SECRET } from "./harness";
import { StripeStandIn } from "./standin/server";
import type { StripeObject } from "./standin/objects";

let standIn: StripeStandIn;
let adapter: PaymentsAdapter;

beforeAll(async () => {
  ({ standIn, adapter } = await openStandIn());
});
afterAll(() => standIn.close());

const SIGNED_AT_S = 1_900_000_000;
const secondsAfterSigning = (seconds: number) => new Date((SIGNED_AT_S + seconds) * 1000);

function parse(event: StripeObject, receivedAfterS = 1, secret = WEBHOOK_SECRET) {
  const { body, signature } = StripeStandIn.signedDelivery(event, secret, SIGNED_AT_S);
  return adapter.parseWebhook(body, signature, secondsAfterSigning(receivedAfterS));
}

async function paidQrEvent(): Promise<{ event: StripeObject; paymentId: string; reference: string }> {
  const request = paymentRequest({ method: "paynow", currency: "SGD", amountMinor: 1990 });
  const started = await adapter.startPayment(request);
  return {
    event: standIn.settleIntent(started.paymentId, "succeeded"),
    paymentId: started.paymentId,
    reference: request.reference,
  };
}

describe("Stripe adapter: webhooks", () => {
  it("reads payment_intent.succeeded / payment_failed / canceled of QR and redirect payments", async () => {
    const paid = await paidQrEvent();
    expect(parse(paid.event)).toEqual({
      id: paid.event.id,
      paymentId: paid.paymentId,
      reference: paid.reference,
      state: "succeeded",
    });

    const declined = await adapter.startPayment(
      paymentRequest({ method: "promptpay", currency: "THB", amountMinor: 18900 }),
    );
    expect(parse(standIn.settleIntent(declined.paymentId, "failed"))).toMatchObject({
      paymentId: declined.paymentId,
      state: "failed",
    });

    const canceled = await adapter.startPayment(
      paymentRequest({ method: "grabpay_sg", currency: "SGD", amountMinor: 1990 }),
    );
    await adapter.cancelPayment(canceled.paymentId);
    expect(parse(standIn.lastEvent("payment_intent.canceled"))).toMatchObject({
      paymentId: canceled.paymentId,
      state: "canceled",
    });
  });

  it("reads checkout.session.completed and expired of hosted payments by session id", async () => {
    const request = paymentRequest();
    const paid = await adapter.startPayment(request);
    expect(parse(standIn.payCheckout(paid.paymentId))).toMatchObject({
      paymentId: paid.paymentId,
      reference: request.reference,
      state: "succeeded",
    });

    const expired = await adapter.startPayment(paymentRequest());
    await adapter.cancelPayment(expired.paymentId);
    expect(parse(standIn.lastEvent("checkout.session.expired"))).toMatchObject({
      paymentId: expired.paymentId,
      state: "expired",
    });
  });

  it("refuses a tampered body, another secret and a missing signature", async () => {
    const { event } = await paidQrEvent();
    const { body, signature } = StripeStandIn.signedDelivery(event, WEBHOOK_SECRET, SIGNED_AT_S);
    const tampered = body.replace('"succeeded"', '"canceled"');
    expect(tampered).not.toBe(body);
    expect(() => adapter.parseWebhook(tampered, signature, secondsAfterSigning(1))).toThrow(WebhookRejected);
    expect(() => adapter.parseWebhook(tampered, signature, secondsAfterSigning(1))).not.toThrow(WebhookIgnored);
    expect(() => parse(event, 1, "whsec_someone_else")).toThrow(WebhookRejected);
    expect(() => adapter.parseWebhook(body, undefined, secondsAfterSigning(1))).toThrow(/missing/);
  });

  it("takes a delivery up to 300 s after signing and refuses an older one", async () => {
    const { event } = await paidQrEvent();
    expect(parse(event, 300).state).toBe("succeeded");
    expect(() => parse(event, 301)).toThrow(/tolerance/);
  });

  it("ignores correctly signed events that settle nothing", async () => {
    const { setup } = await startCardSetup(adapter, "user:9");
    const setupCompleted = standIn.saveCardAtCheckout(setup.setupId);
    expect(() => parse(setupCompleted)).toThrow(WebhookIgnored);
    expect(() => parse(standIn.lastEvent("setup_intent.succeeded"))).toThrow(WebhookIgnored);
  });
});
