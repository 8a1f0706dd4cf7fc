// The sandbox gateway as a PaymentsAdapter (name "sandbox"): what the commerce module calls in
// demo mode. startPayment creates (or, for a known idempotency key, returns) a payment whose
// hosted page is /sandbox-gateway/pay/{id} on this server, with a QR payload for QR methods;
// retrievePayment and cancelPayment read and cancel it; parseWebhook checks a delivery's
// signature with the webhook secret (300 s tolerance) and reads its body strictly.
import {
  WebhookRejected,
  type PaymentEvent,
  type PaymentRequest,
  type PaymentsAdapter,
  type PaymentStatus,
  type StartedPayment,
} from "../../adapters/payments/payments-adapter";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "../../adapters/payments/webhook-signature";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { parseEventBody } from "./services/events";
import { cancel, createPayment, findPayment, paymentStateOf, type SandboxPayment } from "./services/payments";

export const SANDBOX_ADAPTER_NAME = "sandbox";
export const HOSTED_PAGE_PREFIX = "/sandbox-gateway/pay/";

/** The hosted page of a payment (a path on this server). */
export const hostedPagePath = (paymentId: string): string => `${HOSTED_PAGE_PREFIX}${paymentId}`;

/** What a wallet scans for a QR method: `SANDBOXPAY|{payment id}|{amount in minor units}|{currency}`. */
export const qrPayloadOf = (payment: Pick<SandboxPayment, "id" | "amountMinor" | "currency">): string =>
  `SANDBOXPAY|${payment.id}|${payment.amountMinor}|${payment.currency}`;

/** Whether checkout's method table calls `method` a QR method. */
export function isQrMethod(config: Pick<Config, "paymentMethods">, method: string): boolean {
  return config.paymentMethods.some((entry) => entry.id === method && entry.kind === "qr");
}

export class SandboxPaymentNotFound extends Error {
  override name = "SandboxPaymentNotFound";
  constructor(paymentId: string) {
    super(`no sandbox payment ${paymentId}`);
  }
}

const statusOf = (payment: SandboxPayment): PaymentStatus => ({
  paymentId: payment.id,
  reference: payment.reference,
  state: paymentStateOf(payment.status),
  amountMinor: payment.amountMinor,
  currency: payment.currency,
  savedMethod: null,
  failureCode: payment.status === "failed" ? "card_declined" : null,
});

export interface SandboxAdapterDeps {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** The webhook secret once loaded (parseWebhook is synchronous); null before. */
  secret: () => string | null;
}

export function createSandboxAdapter({ db, config, now, secret }: SandboxAdapterDeps): PaymentsAdapter {
  return {
    name: SANDBOX_ADAPTER_NAME,
    signatureHeader: SIGNATURE_HEADER,
    methods: null,
    recurringMethods: null,
    // Saved methods arrive with the subscriptions work (issue 14, in progress).
    createCustomer: () => Promise.reject(new Error("not built yet")),
    startSetup: () => Promise.reject(new Error("not built yet")),
    retrieveSetup: () => Promise.reject(new Error("not built yet")),
    detachMethod: () => Promise.reject(new Error("not built yet")),
    chargeSaved: () => Promise.reject(new Error("not built yet")),
    async startPayment(request: PaymentRequest): Promise<StartedPayment> {
      const payment = await createPayment(db, request, now());
      return {
        paymentId: payment.id,
        redirectUrl: hostedPagePath(payment.id),
        qrPayload: isQrMethod(config, payment.method) ? qrPayloadOf(payment) : null,
      };
    },
    async retrievePayment(paymentId: string): Promise<PaymentStatus> {
      const payment = await findPayment(db, paymentId);
      if (!payment) throw new SandboxPaymentNotFound(paymentId);
      return statusOf(payment);
    },
    async cancelPayment(paymentId: string): Promise<void> {
      if (!(await cancel(db, paymentId, now()))) throw new SandboxPaymentNotFound(paymentId);
    },
    parseWebhook(rawBody: string, signatureHeader: string | undefined, at: Date): PaymentEvent {
      const key = secret();
      if (key === null) throw new WebhookRejected("the sandbox gateway's webhook secret is not loaded yet");
      verifyWebhookSignature(key, rawBody, signatureHeader, at);
      return parseEventBody(rawBody);
    },
  };
}
