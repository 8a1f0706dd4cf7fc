// Points the document's <link rel="manifest"> at the current UI language's manifest, so an
// install shows the app's name and shortcuts in that language.
import { useEffect } from "react";
import type { Locale } from "../../i18n/locales";
import { useLocale } from "../../state/system";
import { manifestHref } from "./manifest-files";

export function setManifestLink(locale: Locale, doc: Document = document): void {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link && link.getAttribute("href") !== manifestHref(locale)) link.setAttribute("href", manifestHref(locale));
}

export function useLocaleManifest(): void {
  const locale = useLocale();
  useEffect(() => setManifestLink(locale), [locale]);
}
