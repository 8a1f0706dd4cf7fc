// Invite routes (helper H1 fills): GET /v1/user/charge/marketing/invite-code, invite-pick-records, invitee-award.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { MarketingContext } from "../context";

export const inviteRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async () => {};
