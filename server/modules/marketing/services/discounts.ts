// Discounts (marketing types 5/6/7, docs/marketing.md): creating one (the campaign CLI and demo
// mode's Basic9.9 / Basic98 / Basic19.9 / Basic9.9-zh), finding them, and deciding whether one
// is usable by a user at a moment (first purchase only; a type 7 discount only once received and
// until its receipt's usable_until; always within the discount's own dates). The decision is a
// pure function of the discount, the user's facts and the time, so lists and checkout agree.
import { max } from "drizzle-orm";
import { MARKETING_TYPES, type DiscountEligibility, type MarketingType } from "../../../../contract/marketing";
import type { BillingMonths, PaidPlan } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { discounts, type Discount } from "../../../db/schema";

/** The first marketing id a discount gets when none is given. */
export const FIRST_MARKETING_ID = 1001;
/** Days a received type 7 discount stays usable when the discount names none. */
export const DEFAULT_RECEIVE_DAYS = 7;

export interface NewDiscount {
  code: string;
  /** Default: the next free id, at least FIRST_MARKETING_ID. */
  marketingId?: number;
  /** Default 1. */
  groupNum?: number;
  marketingType: MarketingType;
  systemId: 13 | 14;
  plan: PaidPlan;
  months: BillingMonths;
  priceUsdCents: number;
  eligibility: DiscountEligibility;
  receiveDays?: number | null;
  campaignId?: number | null;
  startsAt?: Date | null;
  endsAt?: Date | null;
}

/**
 * Creates a discount; null when its code exists already (nothing changes then). A marketing id +
 * group number already taken by another code is a database error (the CLI reports it).
 */
export async function createDiscount(db: Db, input: NewDiscount): Promise<Discount | null> {
  const marketingId = input.marketingId ?? (await nextMarketingId(db));
  const [row] = await db
    .insert(discounts)
    .values(discountRow(input, marketingId))
    .onConflictDoNothing({ target: discounts.code })
    .returning();
  return row ?? null;
}

function discountRow(input: NewDiscount, defaultMarketingId: number): typeof discounts.$inferInsert {
  return {
    code: input.code.trim(),
    marketingId: input.marketingId ?? defaultMarketingId,
    groupNum: input.groupNum ?? 1,
    marketingType: input.marketingType,
    systemId: input.systemId,
    plan: input.plan,
    months: input.months,
    priceUsdCents: input.priceUsdCents,
    eligibility: input.eligibility,
    receiveDays: input.receiveDays ?? null,
    campaignId: input.campaignId ?? null,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
  };
}

async function nextMarketingId(db: Db): Promise<number> {
  const [row] = await db.select({ top: max(discounts.marketingId) }).from(discounts);
  return Math.max(FIRST_MARKETING_ID, (row?.top ?? 0) + 1);
}

/** The demo discounts (demo mode only; no end dates: they run until removed). */
export const DEMO_DISCOUNTS: readonly NewDiscount[] = [
  {
    code: "Basic9.9",
    marketingId: 1001,
    groupNum: 1,
    marketingType: MARKETING_TYPES.FIRST_MONTH,
    systemId: 14,
    plan: "basic",
    months: 1,
    priceUsdCents: 990,
    eligibility: "first_purchase",
  },
  {
    code: "Basic98",
    marketingId: 1001,
    groupNum: 2,
    marketingType: MARKETING_TYPES.FIRST_MONTH,
    systemId: 14,
    plan: "basic",
    months: 12,
    priceUsdCents: 9_800,
    eligibility: "first_purchase",
  },
  {
    code: "Basic19.9",
    marketingId: 1002,
    groupNum: 1,
    marketingType: MARKETING_TYPES.RECEIVE,
    systemId: 14,
    plan: "basic",
    months: 12,
    priceUsdCents: 1_990,
    eligibility: "anyone",
    receiveDays: DEFAULT_RECEIVE_DAYS,
  },
  {
    code: "Basic9.9-zh",
    marketingId: 1003,
    groupNum: 1,
    marketingType: MARKETING_TYPES.CHINESE,
    systemId: 13,
    plan: "basic",
    months: 1,
    priceUsdCents: 990,
    eligibility: "first_purchase",
  },
];

/** Creates the missing demo discounts; safe at every boot and from several instances. */
export async function ensureDemoDiscounts(db: Db, _now: Date): Promise<void> {
  // Any conflict skips the row: a taken code, or a (marketing id, group) pair the CLI gave to
  // another code, must not stop the server from booting.
  for (const discount of DEMO_DISCOUNTS)
    await db.insert(discounts).values(discountRow(discount, FIRST_MARKETING_ID)).onConflictDoNothing();
}
