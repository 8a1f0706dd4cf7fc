// Where to go after a successful login (login group): the address in query
// fromWebsite; else home when query from is present; else the previous page; else home. A
// Chinese-edition account login may first detour through /customerValid, which then continues
// to the same target. Only this site's own addresses are followed: same-site paths, and full
// addresses whose origin is the page's own or one of the configured RETURN_ORIGINS
// (siteConfig().returnOrigins); anything else (other sites, look-alike hosts, user-info tricks,
// protocol-relative `//host`, `javascript:`) counts as absent.
import { siteConfig } from "../platform/site-config";
import { hrefFor } from "./paths";

export interface PostLoginInput {
  query: URLSearchParams | string;
  previousPage?: string;
}

const isWebAddress = (address: string) => /^https?:\/\//i.test(address);
/** Backslashes, spaces and control characters make browsers read a path as another host ("/\evil"). */
const hasUnsafeCharacter = (address: string) =>
  /[\\\s]/.test(address) || [...address].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

/** The origins full addresses may lead to: the page's own and the configured ones (normalised). */
function allowedOrigins(): Set<string> {
  const origins = new Set([location.origin]);
  for (const origin of siteConfig().returnOrigins) {
    try {
      origins.add(new URL(origin).origin);
    } catch {
      // A malformed entry allows nothing.
    }
  }
  return origins;
}

/**
 * The address when it may be followed, else null: a same-site path (one leading slash) stays as
 * it is; a full http(s) address is allowed when it has no user info and its origin is allowed
 * (an address on the page's own origin becomes its path, so it opens in place).
 */
export function safeTarget(address: string | null | undefined): string | null {
  if (!address || hasUnsafeCharacter(address)) return null;
  if (/^\/(?![/])/.test(address)) {
    return new URL(address, location.origin).origin === location.origin ? address : null;
  }
  if (!isWebAddress(address)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.username || url.password || !allowedOrigins().has(url.origin)) return null;
  return url.origin === location.origin ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/** Whether an address may be followed after login (see safeTarget). */
export const isNavigable = (address: string): boolean => safeTarget(address) !== null;

export function resolvePostLoginTarget({ query, previousPage }: PostLoginInput): string {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const fromWebsite = safeTarget(params.get("fromWebsite"));
  if (fromWebsite) return fromWebsite;
  if (params.has("from")) return hrefFor("index");
  return safeTarget(previousPage) ?? hrefFor("index");
}

/** The support-contact page, which goes on to `target` (carried as its fromWebsite) afterwards. */
export const supportContactDetour = (target: string): string => hrefFor("customerValid", { fromWebsite: target });

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/**
 * Goes to a post-login target: another allowed site by a full page load, an app path in place.
 * The target is checked again here, so no caller can lead elsewhere; a refused one goes home.
 */
export function goToTarget(target: string, navigate: Navigate): void {
  const safe = safeTarget(target) ?? hrefFor("index");
  if (isWebAddress(safe)) location.assign(safe);
  else navigate(safe, { replace: true });
}
