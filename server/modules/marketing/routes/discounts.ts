// Discount routes (docs/marketing.md): GET list/pay-discounts (token: usable for this user) and
// list/anonymous/pay-discounts (no token; one given is ignored), POST list/simple-all (every
// active discount of the edition, by ids or codes) and POST receive-discount (type 7 only, once
// per user). The edition is the request's system-id header; lists hold only active discounts
// within their dates, sorted by marketing id and group.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { MarketingContext } from "../context";
import {
  codesOf,
  DiscountItem,
  discountItemOf,
  PayDiscountsQuery,
  ReceiveBody,
  SimpleAllBody,
  SimpleItem,
  simpleItemOf,
  type PayDiscountsQueryType,
} from "../discount-schemas";
import { activeDiscounts, receiveDiscount, usabilityOf, userFactsOf } from "../services/discounts";

const PREFIX = "/v1/user/charge/marketing";

export const discountRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  /** The pay-discounts list for `userId` (null: anonymous). */
  const payDiscounts = async (query: PayDiscountsQueryType, systemId: number, userId: number | null) => {
    const now = ctx.now();
    const found = await activeDiscounts(
      db,
      { systemId, marketingType: query.marketing_type, codes: codesOf(query.marketing_codes) },
      now,
    );
    const facts =
      userId === null
        ? null
        : await userFactsOf(
            db,
            userId,
            found.map((discount) => discount.id),
          );
    return found
      .map((discount) => discountItemOf(config, discount, usabilityOf(discount, facts, now)))
      .filter((item) => query.include_not_usable || item.usable);
  };

  app.get(
    `${PREFIX}/list/pay-discounts`,
    {
      preHandler: requireUser,
      schema: { querystring: PayDiscountsQuery, response: envelopeResponses(Type.Array(DiscountItem)) },
    },
    async (request) => ok(await payDiscounts(request.query, request.systemId, request.user!.id)),
  );

  app.get(
    `${PREFIX}/list/anonymous/pay-discounts`,
    { schema: { querystring: PayDiscountsQuery, response: envelopeResponses(Type.Array(DiscountItem)) } },
    async (request) => ok(await payDiscounts(request.query, request.systemId, null)),
  );

  app.post(
    `${PREFIX}/list/simple-all`,
    { schema: { body: SimpleAllBody, response: envelopeResponses(Type.Array(SimpleItem)) } },
    async (request) => {
      const found = await activeDiscounts(
        db,
        {
          systemId: request.systemId,
          codes: request.body.marketing_codes,
          marketingIds: request.body.marketing_ids,
        },
        ctx.now(),
      );
      return ok(found.map((discount) => simpleItemOf(config, discount)));
    },
  );

  app.post(
    `${PREFIX}/receive-discount`,
    { preHandler: requireUser, schema: { body: ReceiveBody, response: envelopeResponses(DiscountItem) } },
    async (request) => {
      const userId = request.user!.id;
      const now = ctx.now();
      const discount = await receiveDiscount(db, {
        userId,
        systemId: request.systemId,
        marketingId: request.body.marketing_id,
        groupNum: request.body.group_num,
        now,
      });
      const facts = await userFactsOf(db, userId, [discount.id]);
      return ok(discountItemOf(config, discount, usabilityOf(discount, facts, now)));
    },
  );
};
