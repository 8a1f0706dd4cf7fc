// Google sign-in (overseas edition): the client id for the browser's Google helper, sign-in
// with an ID token from Google Identity Services, and the redirect flow (authorization URL
// with a signed state, then code exchange). Every route answers GOOGLE_NOT_CONFIGURED while
// GOOGLE_CLIENT_ID is unset. {type} accepts only "google". Both sign-ins need the browser's
// nonce, whose hash must be the ID token's `nonce` claim (and, in the redirect flow, the one
// signed into the state): see adapters/google.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { hashNonce, sameNonceHash, type GoogleSignIn } from "../../../adapters/google";
import { envelopeResponses, ok } from "../../../lib/api";
import { authError } from "../errors";
import { ChannelId, FromSystem, InviteCode, LoginData, Nonce, NonceHash, RedirectUri, Text } from "../schemas";
import { requestOrigin } from "../../../lib/request-origin";
import { cleanInviteCode, findOrCreateGoogleUser, parseChannelId } from "../services/accounts";
import type { AuthContext } from "../services/auth-context";
import { requestLanguage, startSession } from "./login-data";

const ProviderParams = Type.Object({ type: Text(32) });
const SystemQuery = Type.Object({ system_id: Type.Optional(FromSystem) });
const MAX_TOKEN = 8192;

const IdTokenBody = Type.Object({
  client_id: Type.Optional(Text(256)),
  id_token: Type.String({ maxLength: MAX_TOKEN }),
  /** The nonce whose hash the app gave Google; missing = GOOGLE_NONCE_INVALID. */
  nonce: Type.Optional(Nonce),
  source: Type.Optional(Text(32)),
  invite_code: Type.Optional(InviteCode),
  system_id: Type.Optional(FromSystem),
  channel_id: Type.Optional(ChannelId),
});

const UrlQuery = Type.Object({
  system_id: Type.Optional(FromSystem),
  redirect_uri: RedirectUri,
  nonce_hash: NonceHash,
  invite_code: Type.Optional(InviteCode),
  channel_id: Type.Optional(ChannelId),
});

const CodeAuthBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 2048 }),
  redirect_uri: Type.Optional(RedirectUri),
  state: Type.String({ maxLength: MAX_TOKEN }),
  /** The nonce kept by the browser that began the flow; missing = GOOGLE_NONCE_INVALID. */
  nonce: Type.Optional(Nonce),
});

/** The hash of the nonce the browser sent; a missing nonce is refused like a wrong one. */
function nonceHashOf(nonce: string | undefined): string {
  if (nonce === undefined) throw authError("GOOGLE_NONCE_INVALID");
  return hashNonce(nonce);
}

function googleOf(ctx: AuthContext, provider?: string): GoogleSignIn {
  if (provider !== undefined && provider !== "google") throw authError("UNSUPPORTED_PROVIDER");
  if (!ctx.google) throw authError("GOOGLE_NOT_CONFIGURED");
  return ctx.google;
}

export const googleRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  async function signIn(
    request: FastifyRequest,
    idToken: string,
    nonceHash: string,
    extras: { inviteCode: string | null; channelId: number },
  ) {
    const now = ctx.now();
    const identity = await googleOf(ctx).verifyIdToken(idToken, nonceHash, now);
    const { user, isRegister } = await findOrCreateGoogleUser(ctx, identity, {
      ...extras,
      origin: requestOrigin(request),
      language: requestLanguage(request),
      systemId: 14,
      now,
    });
    return ok(await startSession(ctx, request, user, isRegister));
  }

  app.get(
    "/v1/user/third-login/client-id/google",
    { schema: { querystring: SystemQuery, response: envelopeResponses(Type.Object({ client_id: Type.String() })) } },
    async () => ok({ client_id: googleOf(ctx).clientId }),
  );

  app.post(
    "/v1/user/third-login/id-token/google",
    { schema: { body: IdTokenBody, response: envelopeResponses(LoginData) } },
    async (request) => {
      const { body } = request;
      const google = googleOf(ctx, body.source);
      if (body.client_id !== undefined && body.client_id !== google.clientId) throw authError("GOOGLE_TOKEN_INVALID");
      return signIn(request, body.id_token, nonceHashOf(body.nonce), {
        inviteCode: cleanInviteCode(body.invite_code),
        channelId: parseChannelId(body.channel_id),
      });
    },
  );

  app.get(
    "/v1/user/third-login/url/:type",
    { schema: { params: ProviderParams, querystring: UrlQuery, response: envelopeResponses(Type.String()) } },
    async (request) => {
      const google = googleOf(ctx, request.params.type);
      const { query } = request;
      const state = await google.createState(
        {
          redirectUri: query.redirect_uri,
          inviteCode: cleanInviteCode(query.invite_code),
          channelId: query.channel_id === undefined ? null : parseChannelId(query.channel_id),
          nonceHash: query.nonce_hash,
        },
        ctx.now(),
      );
      return ok(google.authorizationUrl(query.redirect_uri, state, query.nonce_hash));
    },
  );

  app.post(
    "/v1/user/third-login/code-auth/:type",
    {
      schema: {
        params: ProviderParams,
        querystring: SystemQuery,
        body: CodeAuthBody,
        response: envelopeResponses(LoginData),
      },
    },
    async (request) => {
      const google = googleOf(ctx, request.params.type);
      const { body } = request;
      const state = await google.readState(body.state, ctx.now());
      // The state names the redirect URI the flow began with; a different one is a forgery.
      if (body.redirect_uri !== undefined && body.redirect_uri !== state.redirectUri)
        throw authError("GOOGLE_STATE_INVALID");
      // Only the browser that began the flow holds the nonce: a code and state carried into
      // another browser (login CSRF) stop here, before the code is spent.
      if (!sameNonceHash(nonceHashOf(body.nonce), state.nonceHash)) throw authError("GOOGLE_NONCE_INVALID");
      const idToken = await google.exchangeCode(body.code, state.redirectUri);
      return signIn(request, idToken, state.nonceHash, {
        inviteCode: state.inviteCode,
        channelId: state.channelId ?? parseChannelId(undefined),
      });
    },
  );
};
