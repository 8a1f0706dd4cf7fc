// GET /v1/user/charge/marketing/support-experience (may the caller claim the 3-day trial?) and
// POST (claim it: once, and only without a paid plan; 70060 / 70061).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { EXPERIENCE_DAYS, EXPERIENCE_PLAN, type PaidPlan } from "../../../../contract/commerce";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import { commerceResponses, OneOf, PlanSchema } from "../schemas";
import { claimExperience, experienceState } from "../services/experience";

const PATH = "/v1/user/charge/marketing/support-experience";
const GRANTED_PLAN: PaidPlan = EXPERIENCE_PLAN;

const State = Type.Object({
  claimable: Type.Boolean(),
  claimed_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  reason: Type.Union([OneOf(["claimed", "paid_plan"] as const), Type.Null()]),
  days: Type.Integer(),
  plan: PlanSchema,
});

const Claimed = Type.Object({
  plan: PlanSchema,
  starts_at: Type.String({ format: "date-time" }),
  end_time: Type.String({ format: "date-time" }),
});

export const experienceRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  app.get(PATH, { preHandler: requireUser, schema: { response: commerceResponses(State) } }, async (request) => {
    const state = await experienceState(ctx.db, request.user!.id, ctx.now());
    return ok({
      claimable: state.claimable,
      claimed_at: state.claimedAt?.toISOString() ?? null,
      reason: state.reason,
      days: EXPERIENCE_DAYS,
      plan: GRANTED_PLAN,
    });
  });

  app.post(PATH, { preHandler: requireUser, schema: { response: commerceResponses(Claimed) } }, async (request) => {
    const membership = await claimExperience(ctx.db, request.user!.id, ctx.now());
    return ok({
      plan: membership.plan,
      starts_at: membership.startsAt.toISOString(),
      end_time: membership.endsAt.toISOString(),
    });
  });
};
