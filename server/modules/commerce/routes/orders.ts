// The caller's orders: POST pre-payment (place one), POST cancel/non-pay/{id} and
// cancel/in-pay/{id}, GET combo-status/{id} and GET subscriptions/list (the invoices; My Plan
// is routes/my-plan.ts). {id} is the order's id or its subscription_no; someone else's order
// is answered like a missing one (70011).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import { commerceResponses, oneOrderJson, orderRequestOf, OrderRequestBody, OrderSchema, ordersJson } from "../schemas";
import { cancelOrder, listOrders, ownOrder, placeOrder } from "../services/orders";
import { cancelWhilePaying } from "../services/payments";

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

export const orderRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.post(
    "/v1/user/subscriptions/pre-payment",
    { preHandler: requireUser, schema: { body: OrderRequestBody, response: commerceResponses(OrderSchema) } },
    async (request) => {
      const order = await placeOrder(db, ctx.pricing, request.user!.id, orderRequestOf(request.body), ctx.now());
      return ok(await oneOrderJson(db, order));
    },
  );

  app.post(
    "/v1/user/subscriptions/cancel/non-pay/:id",
    { preHandler: requireUser, schema: { params: IdParams, response: commerceResponses(OrderSchema) } },
    async (request) => {
      const order = await ownOrder(db, request.user!.id, request.params.id);
      return ok(await oneOrderJson(db, await cancelOrder(db, order.id, ["unpaid"], ctx.now())));
    },
  );

  app.post(
    "/v1/user/subscriptions/cancel/in-pay/:id",
    { preHandler: requireUser, schema: { params: IdParams, response: commerceResponses(OrderSchema) } },
    async (request) => {
      const order = await ownOrder(db, request.user!.id, request.params.id);
      return ok(await oneOrderJson(db, await cancelWhilePaying(ctx.payments, order, ctx.now())));
    },
  );

  app.get(
    "/v1/user/combo/combo-status/:id",
    { preHandler: requireUser, schema: { params: IdParams, response: commerceResponses(OrderSchema) } },
    async (request) => ok(await oneOrderJson(db, await ownOrder(db, request.user!.id, request.params.id))),
  );

  app.get(
    "/v1/user/subscriptions/list",
    {
      preHandler: requireUser,
      schema: {
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
          page_size: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
        }),
        response: commerceResponses(Type.Object({ list: Type.Array(OrderSchema), total: Type.Integer() })),
      },
    },
    async (request) => {
      const { list, total } = await listOrders(db, request.user!.id, request.query.page, request.query.page_size);
      return ok({ list: await ordersJson(db, list), total });
    },
  );
};
