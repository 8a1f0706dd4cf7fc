// Which locale this visit starts in: contract/locales.ts's rule (the responsive-locale cookie,
// else the browser language's prefix, else English) applied to this browser.
import { LOCALE_COOKIE } from "../../contract/cookies";
import { detectLocale, type Locale } from "../../contract/locales";
import { getCookie } from "../platform/cookies";

export { detectLocale, LOCALE_COOKIE };

export function preferredLocale(): Locale {
  return detectLocale(getCookie(LOCALE_COOKIE), navigator.language);
}
