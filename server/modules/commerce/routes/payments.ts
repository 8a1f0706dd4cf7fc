// POST /v1/user/subscriptions/payment (start paying an order: where to send the browser) and
// PUT /v1/user/subscriptions/confirm-paid?subscription_no= (ask the gateway, settle; idempotent).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import { commerceResponses, oneOrderJson, OrderSchema } from "../schemas";
import { ownOrder } from "../services/orders";
import { confirmPaid, startPayment } from "../services/payments";
import { sitePathOf } from "./site-path";

const SubscriptionNo = Type.String({ minLength: 1, maxLength: 40 });

/** A path on this site (the gateway sends the browser back there); default /paySuccess. */
export function returnPathOf(returnUrl: string | undefined, subscriptionNo: string): string {
  return sitePathOf(returnUrl, `/paySuccess?subscription_no=${encodeURIComponent(subscriptionNo)}`);
}

export const paymentRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  app.post(
    "/v1/user/subscriptions/payment",
    {
      preHandler: requireUser,
      schema: {
        body: Type.Object({
          subscription_no: SubscriptionNo,
          return_url: Type.Optional(Type.String({ maxLength: 500 })),
        }),
        response: commerceResponses(
          Type.Object({
            subscription_no: Type.String(),
            payment_id: Type.String(),
            redirect_url: Type.String(),
            qr_payload: Type.Union([Type.String(), Type.Null()]),
          }),
        ),
      },
    },
    async (request) => {
      const order = await ownOrder(ctx.db, request.user!.id, request.body.subscription_no);
      const returnPath = returnPathOf(request.body.return_url, order.subscriptionNo);
      const started = await startPayment(ctx.payments, order, returnPath, ctx.now());
      return ok({
        subscription_no: order.subscriptionNo,
        payment_id: started.paymentId,
        redirect_url: started.redirectUrl,
        qr_payload: started.qrPayload,
      });
    },
  );

  app.put(
    "/v1/user/subscriptions/confirm-paid",
    {
      preHandler: requireUser,
      schema: {
        querystring: Type.Object({ subscription_no: SubscriptionNo }),
        response: commerceResponses(OrderSchema),
      },
    },
    async (request) => {
      const order = await ownOrder(ctx.db, request.user!.id, request.query.subscription_no);
      return ok(await oneOrderJson(ctx.db, await confirmPaid(ctx.payments, order, ctx.now())));
    },
  );
};
