// The dev module: tools for development, demos and end-to-end tests: the message outbox and
// the demo clock (moved forward to try renewals and expiry). app.ts registers it in demo mode only, and it answers loopback clients only (the
// socket's address, never X-Forwarded-For): anyone else gets the usual JSON 404, as if it did
// not exist. Registers its routes as one encapsulated Fastify plugin.
import type { FastifyPluginAsync } from "fastify";
import { pathOf } from "../../lib/api";
import { DomainError } from "../../lib/domain-error";
import { isLoopbackAddress } from "../../lib/loopback";
import type { AdjustableClock } from "../../lib/adjustable-clock";
import type { AuthContext } from "../accounts";
import { clockRoutes } from "./routes/clock";
import { outboxRoutes } from "./routes/outbox";

export interface DevOptions {
  auth: AuthContext;
  clock: AdjustableClock;
}

export const devModule: FastifyPluginAsync<DevOptions> = async (app, { auth, clock }) => {
  // Hooks added here stay inside this plugin: they guard the dev routes only.
  app.addHook("onRequest", async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw new DomainError(404, `Not found: ${request.method} ${pathOf(request.url)}`);
    }
  });
  await app.register(outboxRoutes, { ctx: auth });
  await app.register(clockRoutes, { clock });
};
