// The calculator's pure fee and profit rule (no UI, no storage): from a selling price, cost of
// goods, shipping, market, fee group, affiliate commission, ad spend or target ROAS and expected
// units, the platform fees broken down, profit per unit, margin, break-even price, break-even
// ROAS and total profit. Money is exact: amounts are integers in the currency's minor unit and
// rates integers per 100,000, so each figure is a ratio of two BigInts, rounded once (half away
// from zero) to the currency's minor unit when it is shown. See docs/calculator.md.
import type { Market } from "../../api/entities";
import { MARKET_FEES, RATE_SCALE, type FeeGroup } from "./market-fees";

export type AdInput =
  /** Total ad spend for the expected units, in minor units. */
  | { mode: "spend"; totalMinor: number }
  /** Target return on ad spend in hundredths (3.5 = 350): ad cost per unit = price / ROAS. */
  | { mode: "roas"; roasHundredths: number };

export interface ProfitInputs {
  market: Market;
  group: FeeGroup;
  priceMinor: number;
  costMinor: number;
  /** The seller's shipping cost per unit. */
  shippingMinor: number;
  /** Affiliate (creator) commission on the price, per 100,000. */
  affiliateRate: number;
  ad: AdInput;
  /** Expected units, one order each (the fixed fee is per order). */
  units: number;
}

/** Per-unit figures and totals in major units of the market's currency, rounded once each. */
export interface ProfitResult {
  currency: string;
  commission: number;
  transactionFee: number;
  fixedFee: number;
  /** Commission + transaction fee + fixed fee. */
  platformFees: number;
  affiliateCommission: number;
  adCost: number;
  profitPerUnit: number;
  /** Profit per unit over the price (a fraction); null at price 0. */
  margin: number | null;
  /** The price at which profit per unit is zero; null when no price reaches it. */
  breakEvenPrice: number | null;
  /** The ROAS at which profit is zero (price / profit before ads); null when it is never reached. */
  breakEvenRoas: number | null;
  totalProfit: number;
}

const SCALE = BigInt(RATE_SCALE);
const big = (value: number) => BigInt(value);

/** num / den rounded half away from zero to an integer. */
function roundRatio(num: bigint, den: bigint): bigint {
  if (den < 0n) return roundRatio(-num, -den);
  const negative = num < 0n;
  const magnitude = negative ? -num : num;
  const rounded = (2n * magnitude + den) / (2n * den);
  return negative ? -rounded : rounded;
}

/** An exact amount: num / den minor units × 1/100,000 (the rates' scale). */
interface Exact {
  num: bigint;
  den: bigint;
}

export function calculateProfit(inputs: ProfitInputs): ProfitResult {
  if (inputs.ad.mode === "roas" && !(inputs.ad.roasHundredths > 0)) throw new RangeError("Target ROAS must be above 0");
  const fees = MARKET_FEES[inputs.market];
  const price = big(inputs.priceMinor);
  const units = big(Math.max(1, inputs.units));
  const commission = price * big(fees.commission[inputs.group]);
  const transaction = price * big(fees.transaction);
  const fixed = big(fees.fixedPerOrderMinor) * SCALE;
  const affiliate = price * big(inputs.affiliateRate);
  // Profit per unit before ads, in minor units × 100,000: exact.
  const beforeAds =
    price * SCALE -
    commission -
    transaction -
    fixed -
    affiliate -
    big(inputs.costMinor) * SCALE -
    big(inputs.shippingMinor) * SCALE;
  const rateShare = SCALE - big(fees.commission[inputs.group]) - big(fees.transaction) - big(inputs.affiliateRate);
  const costs = big(inputs.costMinor) + big(inputs.shippingMinor) + big(fees.fixedPerOrderMinor);

  let adPerUnit: Exact;
  let profitPerUnit: Exact;
  let totalProfit: Exact;
  let breakEvenPrice: Exact | null;
  if (inputs.ad.mode === "spend") {
    const spend = big(inputs.ad.totalMinor) * SCALE;
    adPerUnit = { num: spend, den: units };
    profitPerUnit = { num: beforeAds * units - spend, den: units };
    totalProfit = { num: beforeAds * units - spend, den: 1n };
    // P × rateShare / 100,000 = costs + spend / units
    breakEvenPrice =
      rateShare > 0n
        ? { num: (costs * units + big(inputs.ad.totalMinor)) * SCALE * SCALE, den: units * rateShare }
        : null;
  } else {
    const roas = big(inputs.ad.roasHundredths);
    // Ad cost per unit = price / (roas / 100).
    adPerUnit = { num: price * SCALE * 100n, den: roas };
    profitPerUnit = { num: beforeAds * roas - price * SCALE * 100n, den: roas };
    totalProfit = { num: (beforeAds * roas - price * SCALE * 100n) * units, den: roas };
    // P × (rateShare / 100,000 − 100 / roas) = costs
    const share = rateShare * roas - SCALE * 100n;
    breakEvenPrice = roas > 0n && share > 0n ? { num: costs * SCALE * roas * SCALE, den: share } : null;
  }

  const divisor = 10 ** fees.minorDigits;
  const money = ({ num, den }: Exact) => Number(roundRatio(num, den * SCALE)) / divisor;
  const perUnitFees = commission + transaction + fixed;
  return {
    currency: fees.currency,
    commission: money({ num: commission, den: 1n }),
    transactionFee: money({ num: transaction, den: 1n }),
    fixedFee: money({ num: fixed, den: 1n }),
    platformFees: money({ num: perUnitFees, den: 1n }),
    affiliateCommission: money({ num: affiliate, den: 1n }),
    adCost: money(adPerUnit),
    profitPerUnit: money(profitPerUnit),
    margin: price > 0n ? Number(profitPerUnit.num) / Number(profitPerUnit.den * price * SCALE) : null,
    breakEvenPrice: breakEvenPrice && money(breakEvenPrice),
    breakEvenRoas: beforeAds > 0n ? Number(roundRatio(price * SCALE * 100n, beforeAds)) / 100 : null,
    totalProfit: money(totalProfit),
  };
}
