// The app's UI languages and how a visit picks one, shared by the app (src/i18n), the service
// worker (which paints a saved list in the language the app will start in) and the build's home
// shell (whose inline script runs the very same `pickLocale`, see scripts/home-shell.ts).
// Rule: the saved choice (the responsive-locale cookie), else the browser language's prefix
// (zh, vi, id, th), else English.

export const LOCALES = ["zh", "en", "vi", "id", "th"] as const;
export type Locale = (typeof LOCALES)[number];

/** The language of the messages' source text, and the one a visit falls back to. */
export const DEFAULT_LOCALE: Locale = "en";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).indexOf(value) >= 0;
}

/**
 * The rule itself, over any list of locales. It uses nothing but its parameters and plain
 * ES2017, so the home shell's inline script runs its source text (Function.prototype.toString)
 * before any module has loaded: keep it free of outside names and newer syntax.
 */
export function pickLocale(
  cookieValue: string | null | undefined,
  browserLanguage: string | null | undefined,
  locales: readonly string[],
  fallback: string,
): string {
  if (cookieValue && locales.indexOf(cookieValue) >= 0) return cookieValue;
  const prefix = String(browserLanguage || "")
    .toLowerCase()
    .split(/[-_]/)[0];
  return prefix && locales.indexOf(prefix) >= 0 ? prefix : fallback;
}

/** The locale a visit starts in, from the responsive-locale cookie's value and navigator.language. */
export function detectLocale(
  cookieValue: string | null | undefined,
  browserLanguage: string | null | undefined,
): Locale {
  return pickLocale(cookieValue, browserLanguage, LOCALES, DEFAULT_LOCALE) as Locale;
}

/** The x-language header's value for a locale: the API knows Chinese as zh_CN. */
export function apiLanguage(locale: Locale): string {
  return locale === "zh" ? "zh_CN" : locale;
}
