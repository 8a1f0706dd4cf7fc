// Loads a locale's PO catalog (one lazily loaded chunk per locale, compiled by the Lingui Vite
// plugin) into the global i18n instance that both macros and <I18nProvider> use.
import { i18n, type Messages } from "@lingui/core";
import type { Locale } from "./locales";

export { i18n };

export async function activateCatalog(locale: Locale): Promise<void> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages };
  i18n.loadAndActivate({ locale, messages });
}
