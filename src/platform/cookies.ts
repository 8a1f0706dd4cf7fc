// Cookie access for the session, locale and countdown values. Safe by default: cookies are
// host-only unless the deployment configured a shared domain (COOKIE_DOMAIN, which reaches the
// app as siteConfig().cookieDomain), and only when that domain really is the current host or a
// parent of it; over HTTPS every cookie is `Secure`. Writing or removing a cookie also expires
// same-named copies on the host's other domains (left by an older build that always used the
// parent domain, or by a changed COOKIE_DOMAIN), so a stale copy can never shadow the new one.
import { siteConfig } from "./site-config";

const DEFAULT_LIFETIME_SECONDS = 300; // default cookie lifetime 300 s

export interface CookieOptions {
  days?: number;
  seconds?: number;
}

const normalizeHost = (name: string) => name.trim().toLowerCase().replace(/^\./, "").replace(/\.$/, "");

/**
 * The configured cookie domain when it is the current host or one of its parents (and the host
 * is a name, not an address); undefined = host-only. A domain that does not fit the host is
 * ignored rather than written (the browser would drop such a cookie).
 */
export function sharedCookieDomain(hostname = location.hostname): string | undefined {
  const configured = siteConfig().cookieDomain;
  if (!configured) return undefined;
  const domain = normalizeHost(configured);
  const host = normalizeHost(hostname);
  if (!domain.includes(".") || /^[\d.]+$/.test(host) || host.includes(":")) return undefined;
  return host === domain || host.endsWith(`.${domain}`) ? domain : undefined;
}

/** The host and each of its parents with at least two labels: every domain a copy may sit on. */
function domainsOf(hostname: string): string[] {
  const host = normalizeHost(hostname);
  if (/^[\d.]+$/.test(host) || host.includes(":") || !host.includes(".")) return [];
  const labels = host.split(".");
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split("; ")) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** `lifetime` is a max-age or expires attribute; no domain = host-only. */
function write(name: string, value: string, lifetime: string, domain?: string): void {
  const attributes = ["path=/", lifetime, "samesite=lax"];
  if (location.protocol === "https:") attributes.push("secure");
  if (domain) attributes.push(`domain=${domain}`);
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes.join("; ")}`;
}

const EXPIRED = "expires=Thu, 01 Jan 1970 00:00:00 GMT";

/** Expires the cookie everywhere it may be, except on `keep` (a domain, or "" for the host-only copy). */
function expireCopies(name: string, keep?: string): void {
  if (keep !== "") write(name, "", EXPIRED);
  for (const domain of domainsOf(location.hostname)) if (domain !== keep) write(name, "", EXPIRED, domain);
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const seconds =
    options.days !== undefined ? Math.round(options.days * 86_400) : (options.seconds ?? DEFAULT_LIFETIME_SECONDS);
  const lifetime = `max-age=${seconds}`;
  const domain = sharedCookieDomain();
  expireCopies(name, domain ?? "");
  write(name, value, lifetime, domain);
  // The configured domain can be a public suffix (e.g. "co.uk") that the browser refuses: fall back.
  if (domain && getCookie(name) !== value) write(name, value, lifetime);
}

/** Removes the cookie: the host-only copy, the configured domain's and any other domain's. */
export function removeCookie(name: string): void {
  expireCopies(name);
}
