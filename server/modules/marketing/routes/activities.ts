// Activity routes (helper H1 fills): GET /api/v1/tikmeta/portal/user/queryActivity and receive/{code}.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { MarketingContext } from "../context";

export const activityRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async () => {};
