// Monitor accounts: GET /api/v1/monitor/accounts lists the influencers the user
// monitors with the plan's limit; PUT adds one (idempotent; unknown id 404; 803 when the plan has
// no monitoring, 60003 at the limit) and DELETE removes one (idempotent). Visitors get 401.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { Id, InfluencerCard, Instant } from "../schemas";
import { requireAccess, tierOf } from "../services/access";
import { rowOf } from "../services/details/lookup";
import { addMonitor, listMonitors, monitorCount, removeMonitor } from "../services/monitor";
import type { DataContext } from "./context";

const MonitorBody = Type.Object({ influencer_id: Id });
const Holding = {
  total: Type.Integer({ description: "Accounts monitored now" }),
  limit: Type.Integer({ description: "Most accounts the plan may monitor at once" }),
};
const MonitorResult = Type.Object({ influencer_id: Type.String(), monitored: Type.Boolean(), ...Holding });
const MonitorList = Type.Object({
  list: Type.Array(
    Type.Object({
      influencer_id: Type.String(),
      created_at: Instant,
      available: Type.Boolean({ description: "False when the influencer is no longer in the dataset" }),
      influencer: Type.Optional(InfluencerCard),
    }),
  ),
  ...Holding,
});

export const monitorRoutes: FastifyPluginAsyncTypebox<{ ctx: DataContext }> = async (app, { ctx }) => {
  const path = "/api/v1/monitor/accounts";
  const tags = ["monitor"];
  /** The user and tier; 401 for visitors (every tier but anonymous may at least list and remove). */
  const caller = async (request: Parameters<typeof tierOf>[0]) => {
    const tier = await tierOf(request, ctx, ctx.now());
    if (tier === "anonymous") requireAccess(tier, { action: "monitor" }, ctx.config.planMatrix);
    return { userId: request.user!.id, tier, limit: ctx.config.planMatrix[tier].monitorAccounts };
  };

  app.get(
    path,
    { schema: { tags, summary: "The influencers the user monitors", response: envelopeResponses(MonitorList) } },
    async (request) => {
      const { userId, limit } = await caller(request);
      const list = await listMonitors(ctx.db, ctx.data.snapshot, userId);
      return ok({ list, total: list.length, limit });
    },
  );

  app.put(
    path,
    {
      schema: { tags, summary: "Monitor an influencer", body: MonitorBody, response: envelopeResponses(MonitorResult) },
    },
    async (request) => {
      const { userId, tier, limit } = await caller(request);
      const id = request.body.influencer_id;
      requireAccess(tier, { action: "monitor" }, ctx.config.planMatrix, {
        detailViews: 0,
        searches: 0,
        monitorAccounts: 0,
      });
      rowOf(ctx.data.snapshot, "influencers", id);
      const total = await addMonitor(ctx.db, userId, id, tier, ctx.config.planMatrix);
      return ok({ influencer_id: id, monitored: true, total, limit });
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags,
        summary: "Stop monitoring an influencer",
        body: MonitorBody,
        response: envelopeResponses(MonitorResult),
      },
    },
    async (request) => {
      const { userId, limit } = await caller(request);
      const id = request.body.influencer_id;
      // One no longer in the dataset can still be removed; anything else unknown is a 404.
      if (!(await removeMonitor(ctx.db, userId, id))) rowOf(ctx.data.snapshot, "influencers", id);
      return ok({ influencer_id: id, monitored: false, total: await monitorCount(ctx.db, userId), limit });
    },
  );
};
