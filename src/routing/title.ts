// The document title rule: route title plus the brand suffix — the Chinese form for
// the Chinese locale, the English form otherwise — unless the query has noChangeDocTitle.
// The brand is a name, not a phrase, so it is a constant rather than a message.
import type { Locale } from "../i18n/locales";

export const BRAND_NAME: Record<"zh" | "other", string> = { zh: "商品雷达 ShopRadar", other: "ShopRadar" };

export function brandName(locale: Locale): string {
  return locale === "zh" ? BRAND_NAME.zh : BRAND_NAME.other;
}

export function documentTitle(title: string, locale: Locale): string {
  return locale === "zh" ? `${title} - ${brandName(locale)}` : `${title} | ${brandName(locale)}`;
}

export function keepsDocumentTitle(search: string): boolean {
  return new URLSearchParams(search).has("noChangeDocTitle");
}
