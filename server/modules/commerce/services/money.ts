// Exact money arithmetic for prices and conversions: amounts and rates are turned into
// integers scaled by 10^8 (BigInt) so that rounding happens once, half away from zero, to the
// currency's minor unit (contract CURRENCY_DECIMALS: 0 for VND and IDR, 2 for the others),
// never on a binary floating-point approximation such as 19.9 × 26312.5.
import { CURRENCY_DECIMALS } from "../../../../contract/commerce";

export const RATE_SCALE = 8;
const SCALE = 10n ** BigInt(RATE_SCALE);

/** Digits after the point of `currency`'s amounts. */
export function decimalsOf(currency: string): number {
  return CURRENCY_DECIMALS[currency] ?? 2;
}

/** A non-negative decimal (number or string, at most 8 decimals kept) times 10^8. */
export function toScaled(value: number | string): bigint {
  const text = typeof value === "number" ? value.toFixed(RATE_SCALE) : value;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`not a non-negative decimal: ${text}`);
  const fraction = (match[2] ?? "").slice(0, RATE_SCALE).padEnd(RATE_SCALE, "0");
  return BigInt(match[1]) * SCALE + BigInt(fraction);
}

/** numerator / denominator rounded half up (both non-negative). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** Minor units of `currency` (cents, dong, ...) to a number of major units. */
export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** decimalsOf(currency);
}

/** US cents converted at `ratePerUsd` (units of `currency` per dollar) into `currency`'s minor units. */
export function usdCentsToMinor(cents: number, ratePerUsd: string, currency: string): number {
  const numerator = BigInt(cents) * toScaled(ratePerUsd) * 10n ** BigInt(decimalsOf(currency));
  return Number(divideRounded(numerator, 100n * SCALE));
}

/**
 * `amount` (major units) from a currency worth `fromPerUsd` per dollar into one worth
 * `toPerUsd`, in the target's minor units.
 */
export function convertToMinor(amount: number, fromPerUsd: string, toPerUsd: string, to: string): number {
  const numerator = toScaled(amount) * toScaled(toPerUsd) * 10n ** BigInt(decimalsOf(to));
  return Number(divideRounded(numerator, SCALE * toScaled(fromPerUsd)));
}

/** The rate of `to` per unit of `from`, rounded to 8 decimals, as a number. */
export function crossRate(fromPerUsd: string, toPerUsd: string): number {
  const scaled = divideRounded(toScaled(toPerUsd) * SCALE, toScaled(fromPerUsd));
  return Number(scaled) / Number(SCALE);
}

/** "US$500" or "US$19.90": how the messages write a dollar amount given in cents. */
export function formatUsd(cents: number): string {
  return `US$${cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)}`;
}
