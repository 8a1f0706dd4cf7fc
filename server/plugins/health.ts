// Liveness and readiness for load balancers and `npm start` scripts: 200 only while the
// database answers. Deliberately plain JSON (not the API envelope) and outside the API
// prefixes, so probes need no system-id header.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Database } from "../db/client";

const Health = Type.Object({ status: Type.Union([Type.Literal("ok"), Type.Literal("unavailable")]) });

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get("/healthz", { schema: { response: { 200: Health, 503: Health } } }, async (request, reply) => {
    try {
      await database.ping();
      return { status: "ok" as const };
    } catch (error) {
      request.log.warn({ err: error }, "database ping failed");
      return reply.code(503).send({ status: "unavailable" });
    }
  });
};
