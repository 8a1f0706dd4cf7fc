// Errors of the Stripe adapter the commerce module can tell apart: a method this adapter does
// not take (a wallet mandate, a method Stripe does not offer here: the commerce module answers
// 70026 for a setup), and a verified webhook of an event type that settles nothing (answered
// 2xx so Stripe stops retrying; a WebhookRejected until the webhook route tells them apart).
import { WebhookRejected } from "../payments-adapter";

/** The method cannot be paid or saved through Stripe (e.g. an e-wallet mandate). */
export class MethodNotSupported extends Error {
  override name = "MethodNotSupported";
  constructor(
    readonly method: string,
    reason: string,
  ) {
    super(`${method}: ${reason}`);
  }
}

/**
 * A correctly signed Stripe event that settles no payment (another event type, a setup-mode
 * session, a payment not made by this adapter). Nothing must change and Stripe should get a 2xx.
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
