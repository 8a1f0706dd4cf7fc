// The logged-in user's own account and logout. The login flows live in their own route
// modules beside this one and create sessions through services/sessions.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { Db } from "../../../db/client";
import { envelopeResponses, ok } from "../../../lib/api";
import { toUserInfo, UserInfo } from "../schemas";
import { requireUser } from "../../../plugins/session";
import { revokeSession } from "../services/sessions";

export const sessionRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    "/v1/user/accounts/current-user",
    { preHandler: requireUser, schema: { response: envelopeResponses(UserInfo) } },
    async (request) => ok(toUserInfo(request.user!)),
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
