// Number, money, rate, business-time and relative-time formats in all five locales,
// with the real catalogs active (the "just now" phrase comes from them).
import { describe, expect, test } from "vitest";
import { activateCatalog } from "../../../src/i18n/catalog";
import type { Locale } from "../../../src/i18n/locales";
import {
  businessWallClock,
  formatBusinessDate,
  formatBusinessTime,
  formatCount,
  formatDecimal,
  formatDuration,
  formatMoney,
  formatRate,
  formatRelativeTime,
  NO_VALUE,
} from "../../../src/lib/format";

interface Expected {
  counts: [number, string][];
  money: [number, string, string][];
  rate: string;
  time: string;
  date: string;
  relative: [justNow: string, minutes: string, hours: string, days: string, months: string, years: string];
}

const EXPECTED: Record<Locale, Expected> = {
  en: {
    counts: [
      [999, "999"],
      [1000, "1.0K"],
      [1250, "1.3K"],
      [999_950, "1.0M"],
      [3_400_000, "3.4M"],
      [5.6e9, "5.6B"],
      [7.8e12, "7.8T"],
      [-1500, "-1.5K"],
    ],
    money: [
      [12.5, "SGD", "S$12.50"],
      [1234.5, "VND", "1.23K₫"],
      [2_500_000, "VN", "2.50M₫"],
      [1500, "IDR", "Rp1.50RB"],
      [2_500_000, "ID", "Rp2.50JT"],
      [3e9, "IDR", "Rp3.00M"],
      [4e12, "IDR", "Rp4.00Y"],
      [99.999, "THB", "฿100.00"],
      [1_000_000, "MYR", "RM1.00M"],
      [-5, "PHP", "-₱5.00"],
      [7, "EUR", "EUR 7.00"],
    ],
    rate: "12.35%",
    time: "05/03/2026, 15:05",
    date: "05/03/2026",
    relative: ["Just now", "12 minutes ago", "3 hours ago", "29 days ago", "2 months ago", "1 year ago"],
  },
  zh: {
    counts: [
      [999, "999"],
      [1000, "1.0K"],
      [1250, "1.3K"],
      [999_950, "1.0M"],
      [3_400_000, "3.4M"],
      [5.6e9, "5.6B"],
      [7.8e12, "7.8T"],
      [-1500, "-1.5K"],
    ],
    money: [
      [12.5, "SGD", "S$12.50"],
      [1234.5, "VND", "1.23K₫"],
      [2_500_000, "VN", "2.50M₫"],
      [1500, "IDR", "Rp1.50RB"],
      [2_500_000, "ID", "Rp2.50JT"],
      [3e9, "IDR", "Rp3.00M"],
      [4e12, "IDR", "Rp4.00Y"],
      [99.999, "THB", "฿100.00"],
      [1_000_000, "MYR", "RM1.00M"],
      [-5, "PHP", "-₱5.00"],
      [7, "EUR", "EUR 7.00"],
    ],
    rate: "12.35%",
    time: "2026/05/03 15:05",
    date: "2026/05/03",
    relative: ["刚刚", "12分钟前", "3小时前", "29天前", "2个月前", "1年前"],
  },
  vi: {
    counts: [
      [999, "999"],
      [1000, "1,0K"],
      [1250, "1,3K"],
      [999_950, "1,0M"],
      [3_400_000, "3,4M"],
      [5.6e9, "5,6B"],
      [7.8e12, "7,8T"],
      [-1500, "-1,5K"],
    ],
    money: [
      [12.5, "SGD", "S$12,50"],
      [1234.5, "VND", "1,23K₫"],
      [2_500_000, "VN", "2,50M₫"],
      [1500, "IDR", "Rp1,50RB"],
      [2_500_000, "ID", "Rp2,50JT"],
      [3e9, "IDR", "Rp3,00M"],
      [4e12, "IDR", "Rp4,00Y"],
      [99.999, "THB", "฿100,00"],
      [1_000_000, "MYR", "RM1,00M"],
      [-5, "PHP", "-₱5,00"],
      [7, "EUR", "EUR 7,00"],
    ],
    rate: "12,35%",
    time: "15:05 03/05/2026",
    date: "03/05/2026",
    relative: ["Vừa xong", "12 phút trước", "3 giờ trước", "29 ngày trước", "2 tháng trước", "1 năm trước"],
  },
  id: {
    counts: [
      [999, "999"],
      [1000, "1,0K"],
      [1250, "1,3K"],
      [999_950, "1,0M"],
      [3_400_000, "3,4M"],
      [5.6e9, "5,6B"],
      [7.8e12, "7,8T"],
      [-1500, "-1,5K"],
    ],
    money: [
      [12.5, "SGD", "S$12,50"],
      [1234.5, "VND", "1,23K₫"],
      [2_500_000, "VN", "2,50M₫"],
      [1500, "IDR", "Rp1,50RB"],
      [2_500_000, "ID", "Rp2,50JT"],
      [3e9, "IDR", "Rp3,00M"],
      [4e12, "IDR", "Rp4,00Y"],
      [99.999, "THB", "฿100,00"],
      [1_000_000, "MYR", "RM1,00M"],
      [-5, "PHP", "-₱5,00"],
      [7, "EUR", "EUR 7,00"],
    ],
    rate: "12,35%",
    time: "03/05/2026, 15.05",
    date: "03/05/2026",
    relative: [
      "Baru saja",
      "12 menit yang lalu",
      "3 jam yang lalu",
      "29 hari yang lalu",
      "2 bulan yang lalu",
      "1 tahun yang lalu",
    ],
  },
  th: {
    counts: [
      [999, "999"],
      [1000, "1.0K"],
      [1250, "1.3K"],
      [999_950, "1.0M"],
      [3_400_000, "3.4M"],
      [5.6e9, "5.6B"],
      [7.8e12, "7.8T"],
      [-1500, "-1.5K"],
    ],
    money: [
      [12.5, "SGD", "S$12.50"],
      [1234.5, "VND", "1.23K₫"],
      [2_500_000, "VN", "2.50M₫"],
      [1500, "IDR", "Rp1.50RB"],
      [2_500_000, "ID", "Rp2.50JT"],
      [3e9, "IDR", "Rp3.00M"],
      [4e12, "IDR", "Rp4.00Y"],
      [99.999, "THB", "฿100.00"],
      [1_000_000, "MYR", "RM1.00M"],
      [-5, "PHP", "-₱5.00"],
      [7, "EUR", "EUR 7.00"],
    ],
    rate: "12.35%",
    time: "03/05/2569 15:05",
    date: "03/05/2569",
    relative: ["เมื่อสักครู่", "12 นาทีที่ผ่านมา", "3 ชั่วโมงที่ผ่านมา", "29 วันที่ผ่านมา", "2 เดือนที่ผ่านมา", "1 ปีที่แล้ว"],
  },
};

const NOW = Date.parse("2026-05-03T14:00:00Z");
const AGO = {
  justNow: 4 * 60_000 + 59_000,
  minutes: 12 * 60_000,
  hours: 3 * 3_600_000,
  days: 29 * 86_400_000,
  months: 65 * 86_400_000,
  years: 400 * 86_400_000,
};

describe.each(Object.entries(EXPECTED) as [Locale, Expected][])("%s", (locale, expected) => {
  test("counts: K/M/B/T with one decimal", () => {
    for (const [value, text] of expected.counts) expect(formatCount(value, locale), String(value)).toBe(text);
  });

  test("money: two decimals, rupiah units, dong after the number", () => {
    for (const [amount, currency, text] of expected.money)
      expect(formatMoney(amount, currency, locale), `${amount} ${currency}`).toBe(text);
  });

  test("rates: percent with two decimals", () => {
    expect(formatRate(0.12345, locale)).toBe(expected.rate);
  });

  test("time: London wall clock + 1 hour (BST in May: 13:05 UTC is 14:05 London, 15:05 business)", () => {
    expect(formatBusinessTime("2026-05-03T13:05:00Z", locale)).toBe(expected.time);
    expect(formatBusinessDate("2026-05-03", locale)).toBe(expected.date);
  });

  test("relative time: just now under 5 minutes, then minutes, hours, days under 30, months, years", async () => {
    await activateCatalog(locale);
    const texts = Object.values(AGO).map((ago) => formatRelativeTime(NOW - ago, NOW, locale));
    expect(texts).toEqual(expected.relative);
  });
});

describe("edge cases", () => {
  test("missing values show a dash", () => {
    expect(formatCount(null, "en")).toBe(NO_VALUE);
    expect(formatMoney(undefined, "VND", "en")).toBe(NO_VALUE);
    expect(formatRate(Number.NaN, "en")).toBe(NO_VALUE);
    expect(formatBusinessTime("not a date", "en")).toBe(NO_VALUE);
  });

  test("the business clock is London time + 1 h in winter and in summer", () => {
    expect(businessWallClock("2026-01-10T23:30:00Z").toISOString()).toBe("2026-01-11T00:30:00.000Z");
    expect(businessWallClock("2026-07-10T22:30:00Z").toISOString()).toBe("2026-07-11T00:30:00.000Z");
  });

  test("the business clock follows London's clock changes hour by hour, as ICU's time zone data has them", () => {
    const london = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += 30 * 60_000) {
      const parts = Object.fromEntries(london.formatToParts(time).map((part) => [part.type, Number(part.value)]));
      const expected = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour + 1, parts.minute);
      if (businessWallClock(time).getTime() !== expected)
        expect(new Date(time).toISOString()).toBe("consistent with ICU");
    }
    expect(businessWallClock("2026-03-29T00:59:59Z").toISOString()).toBe("2026-03-29T01:59:59.000Z");
    expect(businessWallClock("2026-03-29T01:00:00Z").toISOString()).toBe("2026-03-29T03:00:00.000Z");
    expect(businessWallClock("2026-10-25T00:59:59Z").toISOString()).toBe("2026-10-25T02:59:59.000Z");
    expect(businessWallClock("2026-10-25T01:00:00Z").toISOString()).toBe("2026-10-25T02:00:00.000Z");
  });

  test("durations", () => {
    expect(formatDuration(5)).toBe("0:05");
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(3725)).toBe("1:02:05");
  });

  test("under a thousand, money keeps two decimals without a unit", () => {
    expect(formatMoney(0, "SGD", "en")).toBe("S$0.00");
    expect(formatMoney(999.99, "VND", "en")).toBe("999.99₫");
  });
});

// The formats are written by hand (no Intl on the home screen's path); they must read exactly
// as Intl writes the same values in every locale.
describe.each(["zh", "en", "vi", "id", "th"] as Locale[])("%s matches Intl", (locale) => {
  // A fixed pseudo-random sequence (LCG), so a failure names a value that reproduces.
  const random = (() => {
    let state = 20261122;
    return () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  })();

  test("decimals, grouping and percents", () => {
    const values = [0, 1, 9.95, 1.005, 0.125, 999.995, 1234.5, -1234567.891, 12.345, 99.995];
    for (let index = 0; index < 2000; index++) values.push((random() - 0.3) * 10 ** Math.floor(random() * 10));
    for (const digits of [0, 1, 2]) {
      const intl = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      for (const value of values) {
        const expected = intl.format(value).replace(/^-0([.,]0*)?$/, "0$1");
        if (formatDecimal(value, digits, locale) !== expected)
          expect(`${value} with ${digits} decimals: ${formatDecimal(value, digits, locale)}`).toBe(expected);
      }
    }
    const percent = new Intl.NumberFormat(locale, {
      style: "percent",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    for (const value of values.slice(0, 500).map((v) => v / 1000)) {
      const expected = percent.format(value).replace(/^-(0[.,]00%)$/, "$1");
      if (formatRate(value, locale) !== expected) expect(`${value}: ${formatRate(value, locale)}`).toBe(expected);
    }
  });

  test("relative times", async () => {
    await activateCatalog(locale);
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: "always" });
    const now = Date.UTC(2026, 10, 22, 12);
    const cases: [elapsedMs: number, amount: number, unit: Intl.RelativeTimeFormatUnit][] = [];
    for (const minutes of [5, 6, 59]) cases.push([minutes * 60_000, minutes, "minute"]);
    for (const hours of [1, 2, 23]) cases.push([hours * 3_600_000, hours, "hour"]);
    for (const days of [1, 2, 29]) cases.push([days * 86_400_000, days, "day"]);
    for (const months of [1, 2, 11]) cases.push([months * 30 * 86_400_000, months, "month"]);
    for (const years of [1, 2, 1500]) cases.push([years * 365 * 86_400_000 + 1, years, "year"]);
    for (const [elapsed, amount, unit] of cases)
      expect(formatRelativeTime(now - elapsed, now, locale)).toBe(relative.format(-amount, unit));
  });

  test("business date and time", () => {
    const dateTime = new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const fullDate = new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const shortDate = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "numeric", day: "numeric" });
    for (let index = 0; index < 500; index++) {
      const instant = Date.UTC(2020, 0, 1) + Math.floor(random() * 12 * 365 * 86_400_000);
      expect(formatBusinessTime(instant, locale)).toBe(dateTime.format(businessWallClock(instant)));
      const day = new Date(instant).toISOString().slice(0, 10);
      expect(formatBusinessDate(day, locale)).toBe(fullDate.format(new Date(`${day}T00:00:00Z`)));
      expect(formatBusinessDate(day, locale, "short")).toBe(shortDate.format(new Date(`${day}T00:00:00Z`)));
    }
  });
});
