// Activity routes (docs/marketing.md "Campaigns and activity codes"): GET
// /api/v1/tikmeta/portal/user/queryActivity (a campaign by code, by slug or the running one, in
// the request's language, with the caller's claim when signed in) and GET receive/{code} (claim
// the code's VIP: once per user and campaign, while the campaign runs and has claims left).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { LANGUAGE_HEADER } from "../../../../contract/http-headers";
import { envelopeResponses, ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import { localeOf } from "../../catalog";
import { ActivityData, ActivityQuery, ReceiveData, ReceiveParams } from "../activity-schemas";
import type { MarketingContext } from "../context";
import { campaignStatus, findActivity, localized } from "../services/campaigns";
import { claimActivity, claimOf } from "../services/claims";
import { periodDays } from "../services/grants";

const BASE = "/api/v1/tikmeta/portal/user";
const tags = ["marketing"];

export const activityRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    `${BASE}/queryActivity`,
    {
      schema: {
        tags,
        summary: "A campaign and the caller's claim",
        querystring: ActivityQuery,
        response: envelopeResponses(ActivityData),
      },
    },
    async (request) => {
      const now = ctx.now();
      const { campaign, code } = await findActivity(db, {
        code: request.query.code,
        slug: request.query.campaign,
        systemId: request.systemId,
        now,
      });
      const locale = localeOf(request.headers[LANGUAGE_HEADER]);
      const claim = request.user ? await claimOf(db, campaign.id, request.user.id) : null;
      return ok({
        campaign: campaign.slug,
        title: localized(campaign.titles, locale),
        description: localized(campaign.descriptions, locale),
        starts_at: campaign.startsAt.toISOString(),
        ends_at: campaign.endsAt.toISOString(),
        server_time: now.toISOString(),
        status: campaignStatus(campaign, now),
        code: code?.code ?? null,
        plan: code?.plan ?? null,
        days: code?.days ?? 0,
        claimed: request.user ? claim !== null : null,
        claimed_at: claim?.claimedAt.toISOString() ?? null,
        end_time: claim?.endsAt.toISOString() ?? null,
      });
    },
  );

  app.get(
    `${BASE}/receive/:code`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "Claim an activity code's VIP",
        params: ReceiveParams,
        response: envelopeResponses(ReceiveData),
      },
    },
    async (request) => {
      const membership = await claimActivity(ctx, {
        userId: request.user!.id,
        code: request.params.code,
        systemId: request.systemId,
        now: ctx.now(),
      });
      return ok({
        plan: membership.plan,
        days: periodDays(membership),
        starts_at: membership.startsAt.toISOString(),
        end_time: membership.endsAt.toISOString(),
      });
    },
  );
};
