// Saved cards at Stripe: a Customer per user (metadata.reference = user:{id}), a Checkout
// Session in setup mode to enter a card (its id is the setup id; Stripe sends the browser back
// with setup_id={CHECKOUT_SESSION_ID}), the SetupIntent behind it read for the card's brand, last
// 4 and expiry, detaching, and off-session charges for renewals. A declined off-session charge
// (a card error: card_declined, authentication_required, ...) is a failed payment, not an
// exception; network and API errors are thrown. E-wallet mandates are not offered here.
import Stripe from "stripe";
import type {
  OffSessionCharge,
  PaymentStatus,
  SetupRequest,
  SetupState,
  SetupStatus,
  StartedSetup,
} from "../payments-adapter";
import { MethodNotSupported } from "../payments-adapter";
import { withSetupId } from "../setup-return-url";
import { stripeCurrency, toStripeAmount } from "./amounts";
import { STRIPE_RECURRING_METHOD_IDS } from "./methods";
import { absoluteUrl, isInvalidRequest, type StripeCallContext } from "./payments";
import { intentStatusOf, savedCardOf } from "./status";

export async function createCustomer(
  ctx: StripeCallContext,
  request: { reference: string; idempotencyKey: string },
): Promise<string> {
  const customer = await ctx.stripe.customers.create(
    { description: request.reference, metadata: { reference: request.reference } },
    { idempotencyKey: request.idempotencyKey },
  );
  return customer.id;
}

/** Stripe's placeholder for the session id in success_url (it fills the id in; braces kept as they are). */
const SESSION_ID_PLACEHOLDER = "{CHECKOUT_SESSION_ID}";

export async function startSetup(ctx: StripeCallContext, request: SetupRequest): Promise<StartedSetup> {
  if (request.kind !== "card" || !STRIPE_RECURRING_METHOD_IDS.has(request.method))
    throw new MethodNotSupported(request.method, "the Stripe adapter saves cards only (no e-wallet mandates)");
  const returnUrl = absoluteUrl(ctx, request.returnUrl);
  const metadata = { method: request.method };
  const session = await ctx.stripe.checkout.sessions.create(
    {
      mode: "setup",
      customer: request.customerId,
      allowed_payment_method_types: ["card"],
      success_url: withSetupId(returnUrl, SESSION_ID_PLACEHOLDER),
      cancel_url: returnUrl,
      metadata,
      setup_intent_data: { metadata },
    },
    { idempotencyKey: request.idempotencyKey },
  );
  if (!session.url) throw new Error(`Stripe answered setup session ${session.id} without a page URL`);
  return { setupId: session.id, redirectUrl: session.url };
}

function setupStateOf(session: Stripe.Checkout.Session, intent: Stripe.SetupIntent | null): SetupState {
  if (session.status === "expired") return "canceled";
  if (!intent) return "pending";
  if (intent.status === "succeeded") return "succeeded";
  if (intent.status === "canceled") return "canceled";
  if (intent.status === "requires_payment_method" && intent.last_setup_error) return "failed";
  return "pending";
}

export async function retrieveSetup(ctx: StripeCallContext, setupId: string): Promise<SetupStatus> {
  const session = await ctx.stripe.checkout.sessions.retrieve(setupId, {
    expand: ["setup_intent", "setup_intent.payment_method"],
  });
  const intent = typeof session.setup_intent === "object" ? session.setup_intent : null;
  const state = setupStateOf(session, intent);
  const customer = session.customer ?? intent?.customer ?? "";
  return {
    setupId: session.id,
    customerId: typeof customer === "string" ? customer : customer.id,
    state,
    method:
      state === "succeeded" && intent ? savedCardOf(intent.payment_method, session.metadata?.method ?? "card") : null,
  };
}

/** Detaches a saved card; one already detached (or unknown to Stripe) is no error. */
export async function detachMethod(ctx: StripeCallContext, methodId: string): Promise<void> {
  try {
    await ctx.stripe.paymentMethods.detach(methodId);
  } catch (error) {
    if (!isInvalidRequest(error)) throw error;
    const stillAttached = await ctx.stripe.paymentMethods.retrieve(methodId).then(
      (method) => method.customer !== null,
      (retrieveError: unknown) => {
        if ((retrieveError as { statusCode?: number }).statusCode === 404) return false;
        throw retrieveError;
      },
    );
    if (stillAttached) throw error;
  }
}

/**
 * Charges a saved card off-session and answers the payment's state: succeeded, or failed with
 * the decline's code when Stripe refuses it with a card error (the PaymentIntent it made then
 * comes with the error).
 */
export async function chargeSaved(ctx: StripeCallContext, charge: OffSessionCharge): Promise<PaymentStatus> {
  try {
    const intent = await ctx.stripe.paymentIntents.create(
      {
        amount: toStripeAmount(charge.amountMinor, charge.currency),
        currency: stripeCurrency(charge.currency),
        customer: charge.customerId,
        payment_method: charge.methodId,
        off_session: true,
        confirm: true,
        description: charge.description,
        metadata: { reference: charge.reference },
      },
      { idempotencyKey: charge.idempotencyKey },
    );
    return intentStatusOf(intent);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError) || !error.payment_intent) throw error;
    const status = intentStatusOf(error.payment_intent);
    return {
      ...status,
      state: status.state === "pending" ? "failed" : status.state,
      failureCode: status.failureCode ?? error.decline_code ?? error.code ?? "card_declined",
    };
  }
}
