// The dev module: tools for development and end-to-end tests that a production configuration
// switches off (today the message outbox). Registers its routes as one Fastify plugin.
import type { FastifyPluginAsync } from "fastify";
import type { AuthContext } from "../accounts";
import { outboxRoutes } from "./routes/outbox";

export interface DevOptions {
  auth: AuthContext;
}

export const devModule: FastifyPluginAsync<DevOptions> = async (app, { auth }) => {
  await app.register(outboxRoutes, { ctx: auth });
};
