// Prices checkout's marketing_id + group_num (commerce's PromotionPricer, wired by app.ts): the
// discount's price when it is for the order's plan and cycle and usable by this user now, by the
// same decision the discount lists show (discounts.ts usabilityOf). group_num null is group 1.
// Unknown (or not a number, or switched off) → 71001; another plan or cycle → 71003; not usable
// by this user now (already paid an order, type 7 not received or past its usable_until, outside
// its dates, nobody signed in for a first-purchase offer) → 71002.
import type { Db } from "../../../db/client";
import type { PromotionQuery } from "../../commerce";
import { marketingError } from "../errors";
import { findDiscount, usabilityOf, userFactsOf } from "./discounts";

const MARKETING_ID = /^\d{1,9}$/;

export async function priceDiscount(db: Db, query: PromotionQuery): Promise<{ priceUsdCents: number }> {
  const marketingId = query.marketingId.trim();
  if (!MARKETING_ID.test(marketingId)) throw marketingError("DISCOUNT_NOT_FOUND");
  const discount = await findDiscount(db, Number(marketingId), query.groupNum ?? 1);
  if (!discount || !discount.active) throw marketingError("DISCOUNT_NOT_FOUND");
  if (discount.plan !== query.plan || discount.months !== query.months) throw marketingError("DISCOUNT_PLAN_MISMATCH");
  const facts = query.userId === null ? null : await userFactsOf(db, query.userId, [discount.id]);
  // Checkout always has a user; without one, a first-purchase offer cannot be checked.
  const usable =
    usabilityOf(discount, facts, query.now).usable && (facts !== null || discount.eligibility === "anyone");
  if (!usable) throw marketingError("DISCOUNT_NOT_USABLE");
  return { priceUsdCents: discount.priceUsdCents };
}
