// Return URLs the gateway sends the browser back to must be paths on this site: never another
// origin (no scheme, no `//host`, no backslash tricks, no whitespace).
import { InputError } from "../../../lib/domain-error";

export function isSitePath(url: string): boolean {
  return /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url);
}

/** `returnUrl` when it is a site path, `fallback` when none was given; a 400 otherwise. */
export function sitePathOf(returnUrl: string | undefined, fallback: string): string {
  if (returnUrl === undefined || returnUrl === "") return fallback;
  if (!isSitePath(returnUrl))
    throw new InputError(`return_url must be a path on this site, such as ${fallback.split("?")[0]}`);
  return returnUrl;
}
