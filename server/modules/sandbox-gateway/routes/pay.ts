// The sandbox gateway's payment routes (outside /v1 and /api: pages, so no system-id header and
// no session): the hosted page GET /sandbox-gateway/pay/{payment_id}; the payer's decisions
// POST .../{approve|decline|expire}, sent by the page's plain HTML forms
// (application/x-www-form-urlencoded), which change an open payment and queue its webhook, then
// send the browser back to the merchant's return URL with a 303. Approving a payment that saves
// a card carries the test-card form: a refused card (Luhn, expiry, CVC) answers the page again
// with the message (400), a declined test card fails the payment; a post with no card field at
// all (not the page's form) approves with the prefilled test card. POST .../resend-webhook?times=N
// queues N more deliveries of the last event (a PSP CLI's "resend", to exercise duplicate
// delivery). Every POST is in the rate limiter's "writes" group.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import type { Clock } from "../../../lib/clock";
import { DomainError } from "../../../lib/domain-error";
import { isSitePath } from "../../../lib/site-path";
import { HOSTED_PAGE_PREFIX, isQrMethod, METHOD_PAGE_PREFIX, qrPayloadOf } from "../adapter";
import type { CardFieldsView } from "../page/card-form";
import { renderNotFoundPage, renderPaymentPage, type SavingView } from "../page/render";
import { isPaymentId } from "../services/events";
import { findMethod, savedKindOf } from "../services/methods";
import {
  decide,
  decisionOf,
  findPayment,
  isFinal,
  PAYER_ACTIONS,
  queueResend,
  type Decision,
  type PayerAction,
  type SandboxPayment,
} from "../services/payments";
import { acceptForms, checkPostedCard, FormBody, NO_STORE, prefilledCard, seeOther, sendHtml } from "./forms";

export const MAX_RESEND_TIMES = 50;

export interface PayRoutesOptions {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** Called when a webhook delivery was queued (the deliverer runs a pass). */
  onQueued: () => void;
}

const Params = Type.Object({ payment_id: Type.String({ maxLength: 64 }) });

const actionPath = (paymentId: string, action: string) => `${HOSTED_PAGE_PREFIX}${paymentId}/${action}`;

export const payRoutes: FastifyPluginAsyncTypebox<PayRoutesOptions> = async (app, { db, config, now, onQueued }) => {
  acceptForms(app);

  const lookup = async (paymentId: string): Promise<SandboxPayment | null> =>
    isPaymentId(paymentId) ? findPayment(db, paymentId) : null;

  const savingOf = (payment: SandboxPayment, fields: CardFieldsView): SavingView => {
    if (!payment.saveMethod) return null;
    const kind = savedKindOf(config, payment.method);
    if (kind === "card") return { kind, fields };
    return kind === "wallet" ? { kind } : null;
  };

  const page = async (payment: SandboxPayment, fields: CardFieldsView = prefilledCard(now())) => {
    const saved = payment.saveMethod && payment.paymentMethodId ? await findMethod(db, payment.paymentMethodId) : null;
    return renderPaymentPage({
      payment,
      qr: isQrMethod(config, payment.method),
      qrPayload: qrPayloadOf(payment),
      actionPath: (action) => actionPath(payment.id, action),
      saving: savingOf(payment, fields),
      savedMethod: saved && { method: saved, path: `${METHOD_PAGE_PREFIX}${saved.id}` },
    });
  };

  app.get(`${HOSTED_PAGE_PREFIX}:payment_id`, { schema: { params: Params, hide: true } }, async (request, reply) => {
    const payment = await lookup(request.params.payment_id);
    if (!payment) return sendHtml(reply, 404, renderNotFoundPage());
    return sendHtml(reply, 200, await page(payment));
  });

  for (const action of Object.keys(PAYER_ACTIONS) as PayerAction[]) {
    app.post(
      `${HOSTED_PAGE_PREFIX}:payment_id/${action}`,
      { schema: { params: Params, body: FormBody, hide: true } },
      async (request, reply) => {
        const payment = await lookup(request.params.payment_id);
        if (!payment) return sendHtml(reply, 404, renderNotFoundPage());
        let decision: Decision = decisionOf(action);
        const saving = action === "approve" && !isFinal(payment) ? savingOf(payment, prefilledCard(now())) : null;
        if (saving?.kind === "card") {
          const posted = checkPostedCard(request.body, now());
          if ("refused" in posted) return sendHtml(reply, 400, await page(payment, posted.refused));
          decision = posted.card.declined
            ? { state: "failed", save: null }
            : { state: "succeeded", save: { kind: "card", method: payment.method, card: posted.card } };
        } else if (saving?.kind === "wallet") {
          decision = { state: "succeeded", save: { kind: "wallet", method: payment.method } };
        }
        const outcome = await decide(db, payment.id, decision, now());
        if (!outcome) return sendHtml(reply, 404, renderNotFoundPage());
        if (outcome.changed) {
          request.log.info({ paymentId: payment.id, state: outcome.payment.status }, "sandbox gateway: payer decided");
          onQueued();
        }
        return seeOther(reply, isSitePath(outcome.payment.returnUrl) ? outcome.payment.returnUrl : "/");
      },
    );
  }

  app.post(
    `${HOSTED_PAGE_PREFIX}:payment_id/resend-webhook`,
    {
      schema: {
        params: Params,
        querystring: Type.Object({ times: Type.Integer({ minimum: 1, maximum: MAX_RESEND_TIMES, default: 1 }) }),
        response: envelopeResponses(Type.Object({ queued: Type.Integer() })),
        hide: true,
      },
    },
    async (request, reply) => {
      const id = request.params.payment_id;
      const payment = await lookup(id);
      if (!payment) throw new DomainError(404, `No sandbox payment ${id.slice(0, 64)}`);
      const queued = await queueResend(db, payment.id, request.query.times, now());
      if (queued === 0)
        throw new DomainError(409, "The payment has no event to resend yet: approve, decline or expire it first");
      onQueued();
      reply.header("cache-control", NO_STORE);
      return ok({ queued });
    },
  );
};
