// Discount routes (helper H2 fills): list/pay-discounts, list/anonymous/pay-discounts, list/simple-all, receive-discount.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { MarketingContext } from "../context";

export const discountRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async () => {};
