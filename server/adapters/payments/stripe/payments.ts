// Payments at Stripe. Hosted methods (cards, FPX) get a Checkout Session in payment mode: its id
// (cs_...) is the payment id, its page the redirect URL; the PaymentIntent behind it is created
// by Stripe when the payer pays, so it cannot be the id (its events carry the order's reference
// but not the session's id, and settle nothing). QR and redirect methods get a PaymentIntent
// confirmed here (pi_... is the payment id). Every create carries the order attempt's
// idempotency key, so a retry after a lost answer returns the first session or intent.
import Stripe from "stripe";
import type { PaymentRequest, PaymentStatus, StartedPayment } from "../payments-adapter";
import { stripeCurrency, toStripeAmount } from "./amounts";
import { stripeMethodOf, type StripeMethod } from "./methods";
import { intentStatusOf, sessionStatusOf, type OurMetadata } from "./status";

export interface StripeCallContext {
  stripe: Stripe;
  /** The site's origin: Stripe needs absolute return URLs, the commerce module gives paths. */
  siteOrigin: string;
}

/** A path on the site (or an absolute URL) as an absolute URL. */
export const absoluteUrl = (ctx: StripeCallContext, url: string): string => new URL(url, ctx.siteOrigin).toString();

export const isSessionId = (paymentId: string): boolean => paymentId.startsWith("cs_");

function qrPayloadOf(intent: Stripe.PaymentIntent): string | null {
  const action = intent.next_action;
  if (!action) return null;
  return action.paynow_display_qr_code?.data ?? action.promptpay_display_qr_code?.data ?? null;
}

function qrPageOf(intent: Stripe.PaymentIntent): string | null {
  const action = intent.next_action;
  return (
    action?.paynow_display_qr_code?.hosted_instructions_url ??
    action?.promptpay_display_qr_code?.hosted_instructions_url ??
    null
  );
}

async function startHosted(
  ctx: StripeCallContext,
  request: PaymentRequest,
  method: StripeMethod,
  metadata: OurMetadata,
): Promise<StartedPayment> {
  const returnUrl = absoluteUrl(ctx, request.returnUrl);
  const saving = request.saveFor !== undefined && method.type === "card";
  const session = await ctx.stripe.checkout.sessions.create(
    {
      mode: "payment",
      allowed_payment_method_types: [method.type],
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: stripeCurrency(request.currency),
            unit_amount: toStripeAmount(request.amountMinor, request.currency),
            product_data: { name: request.description },
          },
        },
      ],
      success_url: returnUrl,
      cancel_url: returnUrl,
      client_reference_id: request.reference,
      metadata: { ...metadata },
      ...(saving ? { customer: request.saveFor!.customerId } : {}),
      payment_intent_data: {
        description: request.description,
        metadata: { ...metadata },
        ...(saving ? { setup_future_usage: "off_session" as const } : {}),
      },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a page URL`);
  return { paymentId: session.id, redirectUrl: session.url, qrPayload: null };
}

async function startConfirmed(
  ctx: StripeCallContext,
  request: PaymentRequest,
  method: StripeMethod,
  metadata: OurMetadata,
): Promise<StartedPayment> {
  const returnUrl = absoluteUrl(ctx, request.returnUrl);
  const intent = await ctx.stripe.paymentIntents.create(
    {
      amount: toStripeAmount(request.amountMinor, request.currency),
      currency: stripeCurrency(request.currency),
      allowed_payment_method_types: [method.type],
      payment_method_data: { type: method.type },
      confirm: true,
      description: request.description,
      metadata: { ...metadata },
      ...(method.flow === "redirect" ? { return_url: returnUrl } : {}),
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (method.flow === "qr") {
    const qrPayload = qrPayloadOf(intent);
    if (qrPayload === null) throw new Error(`Stripe answered ${method.type} payment ${intent.id} without a QR code`);
    return { paymentId: intent.id, redirectUrl: qrPageOf(intent) ?? returnUrl, qrPayload };
  }
  const redirectUrl = intent.next_action?.redirect_to_url?.url;
  if (!redirectUrl) throw new Error(`Stripe answered ${method.type} payment ${intent.id} without a redirect URL`);
  return { paymentId: intent.id, redirectUrl, qrPayload: null };
}

export async function startPayment(ctx: StripeCallContext, request: PaymentRequest): Promise<StartedPayment> {
  const method = stripeMethodOf(request.method);
  const metadata: OurMetadata = { reference: request.reference, method: request.method };
  return method.flow === "hosted"
    ? startHosted(ctx, request, method, metadata)
    : startConfirmed(ctx, request, method, metadata);
}

export async function retrievePayment(ctx: StripeCallContext, paymentId: string): Promise<PaymentStatus> {
  if (isSessionId(paymentId)) {
    const session = await ctx.stripe.checkout.sessions.retrieve(paymentId, {
      expand: ["payment_intent", "payment_intent.payment_method"],
    });
    return sessionStatusOf(session);
  }
  const intent = await ctx.stripe.paymentIntents.retrieve(paymentId, { expand: ["payment_method"] });
  return intentStatusOf(intent);
}

/**
 * Ends an open payment: a session is expired (its page stops taking payments), an intent
 * canceled. A payment already final stays as it is: Stripe refuses with a 400, which is no error
 * here once a fresh read shows it is no longer pending.
 */
export async function cancelPayment(ctx: StripeCallContext, paymentId: string): Promise<void> {
  try {
    if (isSessionId(paymentId)) await ctx.stripe.checkout.sessions.expire(paymentId);
    else await ctx.stripe.paymentIntents.cancel(paymentId);
  } catch (error) {
    if (!isInvalidRequest(error)) throw error;
    const status = await retrievePayment(ctx, paymentId);
    if (status.state === "pending") throw error;
  }
}

/** A 4xx Stripe answered about the request itself (not a network, API or card error). */
export const isInvalidRequest = (error: unknown): boolean => error instanceof Stripe.errors.StripeInvalidRequestError;
