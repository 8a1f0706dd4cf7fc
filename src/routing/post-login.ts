// Where to go after a successful login (login group): the address in query
// fromWebsite; else home when query from is present; else the previous page; else home. A
// Chinese-edition account login may first detour through /customerValid, which then continues
// to the same target.
import { hrefFor } from "./paths";

export interface PostLoginInput {
  query: URLSearchParams | string;
  previousPage?: string;
}

const isWebAddress = (address: string) => /^https?:\/\//i.test(address);
/** Only web addresses and same-site paths are followed, never javascript: and the like. */
const isNavigable = (address: string) => isWebAddress(address) || /^\/(?!\/)/.test(address);

export function resolvePostLoginTarget({ query, previousPage }: PostLoginInput): string {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const fromWebsite = params.get("fromWebsite");
  if (fromWebsite && isNavigable(fromWebsite)) return fromWebsite;
  if (params.has("from")) return hrefFor("index");
  if (previousPage && isNavigable(previousPage)) return previousPage;
  return hrefFor("index");
}

/** The support-contact page, which goes on to `target` (carried as its fromWebsite) afterwards. */
export const supportContactDetour = (target: string): string => hrefFor("customerValid", { fromWebsite: target });

export type Navigate = (to: string, options?: { replace?: boolean }) => void;

/** Goes to a post-login target: another site by a full page load, an app path in place. */
export function goToTarget(target: string, navigate: Navigate): void {
  if (isWebAddress(target)) location.assign(target);
  else navigate(target, { replace: true });
}
