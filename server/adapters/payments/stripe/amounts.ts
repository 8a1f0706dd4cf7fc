// Amounts between our minor units (contract/commerce.ts CURRENCY_DECIMALS: VND and IDR have
// none) and Stripe's (https://docs.stripe.com/currencies: zero-decimal currencies such as VND
// take whole units, every other one of ours takes hundredths, IDR included). So 150,000 IDR is
// 150000 for us and 15000000 for Stripe, while 199,000 VND is 199000 for both.
import { CURRENCY_DECIMALS } from "../../../../contract/commerce";

/** Stripe's zero-decimal currencies (amounts in whole units). */
const STRIPE_ZERO_DECIMAL = new Set([
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "JPY",
  "KMF",
  "KRW",
  "MGA",
  "PYG",
  "RWF",
  "UGX",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF",
]);

const stripeDecimals = (currency: string): number => (STRIPE_ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2);
const ourDecimals = (currency: string): number => CURRENCY_DECIMALS[currency.toUpperCase()] ?? 2;

/** Our minor units → Stripe's `amount`. */
export function toStripeAmount(amountMinor: number, currency: string): number {
  const shift = stripeDecimals(currency) - ourDecimals(currency);
  if (shift >= 0) return amountMinor * 10 ** shift;
  const divisor = 10 ** -shift;
  if (amountMinor % divisor !== 0)
    throw new RangeError(`${amountMinor} ${currency} has more decimals than Stripe takes`);
  return amountMinor / divisor;
}

/**
 * Stripe's `amount` → our minor units. An amount finer than our units (never one this adapter
 * asked for) comes back fractional, so it never equals an order's total and is never settled.
 */
export function fromStripeAmount(amount: number, currency: string): number {
  const shift = stripeDecimals(currency) - ourDecimals(currency);
  return shift >= 0 ? amount / 10 ** shift : amount * 10 ** -shift;
}

/** Stripe writes currencies in lower case, we in upper case. */
export const stripeCurrency = (currency: string): string => currency.toLowerCase();
export const ourCurrency = (currency: string): string => currency.toUpperCase();
