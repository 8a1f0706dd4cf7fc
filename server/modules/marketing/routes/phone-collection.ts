// Phone collection (helper H2 fills): POST /v1/user/charge/marketing/phone-collection.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { MarketingContext } from "../context";

export const phoneCollectionRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async () => {};
