// Cookie access for the session, locale and countdown values. Cookies are written
// on the parent domain of the current host so the mobile and desktop sites share a session;
// localhost and IP addresses get host-only cookies because browsers reject a domain there.

const DEFAULT_LIFETIME_SECONDS = 300; // default cookie lifetime 300 s

export interface CookieOptions {
  days?: number;
  seconds?: number;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The cookie domain for a host name: its parent domain, or undefined for a host-only cookie. */
export function cookieDomainFor(hostname: string): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (!host || host === "localhost" || host.endsWith(".localhost")) return undefined;
  if (IPV4.test(host) || host.includes(":") || host.startsWith("[")) return undefined;
  const labels = host.split(".");
  if (labels.length < 2) return undefined;
  // "m.shopradar.com" -> "shopradar.com"; a two-label host is its own parent (never a bare TLD).
  return labels.length === 2 ? host : labels.slice(1).join(".");
}

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split("; ")) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return undefined;
}

/** `lifetime` is a max-age or expires attribute. */
function write(name: string, value: string, lifetime: string, domain?: string): void {
  const attributes = ["path=/", lifetime, "samesite=lax"];
  if (domain) attributes.push(`domain=${domain}`);
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; ${attributes.join("; ")}`;
}

const EXPIRED = "expires=Thu, 01 Jan 1970 00:00:00 GMT";

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const seconds =
    options.days !== undefined ? Math.round(options.days * 86_400) : (options.seconds ?? DEFAULT_LIFETIME_SECONDS);
  const lifetime = `max-age=${seconds}`;
  const domain = cookieDomainFor(location.hostname);
  write(name, value, lifetime, domain);
  // A parent domain can be a public suffix (e.g. "co.uk") that the browser refuses: fall back.
  if (domain && getCookie(name) !== value) write(name, value, lifetime);
}

export function removeCookie(name: string): void {
  const domain = cookieDomainFor(location.hostname);
  if (domain) write(name, "", EXPIRED, domain);
  write(name, "", EXPIRED);
}
