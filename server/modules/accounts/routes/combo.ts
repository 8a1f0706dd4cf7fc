// GET /v1/user/accounts/current-combo: the signed-in user's active membership periods, the
// current one first (spec: the current combo is the first item, or none; VIP means it has an
// id). Times are ISO 8601; days_to_end_time rounds up.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { FromSystem } from "../schemas";
import { MEMBERSHIP_SOURCES, type MembershipSource } from "../../../db/schema";
import { requireUser } from "../../../plugins/session";
import type { AuthContext } from "../services/auth-context";
import { activeMemberships, daysToEnd } from "../services/memberships";

const Combo = Type.Object({
  id: Type.Integer(),
  plan: Type.Union([Type.Literal("basic"), Type.Literal("premium"), Type.Literal("pro")]),
  source: Type.Unsafe<MembershipSource>(Type.String({ enum: [...MEMBERSHIP_SOURCES] })),
  starts_at: Type.String({ format: "date-time" }),
  end_time: Type.String({ format: "date-time" }),
  days_to_end_time: Type.Integer(),
});

export const comboRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get(
    "/v1/user/accounts/current-combo",
    {
      preHandler: requireUser,
      schema: {
        querystring: Type.Object({ system_id: Type.Optional(FromSystem) }),
        response: envelopeResponses(Type.Array(Combo)),
      },
    },
    async (request) => {
      const now = ctx.now();
      const periods = await activeMemberships(ctx.db, request.user!.id, now);
      return ok(
        periods.map((period) => ({
          id: period.id,
          plan: period.plan,
          source: period.source,
          starts_at: period.startsAt.toISOString(),
          end_time: period.endsAt.toISOString(),
          days_to_end_time: daysToEnd(period.endsAt, now),
        })),
      );
    },
  );
};
