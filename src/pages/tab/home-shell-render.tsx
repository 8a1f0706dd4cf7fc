// Build-time entry (loaded by scripts/home-shell.ts through Vite's SSR module loader, never part
// of the app's bundle): the home page's first screen as React renders it, HomeHeader inside the
// route view's page frame, once per UI language with that language's compiled catalog. The
// build puts these into index.html, where a tiny inline script picks one before any JavaScript.
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { DEFAULT_MARKET } from "../../api/entities";
import { LOCALES, type Locale } from "../../i18n/locales";
import { MARKET_STORAGE_KEY, setMarket } from "../../state/rank-discover";
import { setLocale } from "../../state/system";
import { HomeHeader } from "./HomeHeader";

const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  zh: () => import("../../../locales/zh/messages.po"),
  en: () => import("../../../locales/en/messages.po"),
  vi: () => import("../../../locales/vi/messages.po"),
  id: () => import("../../../locales/id/messages.po"),
  th: () => import("../../../locales/th/messages.po"),
};

export interface RenderedShell {
  /** The markup for #root. */
  html: string;
  /** The ids of the messages it shows (the build checks each has a translation). */
  messageIds: string[];
}

/** Notes every message id the render asks the catalog for. */
function recordIds(i18n: I18n, ids: Set<string>): void {
  const translate = i18n._.bind(i18n);
  i18n._ = (id: string | { id: string }, ...rest: unknown[]) => {
    ids.add(typeof id === "string" ? id : id.id);
    return (translate as (...args: unknown[]) => string)(id, ...rest);
  };
}

/**
 * The home's first screen in `locale`: the route view's frame (page, tab page, body) around
 * HomeHeader, with the default market chosen (the inline script selects the saved one). Marked
 * data-static-shell; test ids are left out, so tests and tools wait for React's own header, and
 * the market select takes no focus until React's replaces it.
 */
export async function renderHomeShell(locale: Locale): Promise<RenderedShell> {
  const { messages } = await CATALOGS[locale]();
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  const ids = new Set<string>();
  recordIds(i18n, ids);
  setLocale(locale);
  setMarket(DEFAULT_MARKET);
  const html = renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Router ssrPath="/">
        <div className="page page--tab" data-static-shell="home">
          <main className="page__body">
            <HomeHeader />
          </main>
        </div>
      </Router>
    </I18nProvider>,
  );
  return {
    html: html.replace(/ data-testid="[^"]*"/g, "").replace("<select ", '<select tabindex="-1" '),
    messageIds: [...ids],
  };
}

export interface HomeShells {
  locales: Record<Locale, RenderedShell>;
  /** Where the app keeps the chosen market (localStorage), for the inline script. */
  marketStorageKey: string;
}

export async function renderHomeShells(): Promise<HomeShells> {
  const locales = {} as Record<Locale, RenderedShell>;
  for (const locale of LOCALES) locales[locale] = await renderHomeShell(locale);
  return { locales, marketStorageKey: MARKET_STORAGE_KEY };
}
