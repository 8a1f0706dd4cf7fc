// PUT /v1/user/subscriptions/upgrade-create (prices an upgrade: the price-query quote plus the
// current plan, the time it carries and the end date if paid now) and PUT
// subscriptions/upgrade (places the upgrade order, paid like any order). 70050 no paid plan,
// 70051 a downgrade, 70052 the same plan.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import { commerceResponses, oneOrderJson, orderRequestOf, OrderRequestBody, OrderSchema, PlanSchema } from "../schemas";
import { wholeDays } from "../services/calendar";
import { placeUpgrade, quoteUpgrade } from "../services/upgrades";
import { PriceQuote, priceQuoteJson } from "./price-query";

const UpgradeQuote = Type.Object({
  ...PriceQuote.properties,
  current_plan: PlanSchema,
  carried_days: Type.Integer(),
  carried_ms: Type.Integer(),
  new_end_time: Type.String({ format: "date-time" }),
});

export const upgradeRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  app.put(
    "/v1/user/subscriptions/upgrade-create",
    { preHandler: requireUser, schema: { body: OrderRequestBody, response: commerceResponses(UpgradeQuote) } },
    async (request) => {
      const upgrade = await quoteUpgrade(
        ctx.db,
        ctx.pricing,
        request.user!.id,
        orderRequestOf(request.body),
        ctx.now(),
      );
      return ok({
        ...priceQuoteJson(upgrade.quote),
        current_plan: upgrade.currentPlan,
        carried_days: wholeDays(upgrade.carriedMs),
        carried_ms: upgrade.carriedMs,
        new_end_time: upgrade.newEndTime.toISOString(),
      });
    },
  );

  app.put(
    "/v1/user/subscriptions/upgrade",
    { preHandler: requireUser, schema: { body: OrderRequestBody, response: commerceResponses(OrderSchema) } },
    async (request) => {
      const order = await placeUpgrade(ctx.db, ctx.pricing, request.user!.id, orderRequestOf(request.body), ctx.now());
      return ok(await oneOrderJson(ctx.db, order));
    },
  );
};
