// Keeps document.title in step with the page and the locale.
import { useEffect } from "react";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useSearch } from "wouter";
import type { Locale } from "../i18n/locales";
import { documentTitle, keepsDocumentTitle } from "../routing/title";

export function useDocumentTitle(title: MessageDescriptor): void {
  const { i18n } = useLingui();
  const search = useSearch();
  const text = i18n._(title);
  const locale = i18n.locale as Locale;
  useEffect(() => {
    if (!keepsDocumentTitle(search)) document.title = documentTitle(text, locale);
  }, [text, locale, search]);
}
