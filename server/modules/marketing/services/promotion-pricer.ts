// Prices checkout's marketing_id + group_num (helper H2 fills).
import type { Db } from "../../../db/client";
import type { PromotionQuery } from "../../commerce";
import { marketingError } from "../errors";

export async function priceDiscount(_db: Db, _query: PromotionQuery): Promise<{ priceUsdCents: number }> {
  throw marketingError("DISCOUNT_NOT_FOUND");
}
