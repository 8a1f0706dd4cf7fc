// POST /v1/user/subscription-monitor/card-error: the app reports a card error it met (stored
// for support with digit runs removed and lengths capped; rate-limited as a write).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { CommerceContext } from "../context";
import { commerceResponses, OneOf } from "../schemas";
import { recordCardError } from "../services/card-errors";

const CARD_ERROR_STAGES = ["payment", "setup", "mandate"] as const;

export const cardErrorRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext }> = async (app, { ctx }) => {
  app.post(
    "/v1/user/subscription-monitor/card-error",
    {
      preHandler: requireUser,
      schema: {
        body: Type.Object({
          code: Type.String({ minLength: 1, maxLength: 64 }),
          message: Type.String({ maxLength: 300 }),
          stage: OneOf(CARD_ERROR_STAGES),
          method: Type.Optional(Type.String({ maxLength: 40 })),
          subscription_no: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        response: commerceResponses(Type.Object({ recorded: Type.Boolean() })),
      },
    },
    async (request) => {
      const { code, message, stage, method, subscription_no: subscriptionNo } = request.body;
      await recordCardError(
        ctx.db,
        request.user!.id,
        { code, message, stage, method: method ?? null, subscriptionNo: subscriptionNo ?? null },
        ctx.now(),
      );
      return ok({ recorded: true });
    },
  );
};
