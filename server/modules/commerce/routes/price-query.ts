// POST /v1/user/subscriptions/price-query: what checkout shows before Pay now: subtotal, discount
// and total in US dollars and in the country's currency, the coupon's tip when it does not
// apply, and the method's error when it cannot take the total (docs/commerce.md).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type, type Static } from "@fastify/type-provider-typebox";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import {
  commerceResponses,
  CountrySchema,
  CouponTipSchema,
  MethodErrorSchema,
  MonthsSchema,
  orderRequestOf,
  OrderRequestBody,
  PlanSchema,
  usd,
} from "../schemas";
import { minorToMajor } from "../services/money";
import { quoteOrder, type Quote } from "../services/pricing";

export const PriceQuote = Type.Object({
  plan: PlanSchema,
  months: MonthsSchema,
  country: CountrySchema,
  method: Type.String(),
  currency: Type.String(),
  rate: Type.Number(),
  rate_date: Type.String(),
  subtotal_usd: Type.Number(),
  /** The marketing discount's part of discount_usd (checkout's marketing_id + group_num). */
  marketing_discount_usd: Type.Number(),
  marketing_id: Type.Union([Type.String(), Type.Null()]),
  group_num: Type.Union([Type.Integer(), Type.Null()]),
  discount_usd: Type.Number(),
  total_usd: Type.Number(),
  subtotal_local: Type.Number(),
  discount_local: Type.Number(),
  total_local: Type.Number(),
  coupon_code: Type.Union([Type.String(), Type.Null()]),
  coupon_applied: Type.Boolean(),
  coupon_tip: Type.Union([CouponTipSchema, Type.Null()]),
  method_error: Type.Union([MethodErrorSchema, Type.Null()]),
});

export const priceQueryRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  app.post(
    "/v1/user/subscriptions/price-query",
    { preHandler: requireUser, schema: { body: OrderRequestBody, response: commerceResponses(PriceQuote) } },
    async (request) => {
      const quote = await quoteOrder(ctx.db, ctx.pricing, orderRequestOf(request.body), request.user!.id, ctx.now());
      return ok(priceQuoteJson(quote));
    },
  );
};

/** A quote as price-query answers it (upgrade-create adds to it). */
export function priceQuoteJson(quote: Quote): Static<typeof PriceQuote> {
  const orderRequest = quote.request;
  const local = (minor: number) => minorToMajor(minor, quote.currency);
  return {
    plan: orderRequest.plan,
    months: orderRequest.months,
    country: orderRequest.country,
    method: quote.method.id,
    currency: quote.currency,
    rate: Number(quote.rate.perUsd),
    rate_date: quote.rate.date,
    subtotal_usd: usd(quote.subtotalUsdCents),
    marketing_discount_usd: usd(quote.promotionUsdCents),
    marketing_id: orderRequest.marketingId,
    group_num: orderRequest.groupNum,
    discount_usd: usd(quote.discountUsdCents),
    total_usd: usd(quote.totalUsdCents),
    subtotal_local: local(quote.subtotalLocalMinor),
    discount_local: local(quote.discountLocalMinor),
    total_local: local(quote.totalLocalMinor),
    coupon_code: quote.coupon?.code ?? orderRequest.couponCode,
    coupon_applied: quote.coupon !== null,
    coupon_tip: quote.couponTip,
    method_error: quote.methodError ? { code: quote.methodError.code, message: quote.methodError.message } : null,
  };
}
