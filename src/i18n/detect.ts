// Which locale to start in (spec §9): the saved choice in the responsive-locale cookie, else
// the browser language prefix (zh, vi, id, th), else English.
import { getCookie } from "../lib/cookies";
import { isLocale, SOURCE_LOCALE, type Locale } from "./locales";

export const LOCALE_COOKIE = "responsive-locale";

export function detectLocale(saved: string | undefined, browserLanguage: string | undefined): Locale {
  if (isLocale(saved)) return saved;
  const prefix = browserLanguage?.toLowerCase().split(/[-_]/)[0];
  return isLocale(prefix) ? prefix : SOURCE_LOCALE;
}

export function preferredLocale(): Locale {
  return detectLocale(getCookie(LOCALE_COOKIE), navigator.language);
}
