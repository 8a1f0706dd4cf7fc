// Cache-Control for answers that belong to one caller: `private, no-store` on every account
// answer (/v1/user/*), every dev page (/__dev/*), and every API answer to a request that carries
// a session token (favourites, monitor accounts, the current user, quotas, and lists and details
// cut to the caller's plan), so neither a shared cache nor the browser's HTTP cache keeps them.
// A route may declare that its answer is the same for everyone (config.sharedCache) and keep its
// own policy. Visitors' rank lists keep theirs. The service worker's data caches (Cache API) do
// not read Cache-Control, so a signed-in user's offline copies are unaffected.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { TOKEN_HEADER } from "../../contract/http-headers";
import { isApiPath } from "../lib/api";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The answer is the same for every caller: keep the route's own Cache-Control. */
    sharedCache?: boolean;
  }
}

export const PRIVATE_NO_STORE = "private, no-store";
const ALWAYS_PRIVATE = ["/v1/user/", "/__dev/"];

function isPrivateAnswer(request: FastifyRequest): boolean {
  if (request.routeOptions.config.sharedCache === true) return false;
  if (ALWAYS_PRIVATE.some((prefix) => request.url.startsWith(prefix))) return true;
  return request.headers[TOKEN_HEADER] !== undefined && isApiPath(request.url);
}

export function applyPrivateAnswers(app: FastifyInstance): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (isPrivateAnswer(request)) reply.header("cache-control", PRIVATE_NO_STORE);
    done(null, payload);
  });
}
