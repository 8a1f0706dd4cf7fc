// Human verification (spec: captcha dialog, recaptcha/validate). The widget fetches its
// challenge from GET /v1/user/ocean/recaptcha/challenge, which answers the bare ALTCHA
// challenge JSON (the widget's format, not the envelope, and exempt from the system-id header
// because the widget fetches it itself). POST .../recaptcha/validate takes the widget's
// payload and, once per solved challenge, hands out a key valid for a day.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { CAPTCHA_CHALLENGE_PATH } from "../../../plugins/system-id";
import type { AuthContext } from "../services/auth-context";
import { issueCaptchaKey, redeemChallenge } from "../services/captcha-keys";

// altcha-lib's Challenge; listed so the serializer keeps every field the widget needs.
const AltchaChallenge = Type.Object({
  parameters: Type.Object(
    {
      algorithm: Type.String(),
      nonce: Type.String(),
      salt: Type.String(),
      cost: Type.Number(),
      keyLength: Type.Number(),
      keyPrefix: Type.String(),
      keySignature: Type.Optional(Type.String()),
      memoryCost: Type.Optional(Type.Number()),
      parallelism: Type.Optional(Type.Number()),
      expiresAt: Type.Optional(Type.Number()),
      data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    },
    { additionalProperties: true },
  ),
  signature: Type.Optional(Type.String()),
});

const CaptchaResult = Type.Object({
  success: Type.Boolean(),
  /** Send as recaptcha_key with the next logins; null when verification failed. */
  recaptcha_key: Type.Union([Type.String(), Type.Null()]),
});

export const captchaRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get(CAPTCHA_CHALLENGE_PATH, { schema: { response: { 200: AltchaChallenge } } }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return ctx.captcha.createChallenge(ctx.now());
  });

  app.post(
    "/v1/user/ocean/recaptcha/validate",
    {
      schema: {
        body: Type.Object({ recaptcha_token: Type.String({ maxLength: 8192 }) }),
        response: envelopeResponses(CaptchaResult),
      },
    },
    async (request) => {
      const verdict = await ctx.captcha.verify(request.body.recaptcha_token);
      if (!verdict.verified || !(await redeemChallenge(ctx.db, verdict.challengeId!))) {
        return ok({ success: false, recaptcha_key: null });
      }
      return ok({ success: true, recaptcha_key: await issueCaptchaKey(ctx.db, ctx.now()) });
    },
  );
};
