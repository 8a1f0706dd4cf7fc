// TRUST_PROXY as Fastify takes it. Addresses and CIDR ranges pass through (proxy-addr checks
// each hop against them). A hop count becomes a function trusting that many hops from the
// server: Fastify 5 no longer honours a number (it cannot tell whether the nearest peer really
// is a proxy), so a count is only right when every request reaches the server through those
// proxies; otherwise list the proxies' addresses.
import type { TrustProxy } from "../config";

export type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

export function fastifyTrustProxy(setting: TrustProxy): FastifyTrustProxy {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}
