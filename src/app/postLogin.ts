// Where to go after a successful login (spec §2, login group): the address in query
// fromWebsite; else home when query from is present; else the previous page; else home.
import { hrefFor } from "./routes";

export interface PostLoginInput {
  query: URLSearchParams | string;
  previousPage?: string;
}

/** Only web addresses and same-site paths are followed, never javascript: and the like. */
const isNavigable = (address: string) => /^https?:\/\//i.test(address) || /^\/(?!\/)/.test(address);

export function resolvePostLoginTarget({ query, previousPage }: PostLoginInput): string {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const fromWebsite = params.get("fromWebsite");
  if (fromWebsite && isNavigable(fromWebsite)) return fromWebsite;
  if (params.has("from")) return hrefFor("index");
  if (previousPage && isNavigable(previousPage)) return previousPage;
  return hrefFor("index");
}
