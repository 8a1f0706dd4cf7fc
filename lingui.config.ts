// Lingui configuration: the five locales of the product and where their PO catalogs live.
import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { DEFAULT_LOCALE, LOCALES } from "./contract/locales.ts";

const config: LinguiConfig = {
  sourceLocale: DEFAULT_LOCALE,
  locales: [...LOCALES],
  fallbackLocales: { default: DEFAULT_LOCALE },
  // Origins without line numbers: moving a string within its file must not change the
  // catalogs (CI fails when extraction would change them).
  format: formatter({ lineNumbers: false }),
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      // The server's monitor alert words (explicit ids; server/lib/translations.ts reads them).
      include: ["<rootDir>/src", "<rootDir>/server/modules/monitoring/alert-messages.ts"],
    },
  ],
  orderBy: "messageId",
};

export default config;
