// The deployment facts the server wrote into index.html (contract/site-config.ts), read once.
import { parseSiteConfig, SITE_CONFIG_META, type SiteConfig } from "../../contract/site-config";

let cached: SiteConfig | undefined;

export function siteConfig(): SiteConfig {
  cached ??= parseSiteConfig(document.querySelector(`meta[name="${SITE_CONFIG_META}"]`)?.getAttribute("content"));
  return cached;
}

/** Tests change the page's meta tag between cases. */
export function forgetSiteConfig(): void {
  cached = undefined;
}
