// Invite routes (docs/marketing.md "Invites"): GET /v1/user/charge/marketing/invite-code (the
// caller's code, share link, reward terms and counts; records where the caller was seen, for the
// same-device rule), invite-offer (the terms, public: the invite landing page), invite-pick-records
// (the caller's invitees, newest first) and invitee-award (what the caller got for registering
// through an invite; null when they did not).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { SHARE_GET_VIP_INVITE_TYPE } from "../../../../contract/marketing";
import type { Config } from "../../../config";
import { envelopeResponses, ok } from "../../../lib/api";
import { requestOrigin } from "../../../lib/request-origin";
import { requireUser } from "../../../plugins/session";
import type { MarketingContext } from "../context";
import {
  InviteCodeData,
  InviteeAwardData,
  InviteOffer,
  InviteRecordsData,
  InviteRecordsQuery,
} from "../invite-schemas";
import { inviteeAward, inviteRecords } from "../services/invite-records";
import { inviteCounts, ownInviteCode } from "../services/invites";
import { recordSighting } from "../services/sightings";

const BASE = "/v1/user/charge/marketing";
const tags = ["marketing"];

function offerOf(config: Readonly<Config>) {
  return {
    reward: { plan: config.inviteRewardPlan, days: config.inviteRewardDays, cap: config.inviteRewardCap },
    award: { plan: config.inviteeAwardPlan, days: config.inviteeAwardDays },
  };
}

/** The invite link: the public origin when configured, else the one the request came to. */
function shareUrl(request: FastifyRequest, publicUrl: string | null, code: string): string {
  const origin = publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
  return `${origin}/shareGetVip/${SHARE_GET_VIP_INVITE_TYPE}?ic=${encodeURIComponent(code)}`;
}

export const inviteRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async (app, { ctx }) => {
  const { db, config } = ctx;

  app.get(
    `${BASE}/invite-code`,
    {
      preHandler: requireUser,
      schema: { tags, summary: "The caller's invite code and link", response: envelopeResponses(InviteCodeData) },
    },
    async (request) => {
      const userId = request.user!.id;
      const code = await ownInviteCode(db, userId);
      await recordSighting(db, userId, requestOrigin(request), ctx.now());
      return ok({
        invite_code: code,
        share_url: shareUrl(request, config.publicUrl, code),
        ...offerOf(config),
        ...(await inviteCounts(db, userId)),
      });
    },
  );

  app.get(
    `${BASE}/invite-offer`,
    { schema: { tags, summary: "What an invite earns", response: envelopeResponses(InviteOffer) } },
    async () => ok(offerOf(config)),
  );

  app.get(
    `${BASE}/invite-pick-records`,
    {
      preHandler: requireUser,
      schema: {
        tags,
        summary: "The caller's invitees, newest first",
        querystring: InviteRecordsQuery,
        response: envelopeResponses(InviteRecordsData),
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const records = await inviteRecords(db, request.user!.id, page, size);
      return ok({
        total: records.total,
        list: records.list.map((record) => ({
          invitee: record.invitee,
          registered_at: record.registeredAt.toISOString(),
          rewarded: record.refusal === null,
          refusal: record.refusal,
          plan: record.plan,
          days: record.days,
        })),
      });
    },
  );

  app.get(
    `${BASE}/invitee-award`,
    {
      preHandler: requireUser,
      schema: { tags, summary: "The caller's invitee award", response: envelopeResponses(InviteeAwardData) },
    },
    async (request) => {
      const award = await inviteeAward(db, config, request.user!.id);
      return ok(
        award && {
          inviter: award.inviter,
          plan: award.plan,
          days: award.days,
          starts_at: award.startsAt?.toISOString() ?? null,
          end_time: award.endsAt?.toISOString() ?? null,
          refusal: award.refusal,
        },
      );
    },
  );
};
