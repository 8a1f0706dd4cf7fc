// My Plan: GET /v1/user/subscriptions/user-subscribe (the current plan and the days an upgrade
// carried into it, the open order, the subscription that renews it), GET
// subscriptions/list/first-order (the first-order offers) and POST subscriptions/cancel/{id}
// (renewal off; the plan runs to its end). Only the caller's own subscription: someone else's
// id is 70014.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import { daysToEnd } from "../../accounts";
import type { CommerceContext } from "../context";
import { commerceResponses, oneOrderJson, OrderSchema, PlanSchema } from "../schemas";
import { SubscriptionSchema, subscriptionJson } from "../subscription-schemas";
import { wholeDays } from "../services/calendar";
import { carriedMsOf, currentPlan } from "../services/my-plan";
import { openOrderOf, paidOrderCount } from "../services/orders";
import { cancelSubscription, shownSubscription } from "../services/subscriptions";

const MyPlan = Type.Object({
  current: Type.Union([
    Type.Object({
      plan: PlanSchema,
      source: Type.String(),
      starts_at: Type.String({ format: "date-time" }),
      end_time: Type.String({ format: "date-time" }),
      days_to_end_time: Type.Integer(),
      carried_days: Type.Integer(),
    }),
    Type.Null(),
  ]),
  open_order: Type.Union([OrderSchema, Type.Null()]),
  subscription: Type.Union([SubscriptionSchema, Type.Null()]),
});

const SubscriptionId = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) });

export const myPlanRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    "/v1/user/subscriptions/user-subscribe",
    { preHandler: requireUser, schema: { response: commerceResponses(MyPlan) } },
    async (request) => {
      const now = ctx.now();
      const userId = request.user!.id;
      const [current, open, sub] = await Promise.all([
        currentPlan(db, userId, now),
        openOrderOf(db, userId),
        shownSubscription(db, userId),
      ]);
      return ok({
        current: current
          ? {
              plan: current.period.plan,
              source: current.period.source,
              starts_at: current.period.startsAt.toISOString(),
              end_time: current.runsUntil.toISOString(),
              days_to_end_time: daysToEnd(current.runsUntil, now),
              carried_days: wholeDays(await carriedMsOf(db, current.period.id)),
            }
          : null,
        open_order: open ? await oneOrderJson(db, open) : null,
        subscription: sub ? await subscriptionJson(db, ctx.config, sub, now) : null,
      });
    },
  );

  app.get(
    "/v1/user/subscriptions/list/first-order",
    {
      preHandler: requireUser,
      schema: {
        response: commerceResponses(Type.Object({ first_order: Type.Boolean(), paid_orders: Type.Integer() })),
      },
    },
    async (request) => {
      const paid = await paidOrderCount(db, request.user!.id);
      return ok({ first_order: paid === 0, paid_orders: paid });
    },
  );

  app.post(
    "/v1/user/subscriptions/cancel/:id",
    { preHandler: requireUser, schema: { params: SubscriptionId, response: commerceResponses(SubscriptionSchema) } },
    async (request) => {
      const now = ctx.now();
      const sub = await cancelSubscription(db, request.user!.id, request.params.id, now);
      return ok(await subscriptionJson(db, ctx.config, sub, now));
    },
  );
};
