// The dev module: tools for development, demos and end-to-end tests (today the message
// outbox). app.ts registers it in demo mode only, and it answers loopback clients only (the
// socket's address, never X-Forwarded-For): anyone else gets the usual JSON 404, as if it did
// not exist. Registers its routes as one encapsulated Fastify plugin.
import type { FastifyPluginAsync } from "fastify";
import { pathOf } from "../../lib/api";
import { DomainError } from "../../lib/domain-error";
import { isLoopbackAddress } from "../../lib/loopback";
import type { AuthContext } from "../accounts";
import { outboxRoutes } from "./routes/outbox";

export interface DevOptions {
  auth: AuthContext;
}

export const devModule: FastifyPluginAsync<DevOptions> = async (app, { auth }) => {
  // Hooks added here stay inside this plugin: they guard the dev routes only.
  app.addHook("onRequest", async (request) => {
    if (!isLoopbackAddress(request.socket.remoteAddress)) {
      throw new DomainError(404, `Not found: ${request.method} ${pathOf(request.url)}`);
    }
  });
  await app.register(outboxRoutes, { ctx: auth });
};
