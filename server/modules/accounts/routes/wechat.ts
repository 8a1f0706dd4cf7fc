// WeChat sign-in from the mini program (Chinese edition, spec §7 auth group): code2Session,
// getWxOpenId (login code → signed in when the WeChat account is bound, else a ticket for the
// next step), phoneNumber (WeChat's phone code → the number and a ticket vouching for it),
// registerByWx (register-or-bind by that phone), and for a signed-in user the bind check
// (phoneValid) and binding a phone by WeChat's phone code. Every route answers
// WECHAT_NOT_CONFIGURED without WECHAT_APP_ID; the web OAuth is in wechat-web.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { requireUser } from "../../../plugins/session";
import { authError } from "../errors";
import { ChannelId, FromSystem, InviteCode, LoginData, Text } from "../schemas";
import { cleanInviteCode, parseChannelId } from "../services/accounts";
import type { AuthContext } from "../services/auth-context";
import { parsePhone } from "../services/login-ids";
import { hasWechatBinding, setVerifiedPhone } from "../services/wechat-accounts";
import {
  AuthSource,
  mainlandPhone,
  requireWechat,
  signInWithProvenPhone,
  Ticket,
  WechatCode,
  wechatLogin,
  WechatLogin,
  wechatOf,
} from "./wechat-common";

const CodeQuery = Type.Object({
  code: WechatCode,
  auth_source: Type.Optional(AuthSource),
  system_id: Type.Optional(FromSystem),
  from_system: Type.Optional(FromSystem),
});

const OpenIdBody = Type.Object({
  code: WechatCode,
  auth_source: Type.Optional(AuthSource),
  system_id: Type.Optional(FromSystem),
  invite_code: Type.Optional(InviteCode),
  channel_id: Type.Optional(ChannelId),
});

const RegisterBody = Type.Object({
  /** The ticket answered as code2SessionResp.openid. */
  open_id: Ticket,
  phone: Text(32),
  /** The ticket phoneNumber answered with that phone. */
  phone_ticket: Ticket,
  login_id: Type.Optional(Text(32)),
  auth_source: Type.Optional(AuthSource),
  system_id: Type.Optional(FromSystem),
  from_system: Type.Optional(FromSystem),
});

const PhoneNumber = Type.Object({
  phone_info: Type.Object({
    phone_number: Type.String(),
    pure_phone_number: Type.String(),
    country_code: Type.String(),
  }),
  phone_ticket: Type.String(),
});

const PhoneValid = Type.Object({ phone_valid: Type.Boolean(), wechat_bound: Type.Boolean() });

export const wechatRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  requireWechat(app, ctx);

  app.get(
    "/v1/user/third-login/auth/code2Session",
    { schema: { querystring: CodeQuery, response: envelopeResponses(Type.Object({ openid: Type.String() })) } },
    async (request) => {
      const wechat = wechatOf(ctx);
      const identity = await wechat.api.code2Session(request.query.code);
      const referral = { inviteCode: null, channelId: null };
      return ok({ openid: await wechat.tickets.account(identity, referral, ctx.now()) });
    },
  );

  // getWxOpenId: signs in a bound WeChat account; otherwise creates nothing and hands out the ticket.
  app.post(
    "/v1/user/third-login/wx/open-id",
    { schema: { body: OpenIdBody, response: envelopeResponses(WechatLogin) } },
    async (request) => {
      const wechat = wechatOf(ctx);
      const { body } = request;
      if (body.auth_source !== undefined && body.auth_source !== "wechat_app") throw authError("UNSUPPORTED_PROVIDER");
      const identity = await wechat.api.code2Session(body.code);
      const referral = {
        inviteCode: cleanInviteCode(body.invite_code),
        channelId: body.channel_id === undefined ? null : parseChannelId(body.channel_id),
      };
      return ok(await wechatLogin(ctx, wechat, request, identity, referral));
    },
  );

  app.get(
    "/v1/user/third-login/auth/phoneNumber",
    { schema: { querystring: CodeQuery, response: envelopeResponses(PhoneNumber) } },
    async (request) => {
      const wechat = wechatOf(ctx);
      const phone = mainlandPhone(await wechat.api.phoneNumber(request.query.code));
      return ok({
        phone_info: { phone_number: phone, pure_phone_number: phone, country_code: "86" },
        phone_ticket: await wechat.tickets.phone(phone, ctx.now()),
      });
    },
  );

  // registerByWx: the phone must be the one WeChat vouched for; register-or-bind, then sign in.
  app.post(
    "/v1/user/third-login/wx/register",
    { schema: { body: RegisterBody, response: envelopeResponses(LoginData) } },
    async (request) => {
      const wechat = wechatOf(ctx);
      const { body } = request;
      const now = ctx.now();
      const phone = parsePhone(body.phone);
      const loginIdMatches = body.login_id === undefined || parsePhone(body.login_id) === phone;
      if (!loginIdMatches || (await wechat.tickets.readPhone(body.phone_ticket, now)) !== phone) {
        throw authError("WECHAT_TICKET_INVALID");
      }
      const account = await wechat.tickets.readAccount(body.open_id, now);
      return ok(await signInWithProvenPhone(ctx, request, account, phone, now));
    },
  );

  // The account bind check: whether the signed-in account has a phone (and a WeChat account).
  app.get(
    "/v1/user/third-login/wx/phone-valid",
    { preHandler: requireUser, schema: { response: envelopeResponses(PhoneValid) } },
    async (request) => {
      const user = request.user!;
      return ok({ phone_valid: user.phone !== null, wechat_bound: await hasWechatBinding(ctx.db, user.id) });
    },
  );

  // A signed-in account takes the phone WeChat vouches for (the phone code of the mini program).
  app.post(
    "/v1/user/account-valid/wx/bind/phone",
    {
      preHandler: requireUser,
      schema: { body: Type.Object({ code: WechatCode }), response: envelopeResponses(PhoneValid) },
    },
    async (request) => {
      const wechat = wechatOf(ctx);
      const user = request.user!;
      await setVerifiedPhone(ctx.db, user, mainlandPhone(await wechat.api.phoneNumber(request.body.code)));
      return ok({ phone_valid: true, wechat_bound: await hasWechatBinding(ctx.db, user.id) });
    },
  );
};
