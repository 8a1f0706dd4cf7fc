// Overseas edition (14): whether an account exists (checked on blur to choose register or
// login: GET /v1/user/ocean/exist-user/) and registration with e-mail + code + password
// (POST /v1/user/ocean/email/code/register), which logs the new user in.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { authError } from "../errors";
import { ChannelId, EncryptedPassword, FromSystem, InviteCode, LoginData, LoginIdField, ValidCode } from "../schemas";
import { requestOrigin } from "../../../lib/request-origin";
import { cleanInviteCode, parseChannelId, registerUser } from "../services/accounts";
import type { AuthContext } from "../services/auth-context";
import { parseEmail, parseLoginId } from "../services/login-ids";
import { checkPasswordRules, hashPassword } from "../services/passwords";
import { findUserByLoginId } from "../services/users";
import { consumeCode, PURPOSES } from "../services/verification-codes";
import { requestLanguage, startSession } from "./login-data";

const RegisterBody = Type.Object({
  from_system: Type.Optional(FromSystem),
  email: LoginIdField,
  valid_code: ValidCode,
  password: EncryptedPassword,
  channel_id: Type.Optional(ChannelId),
  invite_code: Type.Optional(InviteCode),
});

export const emailRegisterRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get(
    "/v1/user/ocean/exist-user/",
    {
      schema: {
        querystring: Type.Object({ account: LoginIdField, from_system: Type.Optional(FromSystem) }),
        response: envelopeResponses(Type.Boolean()),
      },
    },
    async (request) => ok((await findUserByLoginId(ctx.db, parseLoginId(request.query.account))) !== null),
  );

  app.post(
    "/v1/user/ocean/email/code/register",
    { schema: { body: RegisterBody, response: envelopeResponses(LoginData) } },
    async (request) => {
      const { body } = request;
      const email = parseEmail(body.email);
      const password = checkPasswordRules(ctx.passwords.decrypt(body.password));
      // Checked before the code is spent, so "log in instead" costs the user nothing.
      if (await findUserByLoginId(ctx.db, { kind: "email", value: email })) throw authError("ACCOUNT_EXISTS");
      const now = ctx.now();
      await consumeCode(ctx.db, ctx.codeKeys, {
        loginId: email,
        purpose: PURPOSES.overseas,
        code: body.valid_code,
        now,
      });

      const user = await registerUser(ctx, {
        user: {
          email,
          passwordHash: await hashPassword(password),
          nickName: email.split("@")[0].slice(0, 64),
          language: requestLanguage(request),
          systemId: 14,
        },
        method: "email_code",
        channelId: parseChannelId(body.channel_id),
        inviteCode: cleanInviteCode(body.invite_code),
        origin: requestOrigin(request),
        now,
      });
      if (!user) throw authError("ACCOUNT_EXISTS");
      return ok(await startSession(ctx, request, user, true));
    },
  );
};
