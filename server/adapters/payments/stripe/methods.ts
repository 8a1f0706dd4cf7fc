// The checkout methods this adapter takes and how each is paid at Stripe:
// - hosted: a Checkout Session (Stripe's hosted page): the cards, and FPX, whose bank the payer
//   picks on that page (a server-side FPX confirmation needs the bank, which checkout does not ask);
// - qr: a PaymentIntent confirmed here whose next action carries the QR text (PayNow, PromptPay);
// - redirect: a PaymentIntent confirmed here with a return_url, whose next action is the
//   wallet's page (GrabPay).
// Only the cards can be saved for renewals: Stripe has no mandates for these wallets.
import { MethodNotSupported } from "../payments-adapter";

export type StripeFlow = "hosted" | "qr" | "redirect";

export interface StripeMethod {
  flow: StripeFlow;
  /** Stripe's payment method type. */
  type: "card" | "fpx" | "paynow" | "promptpay" | "grabpay";
}

const STRIPE_METHODS: Readonly<Record<string, StripeMethod>> = {
  card_vn: { flow: "hosted", type: "card" },
  card_id: { flow: "hosted", type: "card" },
  card_th: { flow: "hosted", type: "card" },
  card_my: { flow: "hosted", type: "card" },
  fpx: { flow: "hosted", type: "fpx" },
  paynow: { flow: "qr", type: "paynow" },
  promptpay: { flow: "qr", type: "promptpay" },
  grabpay_sg: { flow: "redirect", type: "grabpay" },
};

/** Checkout method ids Stripe takes here. */
export const STRIPE_METHOD_IDS: ReadonlySet<string> = new Set(Object.keys(STRIPE_METHODS));

/** The card methods: the ones whose payments can be saved for off-session renewals. */
export const STRIPE_RECURRING_METHOD_IDS: ReadonlySet<string> = new Set(
  Object.entries(STRIPE_METHODS)
    .filter(([, method]) => method.type === "card")
    .map(([id]) => id),
);

export function stripeMethodOf(method: string): StripeMethod {
  const found = STRIPE_METHODS[method];
  if (!found) throw new MethodNotSupported(method, "not a method the Stripe adapter takes");
  return found;
}
