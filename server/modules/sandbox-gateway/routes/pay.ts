// The sandbox gateway's own routes (outside /v1 and /api: pages, so no system-id header and no
// session): the hosted page GET /sandbox-gateway/pay/{payment_id}; the payer's decisions
// POST .../{approve|decline|expire}, sent by the page's plain HTML forms
// (application/x-www-form-urlencoded, empty body), which change an open payment and queue its
// webhook, then send the browser back to the merchant's return URL with a 303; and
// POST .../resend-webhook?times=N, which queues N more deliveries of the last event (a PSP CLI's
// "resend", to exercise duplicate delivery). Every POST is in the rate limiter's "writes" group.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import type { Clock } from "../../../lib/clock";
import { DomainError } from "../../../lib/domain-error";
import { HOSTED_PAGE_PREFIX, isQrMethod, qrPayloadOf } from "../adapter";
import { renderNotFoundPage, renderPaymentPage } from "../page/render";
import { isPaymentId } from "../services/events";
import {
  decide,
  findPayment,
  isSitePath,
  PAYER_ACTIONS,
  queueResend,
  type PayerAction,
  type SandboxPayment,
} from "../services/payments";

export const MAX_RESEND_TIMES = 50;
/** A form post of the page carries no field; anything bigger than this is not from it. */
const FORM_BODY_LIMIT = 1_024;
const NO_STORE = "no-store";

export interface PayRoutesOptions {
  db: Db;
  config: Readonly<Config>;
  now: Clock;
  /** Called when a webhook delivery was queued (the deliverer runs a pass). */
  onQueued: () => void;
}

const Params = Type.Object({ payment_id: Type.String({ maxLength: 64 }) });

const actionPath = (paymentId: string, action: string) => `${HOSTED_PAGE_PREFIX}${paymentId}/${action}`;

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", NO_STORE)
    .send(html);
}

export const payRoutes: FastifyPluginAsyncTypebox<PayRoutesOptions> = async (app, { db, config, now, onQueued }) => {
  // The page's forms post url-encoded bodies; parsed here only (this plugin's routes).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body.toString()))),
  );

  const lookup = async (paymentId: string): Promise<SandboxPayment | null> =>
    isPaymentId(paymentId) ? findPayment(db, paymentId) : null;

  app.get(`${HOSTED_PAGE_PREFIX}:payment_id`, { schema: { params: Params, hide: true } }, async (request, reply) => {
    const payment = await lookup(request.params.payment_id);
    if (!payment) return sendHtml(reply, 404, renderNotFoundPage());
    const html = renderPaymentPage({
      payment,
      qr: isQrMethod(config, payment.method),
      qrPayload: qrPayloadOf(payment),
      actionPath: (action) => actionPath(payment.id, action),
    });
    return sendHtml(reply, 200, html);
  });

  for (const action of Object.keys(PAYER_ACTIONS) as PayerAction[]) {
    app.post(
      `${HOSTED_PAGE_PREFIX}:payment_id/${action}`,
      { schema: { params: Params, hide: true } },
      async (request, reply) => {
        const id = request.params.payment_id;
        const outcome = isPaymentId(id) ? await decide(db, id, action, now()) : null;
        if (!outcome) return sendHtml(reply, 404, renderNotFoundPage());
        if (outcome.changed) {
          request.log.info({ paymentId: id, state: outcome.payment.status }, "sandbox gateway: payer decided");
          onQueued();
        }
        const target = isSitePath(outcome.payment.returnUrl) ? outcome.payment.returnUrl : "/";
        return reply.header("cache-control", NO_STORE).redirect(target, 303);
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
