// The logged-in user's own account and logout. Login flows (phone code, password, e-mail,
// Google) arrive in a later issue; they will create sessions through services/sessions.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../db/client";
import type { User } from "../../db/schema";
import { envelopeResponses, ok } from "../../http/api";
import { requireUser } from "../../plugins/session";
import { revokeSession } from "../../services/sessions";

// Shown unmasked: the owner may see their own e-mail and phone (masking is a display concern).
const CurrentUser = Type.Object({
  user_id: Type.Integer(),
  nick_name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  language: Type.String(),
  system_id: Type.Integer(),
});

function toCurrentUser(user: User) {
  return {
    user_id: user.id,
    nick_name: user.nickName,
    email: user.email,
    phone: user.phone,
    language: user.language,
    system_id: user.systemId,
  };
}

export const sessionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/v1/user/accounts/current-user",
    { preHandler: requireUser, schema: { response: envelopeResponses(CurrentUser) } },
    async (request) => ok(toCurrentUser(request.user!)),
  );

  app.post(
    "/v1/user/logout",
    { preHandler: requireUser, schema: { response: envelopeResponses(Type.Null()) } },
    async (request) => {
      await revokeSession(db, request.sessionToken!);
      return ok(null);
    },
  );
};
