// The sandbox gateway as a PaymentsAdapter (name "sandbox"): what the commerce module calls in
// demo mode. startPayment creates (or, for a known idempotency key, returns) a payment whose
// hosted page is /sandbox-gateway/pay/{id} on this server, with a QR payload for QR methods, and
// with saveFor a payment that saves its card or wallet mandate when approved; retrievePayment
// and cancelPayment read and cancel it. Customers, setups (/sandbox-gateway/setup/{id}), saved
// methods, detaching and off-session charges are the subscriptions' (docs/subscriptions.md);
// parseWebhook checks a delivery's signature with the webhook secret (300 s tolerance) and reads
// its body strictly.
import { RECURRING_METHOD_KINDS, ALIPAY_CN_METHOD } from "../../../contract/commerce";
import {
  WebhookRejected,
  type OffSessionCharge,
  type PaymentEvent,
  type PaymentRequest,
  type PaymentsAdapter,
  type PaymentStatus,
  type SetupRequest,
  type SetupStatus,
  type StartedPayment,
  type StartedSetup,
} from "../../adapters/payments/payments-adapter";
import { SIGNATURE_HEADER, verifyWebhookSignature } from "../../adapters/payments/webhook-signature";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { chargeSaved, failureCodeOf } from "./services/charges";
import { createCustomer, findCustomer } from "./services/customers";
import { SandboxPaymentNotFound, SandboxRecordNotFound } from "./services/errors";
import { parseEventBody } from "./services/events";
import { detach, detailsOf, findMethod, savedKindOf } from "./services/methods";
import { cancel, createPayment, findPayment, paymentStateOf, type SandboxPayment } from "./services/payments";
import { createSetup, findSetup } from "./services/setups";

export { SandboxPaymentNotFound, SandboxRecordNotFound } from "./services/errors";

export const SANDBOX_ADAPTER_NAME = "sandbox";
export const HOSTED_PAGE_PREFIX = "/sandbox-gateway/pay/";
export const SETUP_PAGE_PREFIX = "/sandbox-gateway/setup/";
export const METHOD_PAGE_PREFIX = "/sandbox-gateway/methods/";
export const CUSTOMER_PAGE_PREFIX = "/sandbox-gateway/customers/";

/** The hosted page of a payment (a path on this server). */
export const hostedPagePath = (paymentId: string): string => `${HOSTED_PAGE_PREFIX}${paymentId}`;

/** What a wallet scans for a QR method: `SANDBOXPAY|{payment id}|{amount in minor units}|{currency}`. */
export const qrPayloadOf = (payment: Pick<SandboxPayment, "id" | "amountMinor" | "currency">): string =>
  `SANDBOXPAY|${payment.id}|${payment.amountMinor}|${payment.currency}`;

/** Whether checkout's method table calls `method` a QR method. */
export function isQrMethod(config: Pick<Config, "paymentMethods">, method: string): boolean {
  return config.paymentMethods.some((entry) => entry.id === method && entry.kind === "qr");
}

/** The card and wallet methods of checkout, and Alipay CN: the ones renewals can charge. */
export function recurringMethodsOf(config: Pick<Config, "paymentMethods">): ReadonlySet<string> {
  const kinds: readonly string[] = RECURRING_METHOD_KINDS;
  const ids = config.paymentMethods.filter((entry) => kinds.includes(entry.kind)).map((entry) => entry.id);
  return new Set([...ids, ALIPAY_CN_METHOD]);
}

export interface SandboxAdapterDeps {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** The webhook secret once loaded (parseWebhook is synchronous); null before. */
  secret: () => string | null;
  /** Called when an off-session charge queued its webhook (the deliverer runs a pass). */
  onQueued?: () => void;
}

export function createSandboxAdapter({ db, config, now, secret, onQueued }: SandboxAdapterDeps): PaymentsAdapter {
  const statusOf = async (payment: SandboxPayment): Promise<PaymentStatus> => {
    const method = payment.paymentMethodId ? await findMethod(db, payment.paymentMethodId) : null;
    const saved = payment.status === "succeeded" && payment.saveMethod && method !== null;
    return {
      paymentId: payment.id,
      reference: payment.reference,
      state: paymentStateOf(payment.status),
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      savedMethod: saved ? detailsOf(method) : null,
      failureCode: failureCodeOf(payment, method),
    };
  };

  const requireCustomer = async (customerId: string) => {
    if (!(await findCustomer(db, customerId))) throw new SandboxRecordNotFound("customer", customerId);
  };

  return {
    name: SANDBOX_ADAPTER_NAME,
    signatureHeader: SIGNATURE_HEADER,
    methods: null,
    recurringMethods: recurringMethodsOf(config),
    async createCustomer(request): Promise<string> {
      return (await createCustomer(db, request, now())).id;
    },
    async startSetup(request: SetupRequest): Promise<StartedSetup> {
      await requireCustomer(request.customerId);
      const setup = await createSetup(db, request, now());
      return { setupId: setup.id, redirectUrl: `${SETUP_PAGE_PREFIX}${setup.id}` };
    },
    async retrieveSetup(setupId: string): Promise<SetupStatus> {
      const setup = await findSetup(db, setupId);
      if (!setup) throw new SandboxRecordNotFound("setup", setupId);
      const method = setup.paymentMethodId ? await findMethod(db, setup.paymentMethodId) : null;
      return {
        setupId: setup.id,
        customerId: setup.customerId,
        state: setup.status === "requires_action" ? "pending" : setup.status,
        method: setup.status === "succeeded" && method ? detailsOf(method) : null,
      };
    },
    async detachMethod(methodId: string): Promise<void> {
      if (!(await detach(db, methodId, now()))) throw new SandboxRecordNotFound("payment method", methodId);
    },
    async chargeSaved(charge: OffSessionCharge): Promise<PaymentStatus> {
      const { payment, created } = await chargeSaved(db, charge, now());
      if (created) onQueued?.();
      return statusOf(payment);
    },
    async startPayment(request: PaymentRequest): Promise<StartedPayment> {
      if (request.saveFor) await requireCustomer(request.saveFor.customerId);
      const payment = await createPayment(db, request, now(), savedKindOf(config, request.method));
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
