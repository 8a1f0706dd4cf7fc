// Discount store (spec §3, §8): the discounts of the edition's loader and the receive discount.
// The Chinese loader (marketing type 6) rejects Error("not zh") unless the locale is zh; the
// English and first-month loader (type 5) rejects Error("not en") when it is zh; each uses the
// token list when signed in, else the anonymous one. The receive discount is the first element
// of the type-7 list (received or not) and rejects Error("Not logged") without a token. These
// rejections are for callers' control flow, never shown as text.
import { proxy } from "valtio";
import { MARKETING_TYPES, type MarketingType } from "../../contract/marketing";
import { DEVICE_ID_COOKIE } from "../../contract/cookies";
import { payDiscounts, type DiscountItem } from "../api/discounts";
import { getCookie } from "../platform/cookies";
import { storeSubscription, useStoreValue } from "./select";
import { systemState } from "./system";
import { userState } from "./user";

export const NOT_ZH = "not zh";
export const NOT_EN = "not en";
export const NOT_LOGGED = "Not logged";

export const discountState = proxy({
  /** The last list of the English (type 5) or Chinese (type 6) loader. */
  payDiscounts: [] as DiscountItem[],
  /** The first element of the type-7 list, or null when there is none. */
  receiveDiscount: null as DiscountItem | null,
});

export interface LoadOptions {
  /** No UI effect on failure (the drawer's polling). */
  silent?: boolean;
}

async function loadList(marketingType: MarketingType, { silent = false }: LoadOptions): Promise<DiscountItem[]> {
  const list = await payDiscounts(
    { marketingType, deviceId: getCookie(DEVICE_ID_COOKIE) },
    { anonymous: !userState.token, silent },
  );
  discountState.payDiscounts = list;
  return list;
}

/** The Chinese edition's discounts (type 6). */
export function loadChineseDiscounts(options: LoadOptions = {}): Promise<DiscountItem[]> {
  if (systemState.locale !== "zh") return Promise.reject(new Error(NOT_ZH));
  return loadList(MARKETING_TYPES.CHINESE, options);
}

/** The English and first-month discounts (type 5). */
export function loadEnglishDiscounts(options: LoadOptions = {}): Promise<DiscountItem[]> {
  if (systemState.locale === "zh") return Promise.reject(new Error(NOT_EN));
  return loadList(MARKETING_TYPES.FIRST_MONTH, options);
}

/** The receive discount: the first element of the signed-in user's type-7 list (usable or not). */
export async function loadReceiveDiscount(options: LoadOptions = {}): Promise<DiscountItem | null> {
  if (!userState.token) throw new Error(NOT_LOGGED);
  const list = await payDiscounts(
    { marketingType: MARKETING_TYPES.RECEIVE, includeNotUsable: true, deviceId: getCookie(DEVICE_ID_COOKIE) },
    { silent: options.silent },
  );
  discountState.receiveDiscount = list[0] ?? null;
  return discountState.receiveDiscount;
}

/** The first usable discount of the last loaded list, or null. */
export const firstUsableDiscount = (): DiscountItem | null =>
  discountState.payDiscounts.find((item) => item.usable) ?? null;

export function clearDiscounts(): void {
  discountState.payDiscounts = [];
  discountState.receiveDiscount = null;
}

const discountChanges = storeSubscription(discountState);
/** The first usable discount (re-renders when the loaded list changes). */
export const useFirstUsableDiscount = (): DiscountItem | null => useStoreValue(discountChanges, firstUsableDiscount);
