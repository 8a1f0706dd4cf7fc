// The manifest file of each UI language, named in one place for the build (src/app/manifest.ts)
// and the page (manifest-link.ts). English keeps the build's own manifest.webmanifest.
import type { Locale } from "../../../contract/locales";

export const manifestHref = (locale: Locale): string =>
  locale === "en" ? "/manifest.webmanifest" : `/manifest-${locale}.webmanifest`;
