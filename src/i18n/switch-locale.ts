// Putting a locale into effect: catalog, <html lang>, the system store (locale and edition),
// and for a user's explicit choice also the responsive-locale cookie (kept one year).
import { setCookie } from "../platform/cookies";
import { setLocale } from "../state/system";
import { activateCatalog } from "./catalog";
import { LOCALE_COOKIE } from "../../contract/cookies";
import type { Locale } from "./locales";

export async function applyLocale(locale: Locale): Promise<void> {
  await activateCatalog(locale);
  document.documentElement.lang = locale;
  setLocale(locale);
}

export async function switchLocale(locale: Locale): Promise<void> {
  setCookie(LOCALE_COOKIE, locale, { days: 365 });
  await applyLocale(locale);
}
