// How figures and times read on every data screen: counts with K/M/B/T and one
// decimal; money with two decimals in the market's currency (Indonesian rupiah with its own
// RB/JT/M/Y units, the Vietnamese dong sign after the number); rates as percent with two
// decimals; times on the business clock (London wall-clock time plus one hour, the clock the
// data is cut on); relative times from "just now" to years. Numbers and dates are written by
// hand with each UI locale's separators and date order, exactly as Intl writes them (a unit
// test compares the two): the first Intl.NumberFormat or DateTimeFormat loads locale data in
// one native call of 50-100 ms on a slow phone, and the home screen needs none. Relative times
// ("just now", "3 hours ago") are Lingui messages worded as Intl.RelativeTimeFormat words them.
import { t } from "@lingui/core/macro";
import { COUNTRY_CURRENCY, CURRENCY_DECIMALS } from "../../contract/commerce";
import type { Locale } from "../i18n/locales";

/** What a missing figure (null, not a number) shows. */
export const NO_VALUE = "-";

interface Unit {
  size: number;
  suffix: string;
}

/** Compact counts: K 1e3, M 1e6, B 1e9, T 1e12. */
const COUNT_UNITS: readonly Unit[] = [
  { size: 1e12, suffix: "T" },
  { size: 1e9, suffix: "B" },
  { size: 1e6, suffix: "M" },
  { size: 1e3, suffix: "K" },
];

/** Indonesian rupiah: ribu, juta, miliar and the spec's Y for 1e12. */
const RUPIAH_UNITS: readonly Unit[] = [
  { size: 1e12, suffix: "Y" },
  { size: 1e9, suffix: "M" },
  { size: 1e6, suffix: "JT" },
  { size: 1e3, suffix: "RB" },
];

/** Each UI locale's decimal and thousands separators (as Intl writes them). */
const SEPARATORS: Readonly<Record<Locale, { decimal: string; group: string }>> = {
  zh: { decimal: ".", group: "," },
  en: { decimal: ".", group: "," },
  th: { decimal: ".", group: "," },
  vi: { decimal: ",", group: "." },
  id: { decimal: ",", group: "." },
};

/**
 * `value` with exactly `digits` decimals, rounded half away from zero on its decimal digits
 * (shifting through the exponent, so 1.005 is 1.01 as Intl has it), thousands grouped.
 */
export function formatDecimal(value: number, digits: number, locale: Locale): string {
  const { decimal, group } = SEPARATORS[locale];
  const magnitude = Math.abs(value);
  const shifted = Number(`${magnitude}e${digits}`);
  const units = Math.round(Number.isFinite(shifted) ? shifted : magnitude * 10 ** digits);
  const [whole, fraction] = (units / 10 ** digits).toFixed(digits).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const text = fraction ? `${grouped}${decimal}${fraction}` : grouped;
  return value < 0 && units > 0 ? `-${text}` : text;
}

const isNumber = (value: number | null | undefined): value is number =>
  typeof value === "number" && Number.isFinite(value);

/**
 * `value` in the largest unit it reaches once rounded to `digits` decimals, so a value that
 * rounds up moves to the next unit (999,950 is 1.0M, not 1000.0K) and 999.99 stays as it is.
 */
function compact(value: number, locale: Locale, digits: number, units: readonly Unit[]): string {
  const factor = 10 ** digits;
  const round = (n: number) => Math.round(n * factor) / factor;
  const magnitude = Math.abs(value);
  let unit: Unit = { size: 1, suffix: "" };
  for (const larger of [...units].reverse()) {
    if (round(magnitude / unit.size) * unit.size >= larger.size) unit = larger;
  }
  const scaled = round(magnitude / unit.size);
  const figure = `${formatDecimal(scaled, digits, locale)}${unit.suffix}`;
  return value < 0 && scaled > 0 ? `-${figure}` : figure;
}

/** A count: 999, 1.2K, 3.4M, 5.6B, 7.8T (under 1000: as is, without decimals). */
export function formatCount(value: number | null | undefined, locale: Locale): string {
  if (!isNumber(value)) return NO_VALUE;
  if (Math.abs(value) < 1000) return formatDecimal(value, 0, locale);
  return compact(value, locale, 1, COUNT_UNITS);
}

/** Symbols written before the number; the dong (VND) is written after it. */
const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  IDR: "Rp",
  THB: "฿",
  MYR: "RM",
  PHP: "₱",
  SGD: "S$",
  USD: "US$",
  CNY: "¥",
};

/** A formatted figure with its currency: the dong after it, a symbol before it, else the ISO code. */
function withCurrencySymbol(figure: string, code: string): string {
  if (code === "VND") return `${figure}₫`;
  const symbol = CURRENCY_SYMBOLS[code];
  if (!symbol) return `${code} ${figure}`;
  return figure.startsWith("-") ? `-${symbol}${figure.slice(1)}` : `${symbol}${figure}`;
}

/** An ISO currency code, or a market (checkout country) code of the data read as its currency. */
const currencyCodeOf = (currency: string): string =>
  (COUNTRY_CURRENCY as Readonly<Record<string, string>>)[currency] ?? currency;

/**
 * An amount of money (major units) with two decimals: 12.50 under a thousand, then compacted
 * (K/M/B/T; RB/JT/M/Y for rupiah). `currency` is an ISO code or a market code of the data.
 */
export function formatMoney(amount: number | null | undefined, currency: string, locale: Locale): string {
  if (!isNumber(amount)) return NO_VALUE;
  const code = currencyCodeOf(currency);
  return withCurrencySymbol(compact(amount, locale, 2, code === "IDR" ? RUPIAH_UNITS : COUNT_UNITS), code);
}

/**
 * An exact price (checkout, invoices): the amount with its currency's decimals (0 for the dong
 * and the rupiah, else 2), digits grouped per locale, never compacted, with the symbols of
 * formatMoney (the dong after the number). `currency` is an ISO code or a market code.
 */
export function formatPrice(amount: number | null | undefined, currency: string, locale: Locale): string {
  if (!isNumber(amount)) return NO_VALUE;
  const code = currencyCodeOf(currency);
  return withCurrencySymbol(formatDecimal(amount, CURRENCY_DECIMALS[code] ?? 2, locale), code);
}

/** A rate given as a fraction (0.1234) as a percent with two decimals (12.34%). */
export function formatRate(fraction: number | null | undefined, locale: Locale): string {
  if (!isNumber(fraction)) return NO_VALUE;
  const percent = Number(`${fraction}e2`);
  return `${formatDecimal(Number.isFinite(percent) ? percent : fraction * 100, 2, locale)}%`;
}

/** A duration in seconds as m:ss (or h:mm:ss). */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, "0");
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(whole % 60)}` : `${minutes}:${pad(whole % 60)}`;
}

// ---------------------------------------------------------------------------------------------
// Business time: London wall-clock time + 1 hour (the data's clock, see docs/data-engine.md).

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when UK clocks change. */
function ukClockChange(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY;
}

/**
 * The business clock's wall time of `instant`, as a Date whose UTC fields carry it. London is
 * on UTC+1 from the last Sunday of March to the last Sunday of October (01:00 UTC both, the UK
 * rule since 1996), else on UTC. Computed instead of asked of a time-zone Intl.DateTimeFormat:
 * creating one loads ICU's zone data, about 180 ms of main thread on a throttled phone.
 */
export function businessWallClock(instant: Date | string | number): Date {
  const time = Math.floor(new Date(instant).getTime() / 1000) * 1000;
  const year = new Date(time).getUTCFullYear();
  const summer = time >= ukClockChange(year, 2) && time < ukClockChange(year, 9);
  return new Date(time + (summer ? 2 : 1) * HOUR);
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** A wall-clock date (UTC fields) as each locale writes year, month and day (Thai: Buddhist era). */
function writtenDate(wall: Date, locale: Locale, style: "full" | "short"): string {
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  if (style === "short") return locale === "zh" || locale === "en" ? `${month}/${day}` : `${day}/${month}`;
  const year = wall.getUTCFullYear() + (locale === "th" ? 543 : 0);
  if (locale === "zh") return `${year}/${pad2(month)}/${pad2(day)}`;
  if (locale === "en") return `${pad2(month)}/${pad2(day)}/${year}`;
  return `${pad2(day)}/${pad2(month)}/${year}`;
}

/** A wall-clock date and 24-hour time (UTC fields) in each locale's order. */
function writtenDateTime(wall: Date, locale: Locale): string {
  const date = writtenDate(wall, locale, "full");
  const hours = pad2(wall.getUTCHours());
  const minutes = pad2(wall.getUTCMinutes());
  switch (locale) {
    case "en":
      return `${date}, ${hours}:${minutes}`;
    case "id":
      return `${date}, ${hours}.${minutes}`;
    case "vi":
      return `${hours}:${minutes} ${date}`;
    default:
      return `${date} ${hours}:${minutes}`;
  }
}

/** An instant as date and time on the business clock (e.g. the time of the data shown). */
export function formatBusinessTime(instant: Date | string | number | null | undefined, locale: Locale): string {
  if (instant === null || instant === undefined || Number.isNaN(new Date(instant).getTime())) return NO_VALUE;
  return writtenDateTime(businessWallClock(instant), locale);
}

/** The wall-clock fields of `instant` in the viewer's own time zone, as a Date's UTC fields. */
function localWallClock(instant: Date | string | number): Date {
  const date = new Date(instant);
  return new Date(
    Date.UTC(
      date.getFullYear(),
      date.getMonth(),
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ),
  );
}

const isInstant = (instant: Date | string | number | null | undefined): instant is Date | string | number =>
  instant !== null && instant !== undefined && !Number.isNaN(new Date(instant).getTime());

/** An instant's calendar date in the viewer's time zone (an order's date, a plan's end date). */
export function formatDate(instant: Date | string | number | null | undefined, locale: Locale): string {
  return isInstant(instant) ? writtenDate(localWallClock(instant), locale, "full") : NO_VALUE;
}

/** An instant's date and time in the viewer's time zone. */
export function formatDateTime(instant: Date | string | number | null | undefined, locale: Locale): string {
  return isInstant(instant) ? writtenDateTime(localWallClock(instant), locale) : NO_VALUE;
}

/** A business date (YYYY-MM-DD) in full, or `short` (day and month, for chart axes). */
export function formatBusinessDate(date: string, locale: Locale, style: "full" | "short" = "full"): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return NO_VALUE;
  return writtenDate(day, locale, style);
}

// ---------------------------------------------------------------------------------------------
// Relative time: under 5 minutes "just now", then minutes, hours, days under 30,
// months, years.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type TimeUnit = "minute" | "hour" | "day" | "month" | "year";

/** "N units ago" as Intl.RelativeTimeFormat (numeric: always) writes it, from the catalogs. */
function ago(amount: number, unit: TimeUnit, locale: Locale): string {
  const count = formatDecimal(amount, 0, locale);
  const one = amount === 1;
  switch (unit) {
    case "minute":
      return one ? t`${count} minute ago` : t`${count} minutes ago`;
    case "hour":
      return one ? t`${count} hour ago` : t`${count} hours ago`;
    case "day":
      return one ? t`${count} day ago` : t`${count} days ago`;
    case "month":
      return one ? t`${count} month ago` : t`${count} months ago`;
    case "year":
      return one ? t`${count} year ago` : t`${count} years ago`;
  }
}

export function formatRelativeTime(instant: Date | string | number, now: Date | number, locale: Locale): string {
  const elapsed = new Date(now).getTime() - new Date(instant).getTime();
  if (Number.isNaN(elapsed)) return NO_VALUE;
  if (elapsed < 5 * MINUTE) return t`Just now`;
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), "minute", locale);
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), "hour", locale);
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return ago(days, "day", locale);
  const months = Math.floor(days / 30);
  if (months < 12) return ago(months, "month", locale);
  return ago(Math.max(1, Math.floor(days / 365)), "year", locale);
}

/**
 * The ages (ms elapsed) from `from` to `to` at which formatRelativeTime's words can change:
 * `from` itself, then 5 minutes, each minute to the hour, each hour to the day, each day to 30
 * days, each 30 days to 12 of them, each year. Between two of them the words stay the same, so
 * a table of the words at these ages gives the words at any age (list snapshots carry one).
 */
export function relativeTimeSteps(from: number, to: number): number[] {
  const steps = [from];
  const add = (at: number) => {
    if (at > from && at < to) steps.push(at);
  };
  add(5 * MINUTE);
  for (let minutes = 6; minutes < 60; minutes++) add(minutes * MINUTE);
  for (let hours = 1; hours < 24; hours++) add(hours * HOUR);
  for (let days = 1; days < 30; days++) add(days * DAY);
  for (let months = 1; months <= 12; months++) add(months * 30 * DAY);
  for (let years = Math.max(2, Math.floor(from / (365 * DAY))); years * 365 * DAY < to; years++) add(years * 365 * DAY);
  return steps;
}
