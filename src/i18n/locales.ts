// The locale registry: the five product languages, their native names (shown untranslated in
// the language switcher, as is customary) and the language code the API expects.

export const LOCALES = ["zh", "en", "vi", "id", "th"] as const;
export type Locale = (typeof LOCALES)[number];

export const SOURCE_LOCALE: Locale = "en";

export const NATIVE_NAMES: Record<Locale, string> = {
  zh: "简体中文",
  en: "English",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  th: "ไทย",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The x-language header value: the API knows Chinese as zh_CN (spec §7). */
export function apiLanguage(locale: Locale): string {
  return locale === "zh" ? "zh_CN" : locale;
}
