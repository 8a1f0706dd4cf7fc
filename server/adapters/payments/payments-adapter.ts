// The payments adapter: what the commerce module asks of a payment service provider (PSP), so
// the same checkout runs on the sandbox gateway (demo mode's local PSP,
// server/modules/sandbox-gateway) and on a real provider (the Stripe adapter of the
// subscriptions issue) chosen by PAYMENTS_ADAPTER. Amounts are integer minor units of the
// currency. Every call that creates something carries an idempotency key, so a retried request
// never makes a second payment.

/** A payment the checkout asks the PSP to collect. */
export interface PaymentRequest {
  /** The merchant's reference: the order's subscription_no. */
  reference: string;
  amountMinor: number;
  /** ISO 4217 code (contract/commerce.ts COUNTRY_CURRENCY). */
  currency: string;
  /** The payment method id of the checkout table (card, momo, qris, ...). */
  method: string;
  /** Shown on the PSP's page: the plan and its cycle. */
  description: string;
  /** Where the PSP sends the browser back when the payment is approved, declined or expires. */
  returnUrl: string;
  /** Same key, same payment: a retry after a lost answer returns the first payment. */
  idempotencyKey: string;
}

/** Where the browser goes to pay: the PSP's hosted page, or a QR payload to show and scan. */
export interface StartedPayment {
  paymentId: string;
  redirectUrl: string;
  /** Text of the QR code for QR methods (VietQR, QRIS, PromptPay, PayNow ...); null otherwise. */
  qrPayload: string | null;
}

/** The PSP's view of a payment: still open, collected, declined, expired or canceled. */
export const PAYMENT_STATES = ["pending", "succeeded", "failed", "expired", "canceled"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentStatus {
  paymentId: string;
  reference: string;
  state: PaymentState;
  amountMinor: number;
  currency: string;
}

/** A verified webhook event: a payment reached a final state. */
export interface PaymentEvent {
  /** The PSP's event id (the same id on every redelivery: deduplicated by the commerce module). */
  id: string;
  paymentId: string;
  reference: string;
  state: Exclude<PaymentState, "pending">;
}

/** A webhook that must not be believed: bad or missing signature, timestamp out of tolerance, malformed body. */
export class WebhookRejected extends Error {
  override name = "WebhookRejected";
}

export interface PaymentsAdapter {
  /** The adapter's name, stored on each order (sandbox, stripe). */
  readonly name: string;
  startPayment: (request: PaymentRequest) => Promise<StartedPayment>;
  /** The payment's state as the PSP knows it now (confirm-paid asks this). */
  retrievePayment: (paymentId: string) => Promise<PaymentStatus>;
  /** Cancels an open payment (the user canceled the order while paying); a final one stays as it is. */
  cancelPayment: (paymentId: string) => Promise<void>;
  /**
   * Verifies a webhook delivery (signature over the raw body, timestamp within tolerance) and
   * returns its event; throws WebhookRejected when it must not be believed.
   */
  parseWebhook: (rawBody: string, signatureHeader: string | undefined, now: Date) => PaymentEvent;
}
