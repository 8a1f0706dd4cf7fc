// The sandbox gateway's saved methods through its adapter and its real page routes: customers
// are created once per idempotency key; a card setup saved on the page reports brand, last 4 and
// expiry and stores no number; a wallet mandate (Alipay CN too) is authorised or declined, and
// the browser returns with setup_id; a payment with saveFor saves its card or mandate when
// approved (the declined test card fails it); off-session charges answer the same payment for a
// retried key, decline a card switched to "fail the next charge" once, always decline
// 4000 0000 0000 0341, fail a detached method, and queue a signed webhook like other payments.
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { OffSessionCharge } from "../../../server/adapters/payments/payments-adapter";
import { verifyWebhookSignature } from "../../../server/adapters/payments/webhook-signature";
import {
  sandboxPaymentMethods,
  sandboxPayments,
  sandboxSetups,
  sandboxWebhookDeliveries,
} from "../../../server/db/schema";
import { IdempotencyKeyReused, SandboxRecordNotFound } from "../../../server/modules/sandbox-gateway";
import { useThrowawayPostgres } from "../helpers/app";
import { cardForm, newCustomer, openGateway, paymentRequest, postForm, saveCardViaSetup, useGateway } from "./harness";

let chargeSequence = 0;
const charge = (customerId: string, methodId: string, overrides: Partial<OffSessionCharge> = {}): OffSessionCharge => {
  chargeSequence += 1;
  return {
    customerId,
    methodId,
    amountMinor: 19_580_000,
    currency: "VND",
    reference: `SR20261124RENEW${String(chargeSequence).padStart(3, "0")}`,
    description: "Pro, 12 months (renewal)",
    idempotencyKey: `renewal-${chargeSequence}-${Date.now()}:1`,
    ...overrides,
  };
};

describe("sandbox gateway: customers, saved methods and off-session charges", () => {
  const harness = useGateway();

  const adapter = () => harness.gateway.adapter;

  it("creates a customer once per idempotency key", async () => {
    const request = { reference: "user:41", idempotencyKey: `customer-user-41-${Date.now()}` };
    const [first, second] = await Promise.all([adapter().createCustomer(request), adapter().createCustomer(request)]);
    expect(first).toMatch(/^cus_[0-9a-f]{24}$/);
    expect(second).toBe(first);
    expect(await adapter().createCustomer({ ...request, idempotencyKey: `${request.idempotencyKey}-b` })).not.toBe(
      first,
    );
    await expect(adapter().createCustomer({ ...request, reference: "user:42" })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
  });

  it("lists the card and wallet methods of checkout and Alipay CN as recurring, every method as payable", () => {
    const recurring = adapter().recurringMethods;
    expect(adapter().methods).toBeNull();
    for (const id of ["card_vn", "card_id", "card_th", "card_my", "momo", "gcash", "grabpay_sg", "alipay_cn"])
      expect(recurring?.has(id), id).toBe(true);
    for (const id of ["vietqr", "promptpay", "paynow", "fpx", "virtual_account"])
      expect(recurring?.has(id), id).toBe(false);
  });

  it("saves a card through the setup page: brand, last 4 and expiry, never the number", async () => {
    const customerId = await newCustomer(harness.gateway);
    const setup = await adapter().startSetup({
      customerId,
      kind: "card",
      method: "card_vn",
      returnUrl: "/subscription?cards=1",
      idempotencyKey: `setup-card-${customerId}`,
    });
    expect(setup.setupId).toMatch(/^seti_[0-9a-f]{24}$/);
    expect(setup.redirectUrl).toBe(`/sandbox-gateway/setup/${setup.setupId}`);
    // The same key answers the same setup.
    expect(
      await adapter().startSetup({
        customerId,
        kind: "card",
        method: "card_vn",
        returnUrl: "/subscription?cards=1",
        idempotencyKey: `setup-card-${customerId}`,
      }),
    ).toEqual(setup);
    // The same key for another method is another setup: refused.
    await expect(
      adapter().startSetup({
        customerId,
        kind: "card",
        method: "card_th",
        returnUrl: "/subscription?cards=1",
        idempotencyKey: `setup-card-${customerId}`,
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReused);
    expect(await adapter().retrieveSetup(setup.setupId)).toEqual({
      setupId: setup.setupId,
      customerId,
      state: "pending",
      method: null,
    });

    const answer = await postForm(harness.app, `${setup.redirectUrl}/approve`, cardForm("5555 5555 5555 4444"));
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(`/subscription?cards=1&setup_id=${setup.setupId}`);
    const status = await adapter().retrieveSetup(setup.setupId);
    const expYear = 2000 + ((new Date().getUTCFullYear() + 2) % 100);
    expect(status).toEqual({
      setupId: setup.setupId,
      customerId,
      state: "succeeded",
      method: {
        methodId: expect.stringMatching(/^pm_[0-9a-f]{24}$/),
        kind: "card",
        method: "card_vn",
        brand: "mastercard",
        last4: "4444",
        expMonth: 12,
        expYear,
      },
    });
    // Neither the number nor the CVC is anywhere in the gateway's tables.
    const rows = JSON.stringify([
      await harness.database.db.select().from(sandboxPaymentMethods),
      await harness.database.db.select().from(sandboxSetups),
      await harness.database.db.select().from(sandboxPayments),
    ]);
    expect(rows).not.toContain("5555555555554444");
    expect(rows).not.toContain("555555");

    // A second post saves nothing more and still returns the browser.
    const again = await postForm(harness.app, `${setup.redirectUrl}/approve`, cardForm());
    expect(again.statusCode).toBe(303);
    expect((await adapter().retrieveSetup(setup.setupId)).method?.last4).toBe("4444");
    const saved = await harness.database.db
      .select()
      .from(sandboxPaymentMethods)
      .where(eq(sandboxPaymentMethods.customerId, customerId));
    expect(saved).toHaveLength(1);
  });

  it("a card setup: Cancel cancels it, the declined test card fails it; both return with setup_id", async () => {
    const customerId = await newCustomer(harness.gateway);
    const start = (key: string) =>
      adapter().startSetup({
        customerId,
        kind: "card",
        method: "card_th",
        returnUrl: "/subscription",
        idempotencyKey: key,
      });
    const canceled = await start(`cancel-${customerId}`);
    const cancel = await postForm(harness.app, `${canceled.redirectUrl}/decline`);
    expect(cancel.headers.location).toBe(`/subscription?setup_id=${canceled.setupId}`);
    expect(await adapter().retrieveSetup(canceled.setupId)).toMatchObject({ state: "canceled", method: null });

    const declined = await start(`declined-${customerId}`);
    const answer = await postForm(harness.app, `${declined.redirectUrl}/approve`, cardForm("4000 0000 0000 0002"));
    expect(answer.statusCode).toBe(303);
    expect(await adapter().retrieveSetup(declined.setupId)).toMatchObject({ state: "failed", method: null });
  });

  it("authorises or declines an e-wallet mandate, Alipay CN included", async () => {
    const customerId = await newCustomer(harness.gateway);
    const alipay = await adapter().startSetup({
      customerId,
      kind: "wallet",
      method: "alipay_cn",
      returnUrl: "/subscription#wallets",
      idempotencyKey: `alipay-${customerId}`,
    });
    const page = await harness.app.inject({ method: "GET", url: alipay.redirectUrl });
    expect(page.body).toContain("Authorise automatic renewals with Alipay");
    const answer = await postForm(harness.app, `${alipay.redirectUrl}/approve`);
    expect(answer.headers.location).toBe(`/subscription?setup_id=${alipay.setupId}#wallets`);
    expect((await adapter().retrieveSetup(alipay.setupId)).method).toEqual({
      methodId: expect.stringMatching(/^pm_/),
      kind: "wallet",
      method: "alipay_cn",
      brand: null,
      last4: null,
      expMonth: null,
      expYear: null,
    });

    const gcash = await adapter().startSetup({
      customerId,
      kind: "wallet",
      method: "gcash",
      returnUrl: "/subscription",
      idempotencyKey: `gcash-${customerId}`,
    });
    await postForm(harness.app, `${gcash.redirectUrl}/decline`);
    expect(await adapter().retrieveSetup(gcash.setupId)).toMatchObject({ state: "failed", method: null });
  });

  it("refuses a setup for an unknown customer, and answers unknown setups and methods as not found", async () => {
    await expect(
      adapter().startSetup({
        customerId: "cus_000000000000000000000000",
        kind: "card",
        method: "card_vn",
        returnUrl: "/subscription",
        idempotencyKey: `nobody-${Date.now()}`,
      }),
    ).rejects.toBeInstanceOf(SandboxRecordNotFound);
    await expect(adapter().retrieveSetup("seti_000000000000000000000000")).rejects.toBeInstanceOf(
      SandboxRecordNotFound,
    );
    await expect(adapter().detachMethod("pm_000000000000000000000000")).rejects.toBeInstanceOf(SandboxRecordNotFound);
    await expect(
      adapter().startPayment(paymentRequest({ saveFor: { customerId: "cus_000000000000000000000000" } })),
    ).rejects.toBeInstanceOf(SandboxRecordNotFound);
  });

  it("a payment with saveFor saves the card entered on its page; retrievePayment reports it", async () => {
    const customerId = await newCustomer(harness.gateway);
    const request = paymentRequest({ saveFor: { customerId } });
    const started = await adapter().startPayment(request);
    const answer = await postForm(
      harness.app,
      `/sandbox-gateway/pay/${started.paymentId}/approve`,
      cardForm("4242424242424242"),
    );
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(request.returnUrl);
    const status = await adapter().retrievePayment(started.paymentId);
    expect(status).toMatchObject({
      state: "succeeded",
      failureCode: null,
      savedMethod: { kind: "card", method: "card_vn", brand: "visa", last4: "4242", expMonth: 12 },
    });
    // The saved method can be charged off-session.
    const renewal = await adapter().chargeSaved(charge(customerId, status.savedMethod!.methodId));
    expect(renewal).toMatchObject({ state: "succeeded", failureCode: null, savedMethod: null });
  });

  it("an approve post with no card field (not the page's form) saves the prefilled test card", async () => {
    const customerId = await newCustomer(harness.gateway);
    const started = await adapter().startPayment(paymentRequest({ saveFor: { customerId } }));
    expect((await postForm(harness.app, `/sandbox-gateway/pay/${started.paymentId}/approve`)).statusCode).toBe(303);
    expect((await adapter().retrievePayment(started.paymentId)).savedMethod).toMatchObject({
      brand: "visa",
      last4: "4242",
      expMonth: 12,
    });
  });

  it("a payment without saveFor saves nothing; the declined test card fails a saving payment", async () => {
    const plain = await adapter().startPayment(paymentRequest());
    await postForm(harness.app, `/sandbox-gateway/pay/${plain.paymentId}/approve`);
    expect(await adapter().retrievePayment(plain.paymentId)).toMatchObject({ state: "succeeded", savedMethod: null });

    const customerId = await newCustomer(harness.gateway);
    const declined = await adapter().startPayment(paymentRequest({ saveFor: { customerId } }));
    await postForm(harness.app, `/sandbox-gateway/pay/${declined.paymentId}/approve`, cardForm("4000000000000002"));
    expect(await adapter().retrievePayment(declined.paymentId)).toMatchObject({
      state: "failed",
      failureCode: "card_declined",
      savedMethod: null,
    });
    await vi.waitFor(() => expect(harness.receiver.forPayment(declined.paymentId)).toHaveLength(1), { timeout: 5_000 });
    expect(JSON.parse(harness.receiver.forPayment(declined.paymentId)[0].body)).toMatchObject({
      type: "payment.failed",
    });
  });

  it("a wallet payment with saveFor saves a mandate when approved", async () => {
    const customerId = await newCustomer(harness.gateway);
    const started = await adapter().startPayment(paymentRequest({ method: "momo", saveFor: { customerId } }));
    const page = await harness.app.inject({ method: "GET", url: started.redirectUrl });
    expect(page.body).toContain("Authorise automatic renewals with MoMo");
    await postForm(harness.app, `/sandbox-gateway/pay/${started.paymentId}/approve`);
    expect((await adapter().retrievePayment(started.paymentId)).savedMethod).toMatchObject({
      kind: "wallet",
      method: "momo",
      brand: null,
    });
  });

  it("chargeSaved: a retried key answers the same payment, charges once and queues one webhook", async () => {
    const customerId = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, customerId);
    const request = charge(customerId, methodId);
    const [first, second] = await Promise.all([adapter().chargeSaved(request), adapter().chargeSaved(request)]);
    expect(first).toEqual({
      paymentId: expect.stringMatching(/^pay_[0-9a-f]{24}$/),
      reference: request.reference,
      state: "succeeded",
      amountMinor: 19_580_000,
      currency: "VND",
      savedMethod: null,
      failureCode: null,
    });
    expect(second).toEqual(first);
    expect(await adapter().chargeSaved(request)).toEqual(first);
    expect(await adapter().retrievePayment(first.paymentId)).toEqual(first);
    const [row] = await harness.database.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, first.paymentId));
    expect(row).toMatchObject({ offSession: true, customerId, paymentMethodId: methodId, method: "card_vn" });
    const deliveries = await harness.database.db
      .select()
      .from(sandboxWebhookDeliveries)
      .where(eq(sandboxWebhookDeliveries.paymentId, first.paymentId));
    expect(deliveries).toHaveLength(1);
    // Another amount under the same key is refused; a new key is a new charge.
    await expect(adapter().chargeSaved({ ...request, amountMinor: 1 })).rejects.toBeInstanceOf(IdempotencyKeyReused);
    const next = await adapter().chargeSaved({ ...request, idempotencyKey: `${request.idempotencyKey}-2` });
    expect(next.paymentId).not.toBe(first.paymentId);
  });

  it("an off-session charge queues the same signed webhook as other final payments", async () => {
    const customerId = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, customerId);
    const paid = await adapter().chargeSaved(charge(customerId, methodId));
    await vi.waitFor(() => expect(harness.receiver.forPayment(paid.paymentId)).toHaveLength(1), { timeout: 5_000 });
    const [delivery] = harness.receiver.forPayment(paid.paymentId);
    verifyWebhookSignature(
      harness.secret,
      delivery.body,
      delivery.headers["shopradar-signature"] as string,
      new Date(),
    );
    expect(
      adapter().parseWebhook(delivery.body, delivery.headers["shopradar-signature"] as string, new Date()),
    ).toEqual({
      id: expect.stringMatching(/^evt_/),
      paymentId: paid.paymentId,
      reference: paid.reference,
      state: "succeeded",
    });
  });

  it("fail-next-charge declines exactly one charge, then resets", async () => {
    const customerId = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, customerId, undefined, { fail_next: "1" });
    const declined = await adapter().chargeSaved(charge(customerId, methodId));
    expect(declined).toMatchObject({ state: "failed", failureCode: "card_declined" });
    await vi.waitFor(() => expect(harness.receiver.forPayment(declined.paymentId)).toHaveLength(1), { timeout: 5_000 });
    expect(JSON.parse(harness.receiver.forPayment(declined.paymentId)[0].body)).toMatchObject({
      type: "payment.failed",
    });
    expect(await adapter().chargeSaved(charge(customerId, methodId))).toMatchObject({ state: "succeeded" });
    // Switched on again on the method's page: one more decline.
    expect((await postForm(harness.app, `/sandbox-gateway/methods/${methodId}/fail-next`)).statusCode).toBe(303);
    expect(await adapter().chargeSaved(charge(customerId, methodId))).toMatchObject({ state: "failed" });
    expect(await adapter().chargeSaved(charge(customerId, methodId))).toMatchObject({ state: "succeeded" });
  });

  it("4000 0000 0000 0341 is saved but declines every off-session charge", async () => {
    const customerId = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, customerId, "4000 0000 0000 0341");
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(await adapter().chargeSaved(charge(customerId, methodId))).toMatchObject({
        state: "failed",
        failureCode: "card_declined",
      });
    }
  });

  it("a detached method fails with payment_method_detached; detaching twice is no error", async () => {
    const customerId = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, customerId);
    await adapter().detachMethod(methodId);
    await adapter().detachMethod(methodId);
    const failed = await adapter().chargeSaved(charge(customerId, methodId));
    expect(failed).toMatchObject({ state: "failed", failureCode: "payment_method_detached" });
    expect(await adapter().retrievePayment(failed.paymentId)).toMatchObject({
      failureCode: "payment_method_detached",
    });
  });

  it("refuses to charge another customer's method or an unknown one, and a bad amount", async () => {
    const owner = await newCustomer(harness.gateway);
    const stranger = await newCustomer(harness.gateway);
    const methodId = await saveCardViaSetup(harness, owner);
    await expect(adapter().chargeSaved(charge(stranger, methodId))).rejects.toBeInstanceOf(SandboxRecordNotFound);
    await expect(adapter().chargeSaved(charge(owner, "pm_000000000000000000000000"))).rejects.toBeInstanceOf(
      SandboxRecordNotFound,
    );
    await expect(adapter().chargeSaved(charge(owner, methodId, { amountMinor: 0 }))).rejects.toThrow(RangeError);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("sandbox gateway off-session charges on PostgreSQL (TEST_DATABASE_URL)", () => {
  const postgres = useThrowawayPostgres(adminUrl!);

  it("50 concurrent calls with one key make one payment and one event; fail-next is used by one charge", async () => {
    const harness = await openGateway(postgres.database.db, "http://127.0.0.1:9/unused");
    try {
      const customerId = await newCustomer(harness.gateway);
      const methodId = await saveCardViaSetup(harness, customerId);
      const request = charge(customerId, methodId);
      const answers = await Promise.all(Array.from({ length: 50 }, () => harness.gateway.adapter.chargeSaved(request)));
      expect(new Set(answers.map((answer) => answer.paymentId)).size).toBe(1);
      const rows = await postgres.database.db
        .select()
        .from(sandboxWebhookDeliveries)
        .where(eq(sandboxWebhookDeliveries.paymentId, answers[0].paymentId));
      expect(rows).toHaveLength(1);

      // 20 different renewals racing a method switched to fail: exactly one is declined.
      await postForm(harness.app, `/sandbox-gateway/methods/${methodId}/fail-next`);
      const racing = await Promise.all(
        Array.from({ length: 20 }, () => harness.gateway.adapter.chargeSaved(charge(customerId, methodId))),
      );
      expect(racing.filter((answer) => answer.state === "failed")).toHaveLength(1);
      expect(racing.filter((answer) => answer.state === "succeeded")).toHaveLength(19);
    } finally {
      await harness.close();
    }
  });
});
