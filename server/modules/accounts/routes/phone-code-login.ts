// Chinese edition (13): phone number + SMS code logs in, or registers and logs in, in one step
// (POST /v1/user/activity/phone/code/register-login).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { ChannelId, FromSystem, InviteCode, LoginData, Text, ValidCode } from "../schemas";
import { requestOrigin } from "../../../lib/request-origin";
import { cleanInviteCode, parseChannelId, registerUser } from "../services/accounts";
import type { AuthContext } from "../services/auth-context";
import { maskPhone } from "../../../../contract/mask";
import { parsePhone } from "../services/login-ids";
import { findUserByLoginId } from "../services/users";
import { consumeCode, PURPOSES } from "../services/verification-codes";
import { startSession } from "./login-data";

const PhoneCodeBody = Type.Object({
  phone_number: Text(32),
  valid_code: ValidCode,
  from_system: Type.Optional(FromSystem),
  channel_id: Type.Optional(ChannelId),
  invite_code: Type.Optional(InviteCode),
});

export const phoneCodeLoginRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post(
    "/v1/user/activity/phone/code/register-login",
    { schema: { body: PhoneCodeBody, response: envelopeResponses(LoginData) } },
    async (request) => {
      const { body } = request;
      const phone = parsePhone(body.phone_number);
      const loginId = { kind: "phone" as const, value: phone };
      const now = ctx.now();
      await consumeCode(ctx.db, ctx.codeKeys, { loginId: phone, purpose: PURPOSES.zh, code: body.valid_code, now });

      const existing = await findUserByLoginId(ctx.db, loginId);
      if (existing) return ok(await startSession(ctx, request, existing, false));
      const created = await registerUser(ctx, {
        user: { phone, nickName: maskPhone(phone), language: "zh", systemId: 13 },
        method: "phone_code",
        channelId: parseChannelId(body.channel_id),
        inviteCode: cleanInviteCode(body.invite_code),
        origin: requestOrigin(request),
        now,
      });
      // null: a concurrent request registered this phone a moment ago; log into that account.
      const user = created ?? (await findUserByLoginId(ctx.db, loginId))!;
      return ok(await startSession(ctx, request, user, created !== null));
    },
  );
};
