// The price list: each plan's price in US cents per billing cycle (1 or 12 months), the
// defaults of the membership issue, overridable per plan and cycle with PLAN_PRICES
// ({"basic": {"1": 21.9}} changes Basic monthly only; amounts in US dollars).
import { BILLING_MONTHS, PAID_PLANS, type BillingMonths, type PaidPlan } from "../../../../contract/commerce";

export type PlanPrices = Readonly<Record<PaidPlan, Readonly<Record<BillingMonths, number>>>>;

export const DEFAULT_PLAN_PRICES: PlanPrices = {
  basic: { 1: 1990, 12: 19800 },
  premium: { 1: 3990, 12: 39800 },
  pro: { 1: 7990, 12: 79800 },
};

export class PlanPricesError extends Error {
  override name = "PlanPricesError";
}

/** US dollars (at most two decimals, above 0) to cents. */
export function dollarsToCents(value: unknown, where: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 1_000_000)
    throw new PlanPricesError(`${where}: a price in US dollars above 0`);
  const cents = Math.round(value * 100);
  if (Math.abs(cents - value * 100) > 1e-6) throw new PlanPricesError(`${where}: at most two decimals`);
  return cents;
}

/** DEFAULT_PLAN_PRICES with the overrides of a PLAN_PRICES JSON value. */
export function parsePlanPrices(raw: string): PlanPrices {
  let given: unknown;
  try {
    given = JSON.parse(raw);
  } catch {
    throw new PlanPricesError('JSON such as {"basic": {"1": 19.9, "12": 198}}');
  }
  if (typeof given !== "object" || given === null || Array.isArray(given))
    throw new PlanPricesError("a JSON object keyed by plan");
  const prices = structuredClone(DEFAULT_PLAN_PRICES) as Record<PaidPlan, Record<BillingMonths, number>>;
  for (const [plan, cycles] of Object.entries(given)) {
    if (!(PAID_PLANS as readonly string[]).includes(plan))
      throw new PlanPricesError(`unknown plan ${JSON.stringify(plan)} (${PAID_PLANS.join(", ")})`);
    if (typeof cycles !== "object" || cycles === null) throw new PlanPricesError(`${plan}: an object keyed by months`);
    for (const [months, dollars] of Object.entries(cycles as Record<string, unknown>)) {
      const cycle = Number(months) as BillingMonths;
      if (!BILLING_MONTHS.includes(cycle)) throw new PlanPricesError(`${plan}: months must be 1 or 12`);
      prices[plan as PaidPlan][cycle] = dollarsToCents(dollars, `${plan} ${months}`);
    }
  }
  return prices;
}
