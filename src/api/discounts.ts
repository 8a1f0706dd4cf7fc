// Discounts API (marketing group, docs/marketing.md "Discounts"): the pay-discounts lists
// (token: usable for this user; anonymous: no token) by marketing type 5 (English and
// first-month), 6 (Chinese), 7 (receive); simple-all (the active discounts by ids or codes,
// checkout's preselection); and receive-discount (type 7, once per user).
import type { PaidPlan, BillingMonths } from "../../contract/commerce";
import type { MarketingType } from "../../contract/marketing";
import { api } from "./client";

const BASE = "/v1/user/charge/marketing";

interface DiscountBase {
  marketingId: number;
  groupNum: number;
  code: string;
  marketingType: MarketingType;
  plan: PaidPlan;
  months: BillingMonths;
  /** "m" monthly, else yearly. */
  cycleUnit: "m" | "y";
  /** The discounted price in US dollars. */
  actualAmount: number;
  /** The plan's list price for the cycle in US dollars. */
  originalAmount: number;
  percentOff: number;
}

/** One discount of the pay-discounts lists (and receive-discount's answer). */
export interface DiscountItem extends DiscountBase {
  /** English "50% off"; the app writes its own words from percentOff. */
  ruleDesc: string;
  usable: boolean;
  usableEndTime: string | null;
  received: boolean;
}

/** One discount of simple-all. */
export interface SimpleDiscount extends DiscountBase {
  startsAt: string | null;
  endsAt: string | null;
}

export interface PayDiscountsQuery {
  marketingType: MarketingType;
  includeNotUsable?: boolean;
  marketingCodes?: readonly string[];
  deviceId?: string;
}

export interface DiscountCallOptions {
  /** The token-less list (a token, if any, is not needed). */
  anonymous?: boolean;
  /** No UI effect on failure (background polling). */
  silent?: boolean;
}

export const payDiscounts = (
  { marketingType, includeNotUsable = false, marketingCodes, deviceId }: PayDiscountsQuery,
  { anonymous = false, silent = false }: DiscountCallOptions = {},
): Promise<DiscountItem[]> =>
  api<DiscountItem[]>(`${BASE}/list/${anonymous ? "anonymous/" : ""}pay-discounts`, {
    query: {
      marketingType,
      includeNotUsable,
      marketingCodes: marketingCodes?.length ? marketingCodes.join(",") : undefined,
      deviceId: deviceId || undefined,
    },
    silent,
  });

export const simpleAllDiscounts = (
  filter: { marketingIds?: number[]; marketingCodes?: string[] },
  silent = false,
): Promise<SimpleDiscount[]> =>
  api<SimpleDiscount[]>(`${BASE}/list/simple-all`, { method: "POST", body: filter, silent });

export const receiveDiscount = (marketingId: number, groupNum: number): Promise<DiscountItem> =>
  api<DiscountItem>(`${BASE}/receive-discount`, { method: "POST", body: { marketingId, groupNum } });
