// The Stripe adapter's saved cards against the local stand-in: customers (idempotent), card
// setups on setup-mode Checkout Sessions and what they saved, no wallet mandates
// (MethodNotSupported), detaching (twice is no error), and off-session charges: succeeded, one
// charge per idempotency key, a decline or a required authentication answered as a failed
// payment with its code, an API error thrown.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentsAdapter } from "../../../server/adapters/payments/payments-adapter";
import { MethodNotSupported } from "../../../server/adapters/payments/payments-adapter";
import { openStandIn, SITE_ORIGIN, startCardSetup, uniqueKey } from "./harness";
import type { StripeStandIn } from "./standin/server";

let standIn: StripeStandIn;
let adapter: PaymentsAdapter;

beforeAll(async () => {
  ({ standIn, adapter } = await openStandIn());
});
afterAll(() => standIn.close());

/** A customer with a card saved through a setup session: the customer and the card's method id. */
async function customerWithCard(): Promise<{ customerId: string; methodId: string }> {
  const { customerId, setup } = await startCardSetup(adapter, "user:1");
  standIn.saveCardAtCheckout(setup.setupId);
  const status = await adapter.retrieveSetup(setup.setupId);
  return { customerId, methodId: status.method!.methodId };
}

const charge = (customerId: string, methodId: string, idempotencyKey = uniqueKey("renewal")) => ({
  customerId,
  methodId,
  amountMinor: 199000,
  currency: "VND",
  reference: "SR-renewal-1",
  description: "ShopRadar Premium, 12 months",
  idempotencyKey,
});

describe("Stripe adapter: customers and card setups", () => {
  it("creates a customer once per idempotency key, with the user's reference", async () => {
    const key = uniqueKey("customer");
    const first = await adapter.createCustomer({ reference: "user:42", idempotencyKey: key });
    expect(first).toMatch(/^cus_/);
    expect(await adapter.createCustomer({ reference: "user:42", idempotencyKey: key })).toBe(first);
    expect(standIn.all("customer").filter((customer) => customer.id === first)).toHaveLength(1);
    expect(standIn.get("customer", first).metadata).toEqual({ reference: "user:42" });
  });

  it("saves a card on a setup-mode session and answers its details once entered", async () => {
    const { customerId, setup } = await startCardSetup(adapter, "user:5", {
      method: "card_vn",
      returnUrl: "/subscription?cards=1",
    });
    expect(setup.setupId).toMatch(/^cs_test_/);
    expect(setup.redirectUrl).toBe(standIn.get("checkout.session", setup.setupId).url);
    const session = standIn.get("checkout.session", setup.setupId);
    expect(session).toMatchObject({
      mode: "setup",
      customer: customerId,
      success_url: `${SITE_ORIGIN}/subscription?cards=1&setup_id={CHECKOUT_SESSION_ID}`,
    });
    expect(await adapter.retrieveSetup(setup.setupId)).toEqual({
      setupId: setup.setupId,
      customerId,
      state: "pending",
      method: null,
    });

    standIn.saveCardAtCheckout(setup.setupId, { brand: "amex", last4: "0005", expMonth: 9, expYear: 2033 });
    expect(await adapter.retrieveSetup(setup.setupId)).toEqual({
      setupId: setup.setupId,
      customerId,
      state: "succeeded",
      method: {
        methodId: expect.stringMatching(/^pm_/),
        kind: "card",
        method: "card_vn",
        brand: "amex",
        last4: "0005",
        expMonth: 9,
        expYear: 2033,
      },
    });
  });

  it("offers no e-wallet mandates and no setups of non-card methods", async () => {
    const request = { customerId: "cus_x", returnUrl: "/subscription", idempotencyKey: uniqueKey("setup") };
    await expect(adapter.startSetup({ ...request, kind: "wallet", method: "gcash" })).rejects.toBeInstanceOf(
      MethodNotSupported,
    );
    await expect(adapter.startSetup({ ...request, kind: "card", method: "paynow" })).rejects.toBeInstanceOf(
      MethodNotSupported,
    );
  });

  it("detaches a card; detaching it again is no error", async () => {
    const { methodId } = await customerWithCard();
    await adapter.detachMethod(methodId);
    expect(standIn.get("payment_method", methodId).customer).toBeNull();
    await adapter.detachMethod(methodId);
  });
});

describe("Stripe adapter: off-session charges", () => {
  it("charges a saved card off-session in Stripe's units (VND zero-decimal)", async () => {
    const { customerId, methodId } = await customerWithCard();
    const status = await adapter.chargeSaved(charge(customerId, methodId));
    expect(status).toEqual({
      paymentId: expect.stringMatching(/^pi_/),
      reference: "SR-renewal-1",
      state: "succeeded",
      amountMinor: 199000,
      currency: "VND",
      savedMethod: null,
      failureCode: null,
    });
    expect(standIn.requests.findLast((request) => request.path === "/v1/payment_intents")?.params).toMatchObject({
      amount: "199000",
      currency: "vnd",
      customer: customerId,
      payment_method: methodId,
      off_session: "true",
      confirm: "true",
    });
  });

  it("a retried charge with the same key charges once", async () => {
    const { customerId, methodId } = await customerWithCard();
    const key = uniqueKey("renewal");
    const first = await adapter.chargeSaved(charge(customerId, methodId, key));
    const again = await adapter.chargeSaved(charge(customerId, methodId, key));
    expect(again).toEqual(first);
    const charged = standIn.all("payment_intent").filter((intent) => intent.payment_method === methodId);
    expect(charged).toHaveLength(1);
  });

  it("a declined card is a failed payment with the decline code, not an exception (and so is its retry)", async () => {
    const { customerId, methodId } = await customerWithCard();
    standIn.declineCharges(methodId, { code: "card_declined", declineCode: "insufficient_funds" });
    const key = uniqueKey("renewal");
    const status = await adapter.chargeSaved(charge(customerId, methodId, key));
    expect(status).toMatchObject({
      paymentId: expect.stringMatching(/^pi_/),
      state: "failed",
      failureCode: "insufficient_funds",
      amountMinor: 199000,
    });
    expect(await adapter.chargeSaved(charge(customerId, methodId, key))).toEqual(status);
    expect(await adapter.retrievePayment(status.paymentId)).toMatchObject({
      state: "failed",
      failureCode: "insufficient_funds",
    });
  });

  it("a card needing authentication off-session fails with authentication_required", async () => {
    const { customerId, methodId } = await customerWithCard();
    standIn.declineCharges(methodId, { code: "authentication_required", declineCode: null });
    expect(await adapter.chargeSaved(charge(customerId, methodId))).toMatchObject({
      state: "failed",
      failureCode: "authentication_required",
    });
  });

  it("an API error (a detached card) is thrown, not answered as a decline", async () => {
    const { customerId, methodId } = await customerWithCard();
    await adapter.detachMethod(methodId);
    await expect(adapter.chargeSaved(charge(customerId, methodId))).rejects.toThrow(/detached/);
  });
});
