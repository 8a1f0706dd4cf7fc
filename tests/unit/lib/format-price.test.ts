// Exact prices of checkout and invoices (src/lib/format.ts formatPrice): each currency's
// decimals, grouped digits per locale, the symbols of formatMoney, never compacted.
import { describe, expect, test } from "vitest";
import type { Locale } from "../../../src/i18n/locales";
import { formatDate, formatPrice, NO_VALUE } from "../../../src/lib/format";

const CASES: [amount: number, currency: string, locale: Locale, expected: string][] = [
  [9_080_549, "VND", "en", "9,080,549₫"],
  [9_080_549, "VND", "vi", "9.080.549₫"],
  [504_475.4, "VND", "vi", "504.475₫"],
  [1_234_567, "IDR", "id", "Rp1.234.567"],
  [1_234_567, "ID", "en", "Rp1,234,567"],
  [358.2, "USD", "en", "US$358.20"],
  [358.2, "USD", "vi", "US$358,20"],
  [1234.5, "THB", "th", "฿1,234.50"],
  [19.9, "MYR", "zh", "RM19.90"],
  [0, "PHP", "en", "₱0.00"],
  [1_000_000, "SGD", "en", "S$1,000,000.00"],
  [-39.8, "USD", "en", "-US$39.80"],
  [12, "EUR", "en", "EUR 12.00"],
];

describe("formatPrice", () => {
  test.each(CASES)("%s %s in %s is %s", (amount, currency, locale, expected) => {
    expect(formatPrice(amount, currency, locale)).toBe(expected);
  });

  test("agrees with Intl's grouping for whole amounts", () => {
    for (const amount of [0, 7, 999, 1000, 12_345, 9_999_999, 123_456_789]) {
      const en = new Intl.NumberFormat("en", { maximumFractionDigits: 0 }).format(amount);
      const vi = new Intl.NumberFormat("vi", { maximumFractionDigits: 0 }).format(amount);
      expect(formatPrice(amount, "VND", "en")).toBe(`${en}₫`);
      expect(formatPrice(amount, "VND", "vi")).toBe(`${vi}₫`);
    }
  });

  test("a missing amount shows the no-value mark", () => {
    expect(formatPrice(null, "USD", "en")).toBe(NO_VALUE);
    expect(formatPrice(Number.NaN, "USD", "en")).toBe(NO_VALUE);
  });
});

describe("formatDate", () => {
  test("writes the viewer's calendar date in the locale's order", () => {
    const instant = new Date(2027, 10, 24, 10, 30);
    expect(formatDate(instant, "en")).toBe("11/24/2027");
    expect(formatDate(instant, "zh")).toBe("2027/11/24");
    expect(formatDate(instant, "vi")).toBe("24/11/2027");
    expect(formatDate(instant, "th")).toBe("24/11/2570");
    expect(formatDate("not a date", "en")).toBe(NO_VALUE);
  });
});
