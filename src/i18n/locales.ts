// The locale registry of the app: the five product languages and their rule come from
// contract/locales.ts (the service worker and the build's home shell use the same); here only
// what the UI adds, their native names (shown untranslated in the language switcher, as is
// customary).
import { DEFAULT_LOCALE, type Locale } from "../../contract/locales";

export { apiLanguage, isLocale, LOCALES, type Locale } from "../../contract/locales";

/** The language of the catalogs' source text (the default locale). */
export const SOURCE_LOCALE: Locale = DEFAULT_LOCALE;

export const NATIVE_NAMES: Record<Locale, string> = {
  zh: "简体中文",
  en: "English",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  th: "ไทย",
};
