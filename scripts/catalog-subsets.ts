// The locale catalogs in two parts (a Vite plugin): `messages.po?first` holds every message the
// first screen may show (the app shell, the home, the overlays, components, API errors: all but
// what only a non-home page shows), `messages.po?rest` the messages whose every origin is such a
// page under src/pages/ or a feature only such pages use. src/i18n/catalog.ts loads the first part at boot and merges the rest
// before the first page other than the home renders (src/routing/page-loader.ts), so the home
// does not download the whole catalog. Compiled as the Lingui plugin compiles `messages.po`.
import { relative } from "node:path";
import type { Plugin } from "vite";
import { getConfig } from "@lingui/conf";
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from "@lingui/cli/api";

const SUBSET_ID = /\/locales\/\w+\/messages\.po\?(first|rest)$/;

/** Files under src/pages/ the first screen may render: the home and the overlays OverlayHost
 *  shows (with what they import from src/pages/login/). */
const FIRST_SCREEN_PAGES = [
  "src/pages/tab/HomePage.tsx",
  "src/pages/tab/HomeHeader.tsx",
  "src/pages/tab/HomeSectionCard.tsx",
  "src/pages/tab/home-sections.ts",
  "src/pages/login/CaptchaDialog.tsx",
  "src/pages/login/GoogleCheckDialog.tsx",
  "src/pages/login/google.ts",
  "src/pages/login/login-flow.ts",
];

/** Features only pages other than the home import (keep in step when one gets a new importer). */
const PAGE_ONLY_FEATURES = ["calculator", "commerce", "export", "invites", "location", "monitoring"].map(
  (feature) => `src/features/${feature}/`,
);

const pageOnlyFile = (file: string) =>
  (file.startsWith("src/pages/") && !FIRST_SCREEN_PAGES.includes(file)) ||
  PAGE_ONLY_FEATURES.some((prefix) => file.startsWith(prefix));

/** Whether a message with these origins is shown only by pages other than the home. */
export function pageOnly(origins: string[]): boolean {
  return origins.length > 0 && origins.every(pageOnlyFile);
}

export function catalogSubsets(): Plugin {
  const config = getConfig();
  return {
    name: "shopradar-catalog-subsets",
    transform: {
      filter: { id: SUBSET_ID },
      async handler(_source, id) {
        const subset = SUBSET_ID.exec(id)?.[1];
        if (!subset) return null;
        const path = id.slice(0, id.indexOf("?"));
        const file = relative(config.rootDir ?? process.cwd(), path);
        const found = getCatalogForFile(file, await getCatalogs(config));
        if (!found) throw new Error(`${file} is not a Lingui catalog`);
        const { locale, catalog } = found;
        this.addWatchFile(path);
        const [{ messages }, entries] = await Promise.all([
          catalog.getTranslations(locale, {
            fallbackLocales: config.fallbackLocales || {},
            sourceLocale: config.sourceLocale ?? locale,
          }),
          catalog.read(locale),
        ]);
        const wanted = Object.keys(messages).filter(
          (key) => pageOnly((entries[key]?.origin ?? []).map(([origin]) => origin)) === (subset === "rest"),
        );
        const { source, errors } = createCompiledCatalog(
          locale,
          Object.fromEntries(wanted.map((key) => [key, messages[key]])),
          { namespace: "es" },
        );
        if (errors.length > 0) throw new Error(`${file}: ${errors.length} messages do not compile`);
        return { code: source, map: null, moduleType: "js" };
      },
    },
  };
}
