// The deployment facts the app needs before its first request, written by the server into
// index.html as one <meta name="shopradar-site" content="{json}"> (so they are there
// synchronously, without a round trip, and a CSP needs no inline script for them): whether the
// server runs in demo mode (the app shows a "Demo" badge), the cookie domain the session cookie
// may be shared on (COOKIE_DOMAIN; null = host-only), and the other origins a post-login
// `fromWebsite` address may lead to (RETURN_ORIGINS; the page's own origin is always allowed),
// and the community group links (COMMUNITY_*_URL; null = the app's built-in ones).

export const SITE_CONFIG_META = "shopradar-site";

/** The community groups' links a deployment sets; null keeps the app's built-in link. */
export interface CommunityLinks {
  whatsapp: string | null;
  zalo: string | null;
  wechat: string | null;
}

const NO_COMMUNITY_LINKS: CommunityLinks = Object.freeze({ whatsapp: null, zalo: null, wechat: null });

export interface SiteConfig {
  demoMode: boolean;
  /** e.g. "shopradar.com" to share the session with the desktop site; null = host-only cookies. */
  cookieDomain: string | null;
  /** Origins (scheme://host[:port]) besides the page's own that fromWebsite may lead to. */
  returnOrigins: string[];
  communityLinks: CommunityLinks;
}

/** What the app assumes without the meta tag (the Vite dev server, an old cached page): the safe side. */
export const DEFAULT_SITE_CONFIG: SiteConfig = Object.freeze({
  demoMode: false,
  cookieDomain: null,
  returnOrigins: [],
  communityLinks: NO_COMMUNITY_LINKS,
});

/** The meta tag's content (JSON); the server escapes it for the attribute. */
export function serializeSiteConfig(config: SiteConfig): string {
  return JSON.stringify({
    demo: config.demoMode,
    cookie_domain: config.cookieDomain,
    return_origins: config.returnOrigins,
    community: config.communityLinks,
  });
}

/** Reads the meta tag's content; anything missing or malformed falls back to the default. */
export function parseSiteConfig(content: string | null | undefined): SiteConfig {
  if (!content) return DEFAULT_SITE_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return DEFAULT_SITE_CONFIG;
  }
  if (typeof raw !== "object" || raw === null) return DEFAULT_SITE_CONFIG;
  const fields = raw as Record<string, unknown>;
  const origins = Array.isArray(fields.return_origins) ? fields.return_origins : [];
  const community = typeof fields.community === "object" && fields.community !== null ? fields.community : {};
  const link = (name: keyof CommunityLinks): string | null => {
    const value = (community as Record<string, unknown>)[name];
    return typeof value === "string" && value.startsWith("https://") ? value : null;
  };
  return {
    communityLinks: { whatsapp: link("whatsapp"), zalo: link("zalo"), wechat: link("wechat") },
    demoMode: fields.demo === true,
    cookieDomain: typeof fields.cookie_domain === "string" && fields.cookie_domain !== "" ? fields.cookie_domain : null,
    returnOrigins: origins.filter((origin): origin is string => typeof origin === "string"),
  };
}
