// The Chinese edition's "add our support contact" step (spec: scan-code check after login and
// /customerValid): GET /v1/user/mengla/wechat/qrcode tells whether this user still has to add
// the contact and shows it; GET /v1/user/mengla/wechat/addStatus records that they did.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import type { AuthContext } from "../services/auth-context";
import { markSupportContactAdded } from "../services/users";

const SupportContact = Type.Object({
  /** True when the user must still add the contact (Chinese edition only). */
  status: Type.Boolean(),
  contact_name: Type.String(),
  contact_id: Type.String(),
  /** A data: image URL, or text for the client to render as a QR code. */
  qr_code: Type.String(),
});

const AddStatus = Type.Object({ added: Type.Boolean(), added_at: Type.String() });

export const supportContactRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  const { config } = ctx;

  app.get(
    "/v1/user/mengla/wechat/qrcode",
    { preHandler: requireUser, schema: { response: envelopeResponses(SupportContact) } },
    async (request) =>
      ok({
        status: request.systemId === 13 && request.user!.supportContactAddedAt === null,
        contact_name: config.supportContactName,
        contact_id: config.supportContactId,
        qr_code: config.supportContactQr ?? config.supportContactId,
      }),
  );

  app.get(
    "/v1/user/mengla/wechat/addStatus",
    { preHandler: requireUser, schema: { response: envelopeResponses(AddStatus) } },
    async (request) => {
      const addedAt = await markSupportContactAdded(ctx.db, request.user!.id, ctx.now());
      return ok({ added: true, added_at: addedAt.toISOString() });
    },
  );
};
