// Wire shapes of the discount routes (snake_case, docs/marketing.md): the list queries and
// bodies, a discount item as pay-discounts and receive-discount answer it, the simple-all item,
// and the functions turning a discount row into them. Amounts are US dollars with two decimals;
// original_amount is the plan's list price for the cycle (config planPrices).
import { Type, type Static } from "@fastify/type-provider-typebox";
import { CYCLE_UNITS, MARKETING_TYPE_VALUES, type MarketingType } from "../../../contract/marketing";
import type { BillingMonths } from "../../../contract/commerce";
import type { Config } from "../../config";
import type { Discount } from "../../db/schema";
import type { Usability } from "./services/discounts";

const MarketingTypeSchema = Type.Unsafe<MarketingType>({ type: "integer", enum: [...MARKETING_TYPE_VALUES] });
const PlanSchema = Type.Unsafe<Discount["plan"]>({ type: "string", enum: ["basic", "premium", "pro"] });
const DateOrNull = Type.Union([Type.String({ format: "date-time" }), Type.Null()]);

export const PayDiscountsQuery = Type.Object({
  marketing_type: MarketingTypeSchema,
  include_not_usable: Type.Boolean({ default: false }),
  /** Comma-separated discount codes (Basic9.9,Basic98); empty: all. */
  marketing_codes: Type.Optional(Type.String({ maxLength: 1_000 })),
  /** Sent by the app; not used. */
  device_id: Type.Optional(Type.String({ maxLength: 200 })),
});
export type PayDiscountsQueryType = Static<typeof PayDiscountsQuery>;

export const SimpleAllBody = Type.Object({
  marketing_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 999_999_999 }), { maxItems: 100 })),
  marketing_codes: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 })),
});

export const ReceiveBody = Type.Object({
  marketing_id: Type.Integer({ minimum: 0, maximum: 999_999_999 }),
  group_num: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
});

const BaseItem = {
  marketing_id: Type.Integer(),
  group_num: Type.Integer(),
  code: Type.String(),
  marketing_type: Type.Integer(),
  plan: PlanSchema,
  months: Type.Integer(),
  cycle_unit: Type.Union([Type.Literal("m"), Type.Literal("y")]),
  actual_amount: Type.Number(),
  original_amount: Type.Number(),
  percent_off: Type.Integer(),
};

export const DiscountItem = Type.Object({
  ...BaseItem,
  rule_desc: Type.String(),
  usable: Type.Boolean(),
  usable_end_time: DateOrNull,
  received: Type.Boolean(),
});

export const SimpleItem = Type.Object({ ...BaseItem, starts_at: DateOrNull, ends_at: DateOrNull });

/** The comma list of marketing_codes, trimmed, empty entries dropped. */
export function codesOf(list: string | undefined): string[] {
  return (list ?? "")
    .split(",")
    .map((code) => code.trim())
    .filter(Boolean);
}

type Prices = Pick<Config, "planPrices">;

function baseItemOf(config: Prices, discount: Discount) {
  const months = discount.months as BillingMonths;
  const original = config.planPrices[discount.plan][months];
  const percentOff = original > 0 ? Math.max(0, Math.round(((original - discount.priceUsdCents) / original) * 100)) : 0;
  return {
    marketing_id: discount.marketingId,
    group_num: discount.groupNum,
    code: discount.code,
    marketing_type: discount.marketingType,
    plan: discount.plan,
    months,
    cycle_unit: CYCLE_UNITS[months],
    actual_amount: discount.priceUsdCents / 100,
    original_amount: original / 100,
    percent_off: percentOff,
  };
}

/** A discount as pay-discounts and receive-discount answer it. */
export function discountItemOf(config: Prices, discount: Discount, usability: Usability): Static<typeof DiscountItem> {
  const base = baseItemOf(config, discount);
  return {
    ...base,
    rule_desc: `${base.percent_off}% off`,
    usable: usability.usable,
    usable_end_time: usability.usableEndTime?.toISOString() ?? null,
    received: usability.received,
  };
}

/** A discount as simple-all answers it. */
export function simpleItemOf(config: Prices, discount: Discount): Static<typeof SimpleItem> {
  return {
    ...baseItemOf(config, discount),
    starts_at: discount.startsAt?.toISOString() ?? null,
    ends_at: discount.endsAt?.toISOString() ?? null,
  };
}
