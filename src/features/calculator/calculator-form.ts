// The calculator's form as typed (strings, what a scenario stores) and its check: each field
// parsed exactly into the integers profit.ts takes (minor units, rates per 100,000, ROAS in
// hundredths), or a message saying what is wrong. Also the form a goods detail's query opens with.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { DEFAULT_MARKET, isMarket, type Market } from "../../api/entities";
import { feeGroupOfCategory, isFeeGroup, MARKET_FEES, type FeeGroup } from "./market-fees";
import type { ProfitInputs } from "./profit";

export type AdMode = "spend" | "roas";

export interface CalculatorForm {
  market: Market;
  group: FeeGroup;
  price: string;
  cost: string;
  shipping: string;
  /** Percent (12.5 is 12.5 %). */
  affiliatePercent: string;
  adMode: AdMode;
  adSpend: string;
  targetRoas: string;
  units: string;
}

export type FormField = Exclude<keyof CalculatorForm, "market" | "group" | "adMode">;
export type FormErrors = Partial<Record<FormField, MessageDescriptor>>;

/** The largest amount accepted, in major units (keeps every product exact in integers). */
export const MAX_AMOUNT = 100_000_000;
export const MAX_UNITS = 1_000_000;
export const MAX_ROAS = 1_000;

export const EMPTY_FORM: CalculatorForm = {
  market: DEFAULT_MARKET,
  group: "other",
  price: "",
  cost: "",
  shipping: "0",
  affiliatePercent: "0",
  adMode: "spend",
  adSpend: "0",
  targetRoas: "",
  units: "1",
};

/**
 * A decimal as an integer of `digits` decimals (12.5 with 2 → 1250), or null. Spaces are
 * ignored; "." or "," is the decimal separator, except where the value has no decimals (the
 * dong, the rupiah), where both are thousands separators ("199.000" is 199000).
 */
export function parseDecimal(text: string, digits: number): number | null {
  let value = text.replace(/\s/g, "");
  if (digits === 0) value = value.replace(/[.,](?=\d{3}(?:[.,]|$))/g, "");
  else value = value.replace(",", ".");
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return null;
  const [, whole, fraction = ""] = match;
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

type Parsed<T> = { value: T } | { error: MessageDescriptor };

function amount(text: string, digits: number, positive: boolean): Parsed<number> {
  const value = parseDecimal(text, digits);
  if (value === null)
    return { error: digits === 0 ? msg`Enter a whole amount` : msg`Enter an amount with at most 2 decimals` };
  if (value > MAX_AMOUNT * 10 ** digits) return { error: msg`Enter an amount up to 100,000,000` };
  if (positive && value === 0) return { error: msg`Enter a selling price above 0` };
  return { value };
}

function percent(text: string): Parsed<number> {
  const value = parseDecimal(text, 3);
  if (value === null || value > 100_000) return { error: msg`Enter a percentage from 0 to 100` };
  return { value };
}

function roas(text: string): Parsed<number> {
  const value = parseDecimal(text, 2);
  if (value === null || value === 0 || value > MAX_ROAS * 100)
    return { error: msg`Enter a target ROAS above 0 (up to 1,000)` };
  return { value };
}

function units(text: string): Parsed<number> {
  const value = parseDecimal(text, 0);
  if (value === null || !/^\s*\d+\s*$/.test(text) || value < 1 || value > MAX_UNITS) {
    return { error: msg`Enter a whole number of units from 1 to 1,000,000` };
  }
  return { value };
}

/** The form's values for profit.ts, or the message of every field in error. */
export function checkForm(form: CalculatorForm): { inputs: ProfitInputs } | { errors: FormErrors } {
  const digits = MARKET_FEES[form.market].minorDigits;
  const parsed = {
    price: amount(form.price, digits, true),
    cost: amount(form.cost, digits, false),
    shipping: amount(form.shipping, digits, false),
    affiliatePercent: percent(form.affiliatePercent),
    units: units(form.units),
    ...(form.adMode === "spend"
      ? { adSpend: amount(form.adSpend, digits, false) }
      : { targetRoas: roas(form.targetRoas) }),
  } satisfies Partial<Record<FormField, Parsed<number>>>;
  const errors: FormErrors = {};
  const values: Partial<Record<FormField, number>> = {};
  for (const [field, result] of Object.entries(parsed) as [FormField, Parsed<number>][]) {
    if ("error" in result) errors[field] = result.error;
    else values[field] = result.value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    inputs: {
      market: form.market,
      group: form.group,
      priceMinor: values.price!,
      costMinor: values.cost!,
      shippingMinor: values.shipping!,
      affiliateRate: values.affiliatePercent!,
      ad:
        form.adMode === "spend"
          ? { mode: "spend", totalMinor: values.adSpend! }
          : { mode: "roas", roasHundredths: values.targetRoas! },
      units: values.units!,
    },
  };
}

/** A number as the form writes it: no grouping, "." for decimals, at most `digits` of them. */
function plain(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/**
 * The form a query opens (a goods detail's link: price in major units, commission_rate a
 * fraction, market, category a catalogue id or a fee group); unknown or bad values are left
 * to the defaults.
 */
export function formFromQuery(query: URLSearchParams): CalculatorForm {
  const market = query.get("market")?.toUpperCase();
  const form: CalculatorForm = { ...EMPTY_FORM, market: isMarket(market) ? market : DEFAULT_MARKET };
  const digits = MARKET_FEES[form.market].minorDigits;
  const price = Number(query.get("price") ?? "");
  if (query.get("price") && Number.isFinite(price) && price > 0 && price <= MAX_AMOUNT)
    form.price = plain(price, digits);
  const rate = Number(query.get("commission_rate") ?? "");
  if (query.get("commission_rate") && Number.isFinite(rate) && rate >= 0 && rate <= 1) {
    form.affiliatePercent = plain(rate * 100, 3);
  }
  const category = query.get("category") ?? "";
  form.group = isFeeGroup(category) ? category : feeGroupOfCategory(Number(category));
  return form;
}

/** The query of a prefilled calculator link (what formFromQuery reads). */
export function calculatorQuery(prefill: {
  price: number;
  commissionRate: number;
  market: string;
  categoryId: number;
}): Record<string, string> {
  return {
    price: String(prefill.price),
    commission_rate: String(prefill.commissionRate),
    market: prefill.market,
    category: String(prefill.categoryId),
  };
}
