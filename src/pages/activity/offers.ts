// The discounts the activity pages offer, as OfferCard items: the discounts of one marketing id
// (simple-all; for a signed-in user the type-7 ones marked received from the receive list), or
// without one the first-month list (type 5: the user's usable ones, or the anonymous list when
// signed out).
import { MARKETING_TYPES } from "../../../contract/marketing";
import { payDiscounts, simpleAllDiscounts, type DiscountItem } from "../../api/discounts";
import type { Offer } from "./OfferCard";

const fromItem = (item: DiscountItem): Offer => ({
  marketingId: item.marketingId,
  groupNum: item.groupNum,
  code: item.code,
  marketingType: item.marketingType,
  plan: item.plan,
  months: item.months,
  actualAmount: item.actualAmount,
  originalAmount: item.originalAmount,
  percentOff: item.percentOff,
  endsAt: item.usableEndTime,
  received: item.received,
});

/** The first-month discounts (type 5) this visitor may use. */
export const firstMonthOffers = (signedIn: boolean): Promise<Offer[]> =>
  payDiscounts({ marketingType: MARKETING_TYPES.FIRST_MONTH }, { anonymous: !signedIn }).then((list) =>
    list.map(fromItem),
  );

/** The active discounts of `marketingId`; a received type-7 one carries its receipt's end. */
export async function offersOf(marketingId: number, signedIn: boolean): Promise<Offer[]> {
  const [list, receivable] = await Promise.all([
    simpleAllDiscounts({ marketingIds: [marketingId] }),
    signedIn
      ? payDiscounts({ marketingType: MARKETING_TYPES.RECEIVE, includeNotUsable: true }, { silent: true }).catch(
          () => [] as DiscountItem[],
        )
      : ([] as DiscountItem[]),
  ]);
  return list.map((discount) => {
    const receipt = receivable.find(
      (item) => item.marketingId === discount.marketingId && item.groupNum === discount.groupNum && item.received,
    );
    return {
      ...discount,
      endsAt: receipt?.usableEndTime ?? discount.endsAt,
      received: Boolean(receipt),
    };
  });
}
