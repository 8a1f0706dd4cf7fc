// WeChat sign-in of the web app opened in WeChat's browser (Chinese edition): the app ids the
// login page asks for (no answer = no WeChat option), the web OAuth URL with a signed state bound
// to the browser's nonce (as Google's redirect flow: see adapters/google.ts), the code exchange
// (answered like getWxOpenId), and app/bind/phone: a WeChat account not bound yet proves a phone
// with an SMS code (web pages get no WeChat phone code) and is registered or bound by it.
// Every route answers WECHAT_NOT_CONFIGURED without WECHAT_APP_ID.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { hashNonce, sameNonceHash } from "../../../adapters/google";
import { envelopeResponses, ok } from "../../../lib/api";
import { authError } from "../errors";
import {
  ChannelId,
  FromSystem,
  InviteCode,
  LoginData,
  Nonce,
  NonceHash,
  RedirectUri,
  Text,
  ValidCode,
} from "../schemas";
import { cleanInviteCode, parseChannelId } from "../services/accounts";
import type { AuthContext } from "../services/auth-context";
import { parsePhone } from "../services/login-ids";
import { consumeCode, PURPOSES } from "../services/verification-codes";
import {
  requireWechat,
  signInWithProvenPhone,
  Ticket,
  WechatCode,
  wechatLogin,
  WechatLogin,
  wechatOf,
} from "./wechat-common";

const AppIds = Type.Object({ app_id: Type.String(), web_app_id: Type.String() });

const UrlQuery = Type.Object({
  redirect_uri: RedirectUri,
  nonce_hash: NonceHash,
  system_id: Type.Optional(FromSystem),
  invite_code: Type.Optional(InviteCode),
  channel_id: Type.Optional(ChannelId),
});

const OauthLoginBody = Type.Object({ code: WechatCode, state: Ticket, nonce: Nonce });

const BindPhoneBody = Type.Object({
  open_id: Ticket,
  phone_number: Text(32),
  valid_code: ValidCode,
  from_system: Type.Optional(FromSystem),
});

export const wechatWebRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  requireWechat(app, ctx);

  app.get(
    "/v1/user/third-login/client-id/wechat",
    {
      schema: {
        querystring: Type.Object({ system_id: Type.Optional(FromSystem) }),
        response: envelopeResponses(AppIds),
      },
    },
    async () => {
      const { api } = wechatOf(ctx);
      return ok({ app_id: api.mini.appId, web_app_id: api.web.appId });
    },
  );

  app.get(
    "/v1/user/third-login/wx/oauth-url",
    { schema: { querystring: UrlQuery, response: envelopeResponses(Type.String()) } },
    async (request) => {
      const { api, tickets } = wechatOf(ctx);
      const { query } = request;
      const state = await tickets.state(
        {
          redirectUri: query.redirect_uri,
          nonceHash: query.nonce_hash,
          inviteCode: cleanInviteCode(query.invite_code),
          channelId: query.channel_id === undefined ? null : parseChannelId(query.channel_id),
        },
        ctx.now(),
      );
      return ok(api.authorizationUrl(query.redirect_uri, state));
    },
  );

  app.post(
    "/v1/user/third-login/wx/oauth-login",
    { schema: { body: OauthLoginBody, response: envelopeResponses(WechatLogin) } },
    async (request) => {
      const wechat = wechatOf(ctx);
      const { body } = request;
      const state = await wechat.tickets.readState(body.state, ctx.now());
      // Only the browser that began the flow holds the nonce: checked before the code is spent.
      if (!sameNonceHash(hashNonce(body.nonce), state.nonceHash)) throw authError("WECHAT_NONCE_INVALID");
      const identity = await wechat.api.webSignIn(body.code);
      return ok(await wechatLogin(ctx, wechat, request, identity, state));
    },
  );

  app.post(
    "/v1/user/third-login/app/bind/phone",
    { schema: { body: BindPhoneBody, response: envelopeResponses(LoginData) } },
    async (request) => {
      const { tickets } = wechatOf(ctx);
      const { body } = request;
      const now = ctx.now();
      const phone = parsePhone(body.phone_number);
      // The ticket first: an expired WeChat sign-in should not spend the code.
      const account = await tickets.readAccount(body.open_id, now);
      await consumeCode(ctx.db, ctx.codeKeys, { loginId: phone, purpose: PURPOSES.zh, code: body.valid_code, now });
      return ok(await signInWithProvenPhone(ctx, request, account, phone, now));
    },
  );
};
