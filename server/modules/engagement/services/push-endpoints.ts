// Which push endpoints the server will store and deliver to: https URLs whose host is one of the
// push services (PUSH_SERVICE_HOSTS), so a subscription can never make the server send requests
// to an address of the subscriber's choosing (an internal service, a metadata endpoint). A
// pattern's * stands for part of one label (wns2-*.notify.windows.com); a pattern written
// http://host also allows plain http to that host (a local push service in tests).

const PLAIN_HTTP = "http://";

function hostMatches(host: string, pattern: string): boolean {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[a-z0-9-]+");
  return new RegExp(`^${escaped}$`).test(host);
}

/** True when the endpoint is an https (or allowed http) URL on an allowed push-service host. */
export function pushEndpointAllowed(endpoint: string, patterns: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // URL keeps IPv6 hosts in brackets; patterns name hosts without them.
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return patterns.some((pattern) => {
    const http = pattern.startsWith(PLAIN_HTTP);
    if (url.protocol !== "https:" && !(http && url.protocol === "http:")) return false;
    return hostMatches(host, http ? pattern.slice(PLAIN_HTTP.length) : pattern);
  });
}
