// The payments adapter: what the commerce module asks of a payment service provider (PSP), so
// the same checkout, saved methods and renewals run on the sandbox gateway (demo mode's local
// PSP, server/modules/sandbox-gateway) and on Stripe (server/adapters/payments/stripe), chosen
// by PAYMENTS_ADAPTER. Amounts are integer minor units of the currency. Every call that creates
// something carries an idempotency key, so a retried request never makes a second payment,
// customer, setup or charge.

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
  /**
   * Save the method for off-session charges when the payment succeeds (a card, or an e-wallet
   * mandate): the checkout of a recurring method sets it with the user's customer id.
   */
  saveFor?: { customerId: string };
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
  /** The method a succeeded payment saved (saveFor was given and the method can be saved); else null. */
  savedMethod: SavedMethodDetails | null;
  /** Why a failed payment failed, as the PSP says it (card_declined, insufficient_funds, ...); else null. */
  failureCode: string | null;
}

/** A saved method as the PSP describes it: never a card number, only what the user recognises. */
export interface SavedMethodDetails {
  /** The PSP's id of the method (pm_...): what an off-session charge uses. */
  methodId: string;
  kind: "card" | "wallet";
  /** The checkout method id it was saved with (card_vn, gcash, alipay_cn, ...). */
  method: string;
  /** Card brand (visa, mastercard, ...); null for a wallet. */
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/** Saving a card, or authorising an e-wallet mandate, on the PSP's hosted page. */
export interface SetupRequest {
  customerId: string;
  kind: "card" | "wallet";
  /** The checkout method id (card_vn, ...) or the wallet's (gcash, alipay_cn, ...). */
  method: string;
  /** Where the PSP sends the browser back; the adapter appends `setup_id={id}` to it. */
  returnUrl: string;
  idempotencyKey: string;
}

export interface StartedSetup {
  setupId: string;
  redirectUrl: string;
}

export const SETUP_STATES = ["pending", "succeeded", "failed", "canceled"] as const;
export type SetupState = (typeof SETUP_STATES)[number];

export interface SetupStatus {
  setupId: string;
  customerId: string;
  state: SetupState;
  /** The saved method once the setup succeeded; null before or when it failed. */
  method: SavedMethodDetails | null;
}

/** A charge of a saved method without the user present (a renewal). */
export interface OffSessionCharge {
  customerId: string;
  methodId: string;
  amountMinor: number;
  currency: string;
  /** The merchant's reference: the renewal order's subscription_no. */
  reference: string;
  description: string;
  /** One key per renewal order and attempt: a retried call never charges twice. */
  idempotencyKey: string;
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

/**
 * A correctly signed event that settles no payment (another event type, a setup's event, a
 * payment this adapter did not make): nothing changes, and the PSP gets a 2xx so it stops retrying.
 */
export class WebhookIgnored extends WebhookRejected {
  override name = "WebhookIgnored";
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    reason: string,
  ) {
    super(`${eventType} ${eventId} ignored: ${reason}`);
  }
}

/** The PSP cannot take or save this method (e.g. an e-wallet mandate on Stripe): the commerce module answers 70026. */
export class MethodNotSupported extends Error {
  override name = "MethodNotSupported";
  constructor(
    readonly method: string,
    reason: string,
  ) {
    super(`${method}: ${reason}`);
  }
}

export interface PaymentsAdapter {
  /** The adapter's name, stored on each order (sandbox, stripe). */
  readonly name: string;
  /** The request header carrying the webhook's signature (shopradar-signature, stripe-signature). */
  readonly signatureHeader: string;
  /** Checkout method ids this PSP can take; null = every method of the table. */
  readonly methods: ReadonlySet<string> | null;
  /** Method ids whose payments can be saved for renewals (cards, wallets with mandates). */
  readonly recurringMethods: ReadonlySet<string> | null;
  /** A customer for the merchant's `reference` (user:{id}); the same key answers the same customer. */
  createCustomer: (request: { reference: string; idempotencyKey: string }) => Promise<string>;
  startSetup: (request: SetupRequest) => Promise<StartedSetup>;
  retrieveSetup: (setupId: string) => Promise<SetupStatus>;
  /** Detaches a saved method: it can no longer be charged. Detaching a detached one is no error. */
  detachMethod: (methodId: string) => Promise<void>;
  /**
   * Charges a saved method off-session. Answers the payment's state: succeeded or failed at once
   * for the sandbox; a PSP may answer pending and settle by webhook.
   */
  chargeSaved: (charge: OffSessionCharge) => Promise<PaymentStatus>;
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
