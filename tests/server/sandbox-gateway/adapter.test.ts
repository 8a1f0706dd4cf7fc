// The sandbox gateway as a PaymentsAdapter: the same idempotency key returns the same payment
// (another payment under it is refused), retrieve maps the stored status to the adapter's
// states, cancel closes an open payment only, and parseWebhook believes a delivery only when its
// signature matches the gateway's secret within 300 s and its body has the documented shape.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebhookRejected, type PaymentsAdapter } from "../../../server/adapters/payments/payments-adapter";
import { signWebhook } from "../../../server/adapters/payments/webhook-signature";
import type { Database } from "../../../server/db/client";
import { getOrCreateServerKey } from "../../../server/modules/accounts";
import {
  createSandboxGateway,
  IdempotencyKeyReused,
  loadSandboxWebhookSecret,
  sandboxWebhookUrl,
  SandboxPaymentNotFound,
} from "../../../server/modules/sandbox-gateway";
import { openTestDatabase, testConfig } from "../helpers/app";
import { paymentRequest } from "./harness";

describe("sandbox gateway adapter", () => {
  let database: Database;
  let adapter: PaymentsAdapter;
  let secret: string;
  const config = testConfig();

  beforeAll(async () => {
    database = await openTestDatabase();
    const gateway = createSandboxGateway({
      db: database.db,
      config,
      now: () => new Date(),
      log: { info() {}, warn() {}, error() {} } as never,
    });
    adapter = gateway.adapter;
    secret = await loadSandboxWebhookSecret(database.db, config);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is named sandbox and returns the same payment for the same idempotency key", async () => {
    expect(adapter.name).toBe("sandbox");
    const request = paymentRequest();
    const [first, second] = await Promise.all([adapter.startPayment(request), adapter.startPayment(request)]);
    expect(first.paymentId).toMatch(/^pay_[0-9a-f]{24}$/);
    expect(second).toEqual(first);
    expect(await adapter.startPayment(request)).toEqual(first);
    const other = await adapter.startPayment({ ...request, idempotencyKey: `${request.idempotencyKey}-2` });
    expect(other.paymentId).not.toBe(first.paymentId);
  });

  it("refuses another payment under a used idempotency key, a bad amount and an off-site return URL", async () => {
    const request = paymentRequest();
    await adapter.startPayment(request);
    await expect(adapter.startPayment({ ...request, amountMinor: request.amountMinor + 1 })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
    await expect(adapter.startPayment(paymentRequest({ amountMinor: 0 }))).rejects.toThrow(RangeError);
    for (const returnUrl of ["https://evil.example/", "//evil.example/", "/\\evil.example", "paySuccess"]) {
      await expect(adapter.startPayment(paymentRequest({ returnUrl }))).rejects.toThrow(RangeError);
    }
  });

  it("reports an open payment as pending, cancels it, and leaves a final one as it is", async () => {
    const started = await adapter.startPayment(paymentRequest());
    expect((await adapter.retrievePayment(started.paymentId)).state).toBe("pending");
    await adapter.cancelPayment(started.paymentId);
    expect((await adapter.retrievePayment(started.paymentId)).state).toBe("canceled");
    await adapter.cancelPayment(started.paymentId);
    expect((await adapter.retrievePayment(started.paymentId)).state).toBe("canceled");
    await expect(adapter.retrievePayment("pay_000000000000000000000000")).rejects.toBeInstanceOf(
      SandboxPaymentNotFound,
    );
    await expect(adapter.cancelPayment("pay_000000000000000000000000")).rejects.toBeInstanceOf(SandboxPaymentNotFound);
  });

  it("gives a QR payload for QR methods only", async () => {
    expect(
      (await adapter.startPayment(paymentRequest({ method: "promptpay", currency: "THB", amountMinor: 71_000 })))
        .qrPayload,
    ).toMatch(/^SANDBOXPAY\|pay_[0-9a-f]{24}\|71000\|THB$/);
    expect((await adapter.startPayment(paymentRequest({ method: "momo" }))).qrPayload).toBeNull();
  });

  describe("parseWebhook", () => {
    const body = JSON.stringify({
      id: "evt_0123456789abcdef01234567",
      type: "payment.succeeded",
      data: { payment_id: "pay_0123456789abcdef01234567", reference: "SR20261124AB12CD34", state: "succeeded" },
    });
    const now = new Date("2026-11-24T10:00:00Z");

    it("returns the event of a correctly signed body", () => {
      expect(adapter.parseWebhook(body, signWebhook(secret, body, now), now)).toEqual({
        id: "evt_0123456789abcdef01234567",
        paymentId: "pay_0123456789abcdef01234567",
        reference: "SR20261124AB12CD34",
        state: "succeeded",
      });
      // 299 s old is still within the tolerance.
      expect(() =>
        adapter.parseWebhook(body, signWebhook(secret, body, new Date(now.getTime() - 299_000)), now),
      ).not.toThrow();
    });

    it("rejects a tampered body, a wrong secret, a missing header and a timestamp 301 s old", () => {
      const signature = signWebhook(secret, body, now);
      const tampered = body.replace("succeeded", "failed");
      expect(() => adapter.parseWebhook(tampered, signature, now)).toThrow(WebhookRejected);
      expect(() => adapter.parseWebhook(body, signWebhook(`${secret}x`, body, now), now)).toThrow(WebhookRejected);
      expect(() => adapter.parseWebhook(body, undefined, now)).toThrow(WebhookRejected);
      const old = signWebhook(secret, body, new Date(now.getTime() - 301_000));
      expect(() => adapter.parseWebhook(body, old, now)).toThrow(/tolerance/);
    });

    it("rejects a correctly signed body of the wrong shape", () => {
      const event = JSON.parse(body) as Record<string, unknown> & { data: Record<string, unknown> };
      const shapes: unknown[] = [
        "not json",
        [],
        { ...event, extra: 1 },
        { ...event, id: "ev_1" },
        { ...event, type: "payment.failed" },
        { ...event, type: "payment.canceled", data: { ...event.data, state: "canceled" } },
        { ...event, data: { ...event.data, payment_id: 42 } },
        { ...event, data: { ...event.data, reference: "" } },
        { ...event, data: { ...event.data, amount: 1 } },
        { id: event.id, type: event.type },
      ];
      for (const shape of shapes) {
        const text = typeof shape === "string" ? shape : JSON.stringify(shape);
        expect(() => adapter.parseWebhook(text, signWebhook(secret, text, now), now), text).toThrow(WebhookRejected);
      }
    });
  });

  it("derives the webhook secret from the server's master secret unless PAYMENTS_WEBHOOK_SECRET is set", async () => {
    const master = await getOrCreateServerKey(database.db, "master_secret", () => "unused");
    expect(secret).toBe(createHmac("sha256", master).update("shopradar:payments-webhook").digest("hex"));
    expect(await loadSandboxWebhookSecret(database.db, testConfig({ PAYMENTS_WEBHOOK_SECRET: "whsec_test" }))).toBe(
      "whsec_test",
    );
    expect(await loadSandboxWebhookSecret(database.db, testConfig({ SERVER_SECRET: "s".repeat(32) }))).toBe(
      createHmac("sha256", "s".repeat(32)).update("shopradar:payments-webhook").digest("hex"),
    );
  });

  it("delivers to this server's webhook route unless SANDBOX_WEBHOOK_URL is set", () => {
    expect(sandboxWebhookUrl(testConfig({ PORT: "8123" }))).toBe("http://127.0.0.1:8123/v1/payments/webhooks/sandbox");
    expect(sandboxWebhookUrl(testConfig({ PORT: "8123", HOST: "::" }))).toBe(
      "http://127.0.0.1:8123/v1/payments/webhooks/sandbox",
    );
    expect(sandboxWebhookUrl(testConfig({ PORT: "8123", HOST: "::1" }))).toBe(
      "http://[::1]:8123/v1/payments/webhooks/sandbox",
    );
    expect(sandboxWebhookUrl(testConfig({ PORT: "8123", HOST: "127.0.0.1" }))).toBe(
      "http://127.0.0.1:8123/v1/payments/webhooks/sandbox",
    );
    expect(sandboxWebhookUrl(testConfig({ SANDBOX_WEBHOOK_URL: "http://localhost:9/hook" }))).toBe(
      "http://localhost:9/hook",
    );
  });
});
