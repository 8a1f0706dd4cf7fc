// Lingui configuration: the five locales of the product and where their PO catalogs live.
import type { LinguiConfig } from "@lingui/conf";

const config: LinguiConfig = {
  sourceLocale: "en",
  locales: ["zh", "en", "vi", "id", "th"],
  fallbackLocales: { default: "en" },
  format: "po",
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/src"],
    },
  ],
  orderBy: "messageId",
};

export default config;
