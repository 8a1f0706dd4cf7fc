// POST /api/v1/portal/contact: the footer's Contact Us form (e-mail + message). Visitors may
// write; a signed-in sender is recorded with the message.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import { CONTACT_MESSAGE_MAX_LENGTH, saveContactMessage } from "../services/contact-messages";
import { clientKey } from "../../../lib/client-key";

const ContactBody = Type.Object({
  email: Type.String({ maxLength: 140 }),
  message: Type.String({ maxLength: CONTACT_MESSAGE_MAX_LENGTH }),
});

export const contactRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.post(
    "/api/v1/portal/contact",
    { schema: { body: ContactBody, response: envelopeResponses(Type.Null()) } },
    async (request) => {
      await saveContactMessage(db, {
        email: request.body.email,
        message: request.body.message,
        userId: request.user?.id ?? null,
        ip: clientKey(request.ip),
        now: new Date(),
      });
      return ok(null);
    },
  );
};
