// Discounts (marketing types 5/6/7, docs/marketing.md): creating one (the campaign CLI, and demo
// mode's Basic9.9 / Basic98 / Basic19.9 / Basic9.9-zh), finding the active ones, receiving a
// type 7 one, and deciding whether a discount is usable by a user at a moment. The decision
// (usabilityOf) is a pure function of the discount, the user's facts and the time, so the lists
// and checkout's pricer (promotion-pricer.ts) always agree: first_purchase needs a user who never
// paid an order (commerce); type 7 needs a receipt still within its usable_until; every discount
// only within its own dates.
import { and, asc, eq, gt, inArray, isNull, lte, max, or, sql, type SQL } from "drizzle-orm";
import { MARKETING_TYPES, type DiscountEligibility, type MarketingType } from "../../../../contract/marketing";
import type { BillingMonths, PaidPlan } from "../../../../contract/commerce";
import type { Db } from "../../../db/client";
import { discountReceipts, discounts, type Discount } from "../../../db/schema";
import { paidOrderCount } from "../../commerce";
import { marketingError } from "../errors";

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

/** What decides usability for one user: whether they ever paid, and their type 7 receipts. */
export interface UserFacts {
  hasPaid: boolean;
  /** usable_until of each received discount, by discount id. */
  receipts: ReadonlyMap<number, Date>;
}

export interface Usability {
  usable: boolean;
  /** The discount's end, or for a received type 7 the earlier of it and the receipt's end. */
  usableEndTime: Date | null;
  received: boolean;
}

/** Whether the discount is within its own dates at `now`. */
export function withinDates(discount: Discount, now: Date): boolean {
  return (!discount.startsAt || discount.startsAt <= now) && (!discount.endsAt || now < discount.endsAt);
}

/** Usability of `discount` for a user (`facts`; null: nobody signed in) at `now`. */
export function usabilityOf(discount: Discount, facts: UserFacts | null, now: Date): Usability {
  const receipt = facts?.receipts.get(discount.id) ?? null;
  const usableEndTime = earliest(discount.endsAt, receipt);
  let usable = discount.active && withinDates(discount, now);
  if (discount.marketingType === MARKETING_TYPES.RECEIVE) usable &&= receipt !== null && now < receipt;
  if (discount.eligibility === "first_purchase") usable &&= !facts?.hasPaid;
  return { usable, usableEndTime, received: receipt !== null };
}

function earliest(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}

/** The facts of `userId` for these discounts. */
export async function userFactsOf(db: Db, userId: number, discountIds: readonly number[]): Promise<UserFacts> {
  const [paid, rows] = await Promise.all([
    paidOrderCount(db, userId),
    discountIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ discountId: discountReceipts.discountId, usableUntil: discountReceipts.usableUntil })
          .from(discountReceipts)
          .where(and(eq(discountReceipts.userId, userId), inArray(discountReceipts.discountId, [...discountIds]))),
  ]);
  return { hasPaid: paid > 0, receipts: new Map(rows.map((row) => [row.discountId, row.usableUntil])) };
}

export interface DiscountFilter {
  systemId: number;
  marketingType?: MarketingType;
  /** Matched case-insensitively; with ids: a discount matching either is kept. */
  codes?: readonly string[];
  marketingIds?: readonly number[];
}

/** The active discounts within their dates at `now`, sorted by marketing id and group. */
export async function activeDiscounts(db: Db, filter: DiscountFilter, now: Date): Promise<Discount[]> {
  const conditions: SQL[] = [
    eq(discounts.active, true),
    eq(discounts.systemId, filter.systemId),
    or(isNull(discounts.startsAt), lte(discounts.startsAt, now))!,
    or(isNull(discounts.endsAt), gt(discounts.endsAt, now))!,
  ];
  if (filter.marketingType !== undefined) conditions.push(eq(discounts.marketingType, filter.marketingType));
  const codes = (filter.codes ?? []).map((code) => code.trim().toLowerCase()).filter(Boolean);
  const ids = filter.marketingIds ?? [];
  const matches: SQL[] = [];
  if (codes.length > 0) matches.push(inArray(sql`lower(${discounts.code})`, codes));
  if (ids.length > 0) matches.push(inArray(discounts.marketingId, [...ids]));
  if (matches.length > 0) conditions.push(or(...matches)!);
  return db
    .select()
    .from(discounts)
    .where(and(...conditions))
    .orderBy(asc(discounts.marketingId), asc(discounts.groupNum));
}

/** The discount named by checkout's or receive's marketing id and group (null: none). */
export async function findDiscount(db: Db, marketingId: number, groupNum: number): Promise<Discount | null> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.marketingId, marketingId), eq(discounts.groupNum, groupNum)));
  return row ?? null;
}

/**
 * Receives a type 7 discount for `userId`: usable for its receive_days (default 7) from now,
 * capped at the discount's end. Unknown or another edition's → 71001; not type 7, inactive or
 * outside its dates → 71002; received before → 71004 (one row however many concurrent calls).
 */
export async function receiveDiscount(
  db: Db,
  query: { userId: number; systemId: number; marketingId: number; groupNum: number; now: Date },
): Promise<Discount> {
  const { userId, now } = query;
  const discount = await findDiscount(db, query.marketingId, query.groupNum);
  if (!discount || !discount.active || discount.systemId !== query.systemId) throw marketingError("DISCOUNT_NOT_FOUND");
  if (discount.marketingType !== MARKETING_TYPES.RECEIVE || !withinDates(discount, now))
    throw marketingError("DISCOUNT_NOT_USABLE");
  const days = discount.receiveDays ?? DEFAULT_RECEIVE_DAYS;
  const usableUntil = earliest(discount.endsAt, new Date(now.getTime() + days * 86_400_000))!;
  const [row] = await db
    .insert(discountReceipts)
    .values({ discountId: discount.id, userId, receivedAt: now, usableUntil })
    .onConflictDoNothing()
    .returning();
  if (!row) throw marketingError("DISCOUNT_ALREADY_RECEIVED");
  return discount;
}
