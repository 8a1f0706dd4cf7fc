// GET /v1/user/combo/public-prices (token optional): every plan and cycle in US dollars, per
// month, and in the market's currency, with the countries and the payment methods of checkout
// that the payments adapter takes (each saying whether it renews automatically).
// POST /api/v1/open/currency/converter: an amount converted at the table's rates.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import {
  BILLING_MONTHS,
  CHECKOUT_COUNTRIES,
  COUNTRY_CURRENCY,
  DEFAULT_CHECKOUT_COUNTRY,
  FX_CURRENCIES,
  PAID_PLANS,
} from "../../../../contract/commerce";
import { envelopeResponses, ok } from "../../../lib/api";
import type { CommerceContext } from "../context";
import { CountrySchema, MonthsSchema, OneOf, PlanSchema, usd } from "../schemas";
import { convert, rateOf } from "../services/fx-rates";
import { minorToMajor, usdCentsToMinor } from "../services/money";
import { adapterTakes, isRecurring } from "../services/recurring";

const PublicPrices = Type.Object({
  country: CountrySchema,
  currency: Type.String(),
  rate: Type.Number(),
  rate_date: Type.String(),
  plans: Type.Array(
    Type.Object({
      plan: PlanSchema,
      months: MonthsSchema,
      price_usd: Type.Number(),
      per_month_usd: Type.Number(),
      price_local: Type.Number(),
    }),
  ),
  countries: Type.Array(Type.Object({ country: CountrySchema, currency: Type.String() })),
  methods: Type.Array(
    Type.Object({
      id: Type.String(),
      country: CountrySchema,
      kind: Type.String(),
      min_usd: Type.Number(),
      max_usd: Type.Number(),
      vietnam_only: Type.Boolean(),
      /** Paying with it saves it for automatic renewals (a card or an e-wallet mandate). */
      recurring: Type.Boolean(),
    }),
  ),
});

const CONVERTIBLE = ["USD", ...FX_CURRENCIES] as const;
const Currency = OneOf(CONVERTIBLE);

export const priceRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  app.get(
    "/v1/user/combo/public-prices",
    {
      schema: {
        querystring: Type.Object({ country: Type.Optional(CountrySchema) }),
        response: envelopeResponses(PublicPrices),
      },
    },
    async (request) => {
      const country = request.query.country ?? DEFAULT_CHECKOUT_COUNTRY;
      const currency = COUNTRY_CURRENCY[country];
      const rate = await rateOf(ctx.db, currency, ctx.now());
      const prices = ctx.config.planPrices;
      const adapter = ctx.payments.adapter;
      return ok({
        country,
        currency,
        rate: Number(rate.perUsd),
        rate_date: rate.date,
        plans: PAID_PLANS.flatMap((plan) =>
          BILLING_MONTHS.map((months) => ({
            plan,
            months,
            price_usd: usd(prices[plan][months]),
            per_month_usd: Math.round(prices[plan][months] / months) / 100,
            price_local: minorToMajor(usdCentsToMinor(prices[plan][months], rate.perUsd, currency), currency),
          })),
        ),
        countries: CHECKOUT_COUNTRIES.map((code) => ({ country: code, currency: COUNTRY_CURRENCY[code] })),
        methods: ctx.config.paymentMethods
          .filter((method) => adapterTakes(adapter, method.id))
          .map((method) => ({
            id: method.id,
            country: method.country,
            kind: method.kind,
            min_usd: usd(method.minUsdCents),
            max_usd: usd(method.maxUsdCents),
            vietnam_only: method.vietnamOnly,
            recurring: isRecurring(adapter, method),
          })),
      });
    },
  );

  app.post(
    "/api/v1/open/currency/converter",
    {
      schema: {
        body: Type.Object({
          amount: Type.Number({ minimum: 0, maximum: 1e12 }),
          from: Currency,
          to: Currency,
        }),
        response: envelopeResponses(
          Type.Object({
            amount: Type.Number(),
            currency: Type.String(),
            rate: Type.Number(),
            rate_date: Type.String(),
          }),
        ),
      },
    },
    async (request) => {
      const { amount, from, to } = request.body;
      const result = await convert(ctx.db, amount, from, to, ctx.now());
      return ok({ amount: result.amount, currency: result.currency, rate: result.rate, rate_date: result.rateDate });
    },
  );
};
