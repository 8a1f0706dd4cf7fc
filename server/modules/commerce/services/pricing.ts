// Pricing an order: the plan's price for its cycle (config planPrices), a marketing discount's
// price (checkout's marketing_id + group_num, priced by the injected PromotionPricer: the
// marketing module, app.ts), the coupon's discount,
// the total in US cents and in the country's currency at the table's rate, and whether the
// chosen payment method takes that total. "The user's country" for the Vietnam-only method is
// the checkout country the user chose (the order's country): the caller's IP region is not
// consulted, since a Vietnamese user abroad may still pay with a Vietnamese method.
import {
  COUNTRY_CURRENCY,
  type BillingMonths,
  type CheckoutCountry,
  type PaidPlan,
} from "../../../../contract/commerce";
import type { Config } from "../../../config";
import type { Db } from "../../../db/client";
import type { Coupon } from "../../../db/schema";
import type { PaymentMethod } from "../offer/payment-methods";
import { aboveMethodMaximum, belowMethodMinimum, commerceError, COMMERCE_ERRORS, CommerceError } from "../errors";
import { decideCoupon, findCoupon, type CouponTipAnswer } from "./coupons";
import { rateOf, type Rate } from "./fx-rates";
import { usdCentsToMinor } from "./money";

export interface OrderRequest {
  plan: PaidPlan;
  months: BillingMonths;
  country: CheckoutCountry;
  method: string;
  couponCode: string | null;
  marketingId: string | null;
  groupNum: number | null;
}

/** What the promotion pricer is asked: checkout's marketing_id + group_num for a plan and cycle. */
export interface PromotionQuery {
  userId: number | null;
  plan: PaidPlan;
  months: BillingMonths;
  marketingId: string;
  groupNum: number | null;
  now: Date;
}

/**
 * Prices a marketing discount (the marketing module, injected by app.ts): the price in US cents
 * the plan and cycle cost under it. Throws the marketing module's error when the discount does
 * not exist, is not usable by this user now, or is for another plan or cycle.
 */
export type PromotionPricer = (db: Db, query: PromotionQuery) => Promise<{ priceUsdCents: number }>;

/** What pricing reads: the price list, the methods and the promotion pricer (none: marketing_id is refused). */
export type PricingConfig = Pick<Config, "planPrices" | "paymentMethods"> & { promotions?: PromotionPricer | null };

export interface Quote {
  request: OrderRequest;
  method: PaymentMethod;
  currency: string;
  rate: Rate;
  subtotalUsdCents: number;
  /** The marketing discount's part of discountUsdCents (0 without marketing_id). */
  promotionUsdCents: number;
  discountUsdCents: number;
  totalUsdCents: number;
  subtotalLocalMinor: number;
  discountLocalMinor: number;
  totalLocalMinor: number;
  /** The coupon when it applies. */
  coupon: Coupon | null;
  couponTip: CouponTipAnswer | null;
  /** Why the method cannot take this total (70020, 70021, 70022); null when it can. */
  methodError: CommerceError | null;
}

/** The method of `country` called `id`: unknown ids are a 400; another country's method is 70023. */
export function methodOf(config: Pick<Config, "paymentMethods">, id: string, country: CheckoutCountry): PaymentMethod {
  const method = config.paymentMethods.find((entry) => entry.id === id);
  if (!method) throw commerceError("UNKNOWN_METHOD", id);
  // Checked first: the Vietnam-only method answers its own message to anyone outside Vietnam.
  if (method.vietnamOnly && country !== "VN") return method;
  if (method.country !== country) throw commerceError("METHOD_NOT_IN_COUNTRY", `${id} is not offered in ${country}`);
  return method;
}

function methodErrorOf(method: PaymentMethod, country: CheckoutCountry, totalUsdCents: number): CommerceError | null {
  if (method.vietnamOnly && country !== "VN") return new CommerceError(COMMERCE_ERRORS.METHOD_VIETNAM_ONLY);
  if (totalUsdCents < method.minUsdCents) return belowMethodMinimum(method.minUsdCents);
  if (totalUsdCents > method.maxUsdCents) return aboveMethodMaximum(method.maxUsdCents);
  return null;
}

/** A plan's price for a cycle today, in US cents and in the country's currency (no coupon). */
export interface PlanPrice {
  currency: string;
  rate: Rate;
  usdCents: number;
  localMinor: number;
}

export async function pricePlan(
  db: Db,
  config: Pick<Config, "planPrices">,
  plan: PaidPlan,
  months: BillingMonths,
  country: CheckoutCountry,
  now: Date,
): Promise<PlanPrice> {
  const currency = COUNTRY_CURRENCY[country];
  const rate = await rateOf(db, currency, now);
  const usdCents = config.planPrices[plan][months];
  return { currency, rate, usdCents, localMinor: usdCentsToMinor(usdCents, rate.perUsd, currency) };
}

/**
 * Prices the order for `userId` (null: nobody signed in). `db` may be a transaction; with
 * `lockCoupon` the coupon row is locked so its uses are counted race-free (placing an order).
 */
export async function quoteOrder(
  db: Db,
  config: PricingConfig,
  request: OrderRequest,
  userId: number | null,
  now: Date,
  lockCoupon = false,
): Promise<Quote> {
  const method = methodOf(config, request.method, request.country);
  const {
    currency,
    rate,
    usdCents: subtotalUsdCents,
    localMinor: subtotalLocalMinor,
  } = await pricePlan(db, config, request.plan, request.months, request.country, now);
  let promotionUsdCents = 0;
  if (request.marketingId) {
    // The app always wires the marketing module's pricer; only a test may leave it out.
    if (!config.promotions) throw new Error("quoteOrder: marketing_id given but no promotion pricer is configured");
    const promotion = await config.promotions(db, {
      userId,
      plan: request.plan,
      months: request.months,
      marketingId: request.marketingId,
      groupNum: request.groupNum,
      now,
    });
    promotionUsdCents = Math.max(0, subtotalUsdCents - promotion.priceUsdCents);
  }
  let coupon: Coupon | null = null;
  let couponTip: CouponTipAnswer | null = null;
  let discountUsdCents = promotionUsdCents;
  if (request.couponCode) {
    const decision = await decideCoupon(db, await findCoupon(db, request.couponCode, lockCoupon), {
      plan: request.plan,
      // A stackable coupon applies to the discounted price.
      subtotalUsdCents: subtotalUsdCents - promotionUsdCents,
      userId,
      marketingId: request.marketingId,
      now,
    });
    if (decision.applies) {
      coupon = decision.coupon;
      discountUsdCents += decision.discountUsdCents;
    } else couponTip = decision.tip;
  }
  const totalUsdCents = subtotalUsdCents - discountUsdCents;
  const totalLocalMinor = usdCentsToMinor(totalUsdCents, rate.perUsd, currency);
  return {
    request,
    method,
    currency,
    rate,
    subtotalUsdCents,
    promotionUsdCents,
    discountUsdCents,
    totalUsdCents,
    subtotalLocalMinor,
    // The difference, so subtotal - discount = total holds in the local currency too.
    discountLocalMinor: subtotalLocalMinor - totalLocalMinor,
    totalLocalMinor,
    coupon,
    couponTip,
    methodError: methodErrorOf(method, request.country, totalUsdCents),
  };
}
