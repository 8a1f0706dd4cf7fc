// POST /v1/payments/webhooks/{adapter}: the payment service provider's webhook (the path names
// the adapter: /v1/payments/webhooks/sandbox in demo mode). The signature covers the exact
// bytes, so this plugin (encapsulated: the rest of the app keeps its JSON parser) reads every
// body as a string. Refused (400, nothing changed) when the adapter does not believe it; 200
// for a known event id, an unknown payment (logged) or a signed event that settles nothing
// (ignored), so the provider stops retrying. No
// system-id (plugins/system-id.ts exempts the path) and no rate limit: the caller is the PSP.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { WebhookIgnored, WebhookRejected, type PaymentsAdapter } from "../../../adapters/payments/payments-adapter";
import type { CommerceContext } from "../context";
import { commerceError } from "../errors";
import { handleWebhook } from "../services/payments";

export const WEBHOOK_PATH_PREFIX = "/v1/payments/webhooks/";
const MAX_WEBHOOK_BYTES = 64 * 1024;

export const webhookRoutes: FastifyPluginAsyncTypebox<{ ctx: CommerceContext; adapter: PaymentsAdapter }> = async (
  app,
  { ctx, adapter },
) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string", bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    `${WEBHOOK_PATH_PREFIX}${adapter.name}`,
    {
      config: { rateLimit: false },
      schema: {
        body: Type.String({ maxLength: MAX_WEBHOOK_BYTES }),
        response: envelopeResponses(Type.Object({ outcome: Type.String() })),
      },
    },
    async (request) => {
      const signature = request.headers[adapter.signatureHeader];
      try {
        const outcome = await handleWebhook(
          ctx.payments,
          adapter,
          request.body,
          typeof signature === "string" ? signature : undefined,
          ctx.now(),
        );
        return ok({ outcome });
      } catch (error) {
        // Signed, but nothing to settle: 200, so the PSP stops retrying it.
        if (error instanceof WebhookIgnored) {
          request.log.info({ reason: error.message }, "payment webhook ignored");
          return ok({ outcome: "ignored" });
        }
        if (error instanceof WebhookRejected) {
          request.log.warn({ reason: error.message }, "payment webhook refused");
          throw commerceError("BAD_WEBHOOK", error.message);
        }
        throw error;
      }
    },
  );
};
