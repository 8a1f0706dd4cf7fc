// HTML text helpers of the hosted page: every value put into the page goes through escapeHtml
// (text and attribute values alike), and amounts are written with their currency's decimals.
import { CURRENCY_DECIMALS } from "../../../../contract/commerce";

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** An amount in minor units as the currency writes it, e.g. "VND 9,080,549" or "US$358.20". */
export function formatAmount(amountMinor: number, currency: string): string {
  const decimals = CURRENCY_DECIMALS[currency] ?? 2;
  const major = amountMinor / 10 ** decimals;
  try {
    return new Intl.NumberFormat("en", {
      style: "currency",
      currency,
      currencyDisplay: "code",
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(major);
  } catch {
    return `${major.toFixed(decimals)} ${currency}`;
  }
}
