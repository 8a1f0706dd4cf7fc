// Phone collection (docs/marketing.md): POST /v1/user/charge/marketing/phone-collection keeps the
// dialog's country code and number (71020 'Please enter a valid phone number' when either is not
// valid); GET answers the kept one or null. Both need a session.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { MarketingContext } from "../context";
import { phoneOf, savePhone, validPhone } from "../services/phone-collections";

const PATH = "/v1/user/charge/marketing/phone-collection";

// Lengths are loose here so a wrong value answers 71020 with its message, not a schema 400.
const PhoneBody = Type.Object({
  country_code: Type.String({ maxLength: 40 }),
  phone: Type.String({ maxLength: 60 }),
});
const PhoneJson = Type.Object({ country_code: Type.String(), phone: Type.String() });

export const phoneCollectionRoutes: FastifyPluginAsyncTypebox<{ ctx: MarketingContext }> = async (app, { ctx }) => {
  app.post(
    PATH,
    {
      preHandler: requireUser,
      schema: { body: PhoneBody, response: envelopeResponses(Type.Object({ saved: Type.Literal(true) })) },
    },
    async (request) => {
      const phone = validPhone(request.body.country_code, request.body.phone);
      await savePhone(ctx.db, request.user!.id, phone, ctx.now());
      return ok({ saved: true as const });
    },
  );

  app.get(
    PATH,
    { preHandler: requireUser, schema: { response: envelopeResponses(Type.Union([PhoneJson, Type.Null()])) } },
    async (request) => {
      const phone = await phoneOf(ctx.db, request.user!.id);
      return ok(phone && { country_code: phone.countryCode, phone: phone.phone });
    },
  );
};
