// Return URLs the gateway sends the browser back to must be paths on this site
// (lib/site-path.ts): a request naming another one is a 400.
import { InputError } from "../../../lib/domain-error";
import { isSitePath } from "../../../lib/site-path";

/** `returnUrl` when it is a site path, `fallback` when none was given; a 400 otherwise. */
export function sitePathOf(returnUrl: string | undefined, fallback: string): string {
  if (returnUrl === undefined || returnUrl === "") return fallback;
  if (!isSitePath(returnUrl))
    throw new InputError(`return_url must be a path on this site, such as ${fallback.split("?")[0]}`);
  return returnUrl;
}
