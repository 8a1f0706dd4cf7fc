// Loads a locale's PO catalog into the global i18n instance that both macros and <I18nProvider>
// use, in two parts (scripts/catalog-subsets.ts splits them at build, one chunk per locale and
// part): the first screen's messages when a locale is applied, and the rest, merged in, once the
// first page other than the home is about to render (`loadWholeCatalog`, called by the page
// loader) — the home does not download messages it never shows.
import { i18n, type Messages } from "@lingui/core";
import { SOURCE_LOCALE, type Locale } from "./locales";

export { i18n };

type CatalogModule = () => Promise<{ messages: Messages }>;

const firstParts = import.meta.glob<{ messages: Messages }>("../../locales/*/messages.po", { query: "?first" });
const restParts = import.meta.glob<{ messages: Messages }>("../../locales/*/messages.po", { query: "?rest" });

const part = (parts: Record<string, CatalogModule>, locale: Locale): CatalogModule =>
  parts[`../../locales/${locale}/messages.po`];

/** Set once a page needed the whole catalog: a later locale switch loads it whole too. */
let wholeWanted = false;
/** The locales whose rest is merged (or on its way). */
const restLoads = new Map<Locale, Promise<void>>();

function loadRest(locale: Locale): Promise<void> {
  let load = restLoads.get(locale);
  if (!load) {
    const merge = ({ messages }: { messages: Messages }) => i18n.load(locale, messages);
    load = part(restParts, locale)().then(merge, (error: unknown) => {
      // Offline before this locale's rest was cached: the precached English rest stands in, and
      // the locale's own is tried again next time.
      restLoads.delete(locale);
      if (locale === SOURCE_LOCALE) throw error;
      return part(restParts, SOURCE_LOCALE)().then(merge);
    });
    restLoads.set(locale, load);
  }
  return load;
}

export async function activateCatalog(locale: Locale): Promise<void> {
  const [{ messages }] = await Promise.all([part(firstParts, locale)(), wholeWanted ? loadRest(locale) : undefined]);
  i18n.load(locale, messages);
  i18n.activate(locale);
}

/** Merges the rest of the active locale's catalog (once); resolves when its messages are in. */
export function loadWholeCatalog(): Promise<void> {
  wholeWanted = true;
  // Before the first locale is active (a page preloaded at boot), activateCatalog loads it whole.
  return i18n.locale ? loadRest(i18n.locale as Locale) : Promise.resolve();
}
