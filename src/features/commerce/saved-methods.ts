// How a saved payment method reads on screen ("Visa •••• 4242", "GCash") and its expiry
// ("12/2030"): pure, shared by My Plan's renewal line and its payment methods list.
import type { I18n } from "@lingui/core";
import type { SavedMethod } from "../../api/commerce";
import { methodName } from "./labels";

/** Card brands as their owners write them; an unknown brand is capitalised. */
const BRAND_NAMES: Readonly<Record<string, string>> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  jcb: "JCB",
  discover: "Discover",
  diners: "Diners Club",
  unionpay: "UnionPay",
};

export function brandName(brand: string): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  return known ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** A card as its brand and last four digits; a wallet mandate as the wallet's name. */
export function savedMethodLabel(method: SavedMethod, i18n: I18n): string {
  if (method.kind === "card" && method.last4) {
    const brand = method.brand ? brandName(method.brand) : methodName(method.method, i18n);
    return `${brand} •••• ${method.last4}`;
  }
  return methodName(method.method, i18n);
}

/** A card's expiry as MM/YYYY; null for a wallet or when unknown. */
export function savedMethodExpiry(method: SavedMethod): string | null {
  if (!method.expMonth || !method.expYear) return null;
  return `${String(method.expMonth).padStart(2, "0")}/${method.expYear}`;
}
