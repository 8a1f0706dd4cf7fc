// The probes, for load balancers, orchestrators and scripts. /healthz: the process is alive (200
// while it runs; restart it only if this fails), and it says whether the database answers and
// why not. /readyz: send traffic here? 200 only while the database answers, else 503 with the
// reason and Retry-After. Deliberately plain JSON (not the API envelope) and outside the API
// prefixes, so probes need no system-id header. Reasons are fixed phrases (db/unavailable.ts),
// never a driver message or a URL.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Database } from "../db/client";
import { unavailableReason } from "../db/unavailable";
import { DATABASE_RETRY_AFTER_S } from "./error-handler";

const Probe = Type.Object({
  status: Type.Union([Type.Literal("ok"), Type.Literal("unavailable")]),
  database: Type.Union([Type.Literal("ok"), Type.Literal("unavailable")]),
  reason: Type.Optional(Type.String()),
});

/** The database's state: ok, or unavailable with a reason. */
async function checkDatabase(
  database: Database,
): Promise<{ database: "ok" } | { database: "unavailable"; reason: string }> {
  try {
    await database.ping();
    return { database: "ok" };
  } catch (error) {
    return { database: "unavailable", reason: unavailableReason(error) ?? "not answering" };
  }
}

export const healthRoutes: FastifyPluginAsyncTypebox<{ database: Database }> = async (app, { database }) => {
  app.get("/healthz", { schema: { response: { 200: Probe } } }, async () => ({
    status: "ok" as const,
    ...(await checkDatabase(database)),
  }));

  app.get("/readyz", { schema: { response: { 200: Probe, 503: Probe } } }, async (request, reply) => {
    const state = await checkDatabase(database);
    if (state.database === "ok") return { status: "ok" as const, ...state };
    request.log.warn({ reason: state.reason }, "not ready: database unavailable");
    reply.header("retry-after", String(DATABASE_RETRY_AFTER_S));
    return reply.code(503).send({ status: "unavailable" as const, ...state });
  });
};
