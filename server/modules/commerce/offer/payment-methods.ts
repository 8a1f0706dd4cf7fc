// The payment methods of checkout: 21 methods across the 6 countries of the spec, each with the
// smallest and largest total it takes in US cents (a total outside gets the spec's
// minimum/maximum message) and whether only Vietnamese users may use it. Overridable per
// method with PAYMENT_METHODS ({"momo": {"min_usd": 1, "max_usd": 300}, "grabpay":
// {"enabled": false}}). The app lists them from GET /v1/user/combo/public-prices.
import type { CheckoutCountry, PaymentMethodKind } from "../../../../contract/commerce";
import { dollarsToCents, PlanPricesError } from "./plan-prices";

export interface PaymentMethod {
  id: string;
  country: CheckoutCountry;
  kind: PaymentMethodKind;
  minUsdCents: number;
  maxUsdCents: number;
  /** Only users whose country is Vietnam may pay with it. */
  vietnamOnly: boolean;
}

const method = (
  id: string,
  country: CheckoutCountry,
  kind: PaymentMethodKind,
  minUsd: number,
  maxUsd: number,
  vietnamOnly = false,
): PaymentMethod => ({ id, country, kind, minUsdCents: minUsd * 100, maxUsdCents: maxUsd * 100, vietnamOnly });

export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = [
  method("card_vn", "VN", "card", 1, 5000),
  method("momo", "VN", "wallet", 1, 400),
  method("zalopay", "VN", "wallet", 1, 400),
  method("vnpay_qr", "VN", "qr", 1, 2000),
  method("shopeepay_vn", "VN", "wallet", 1, 400),
  method("vietqr", "VN", "qr", 25, 5000, true),
  method("card_id", "ID", "card", 1, 5000),
  method("qris", "ID", "qr", 1, 400),
  method("ovo", "ID", "wallet", 1, 400),
  method("dana", "ID", "wallet", 1, 400),
  method("virtual_account", "ID", "bank", 10, 5000),
  method("card_th", "TH", "card", 1, 5000),
  method("promptpay", "TH", "qr", 1, 2000),
  method("truemoney", "TH", "wallet", 1, 400),
  method("card_my", "MY", "card", 1, 5000),
  method("fpx", "MY", "bank", 1, 2000),
  method("touch_n_go", "MY", "wallet", 1, 400),
  method("gcash", "PH", "wallet", 1, 400),
  method("maya", "PH", "wallet", 1, 400),
  method("paynow", "SG", "qr", 1, 2000),
  method("grabpay_sg", "SG", "wallet", 1, 400),
];

/** DEFAULT_PAYMENT_METHODS with the overrides of a PAYMENT_METHODS JSON value. */
export function parsePaymentMethods(raw: string): PaymentMethod[] {
  let given: unknown;
  try {
    given = JSON.parse(raw);
  } catch {
    throw new PlanPricesError('JSON such as {"momo": {"min_usd": 1, "max_usd": 300}}');
  }
  if (typeof given !== "object" || given === null || Array.isArray(given))
    throw new PlanPricesError("a JSON object keyed by method id");
  const overrides = given as Record<string, unknown>;
  for (const id of Object.keys(overrides)) {
    if (!DEFAULT_PAYMENT_METHODS.some((entry) => entry.id === id))
      throw new PlanPricesError(`unknown payment method ${JSON.stringify(id)}`);
  }
  return DEFAULT_PAYMENT_METHODS.flatMap((entry) => {
    const override = overrides[entry.id] as { min_usd?: unknown; max_usd?: unknown; enabled?: unknown } | undefined;
    if (override === undefined) return [entry];
    if (override.enabled === false) return [];
    const changed = { ...entry };
    if (override.min_usd !== undefined) changed.minUsdCents = dollarsToCents(override.min_usd, `${entry.id} min_usd`);
    if (override.max_usd !== undefined) changed.maxUsdCents = dollarsToCents(override.max_usd, `${entry.id} max_usd`);
    if (changed.minUsdCents > changed.maxUsdCents) throw new PlanPricesError(`${entry.id}: min_usd above max_usd`);
    return [changed];
  });
}
