// POST /v1/user/ocean/sms/valid-code: sends a 6-digit code to a phone (SMS) or e-mail. The
// answer is the same whether or not the account exists; the limits (60 s between sends, 5 per
// hour per login id, CODE_IP_HOURLY_LIMIT per IP) live in services/verification-codes.ts.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { codeMessage } from "../../../adapters/messages";
import { envelopeResponses, ok } from "../../../lib/api";
import { DomainError } from "../../../lib/domain-error";
import { authError } from "../errors";
import { FromSystem, Language, LoginIdField } from "../schemas";
import type { AuthContext } from "../services/auth-context";
import { parseLoginId } from "../services/login-ids";
import { CODE_TTL_MS, issueCode, PURPOSES, RESEND_INTERVAL_MS, withdrawCode } from "../services/verification-codes";
import { requestLanguage } from "./login-data";
import { clientKey } from "../../../lib/client-key";

const SendCodeBody = Type.Object({
  login_id: LoginIdField,
  // 5: Chinese edition (phone or e-mail), 10: overseas (e-mail).
  event_type: Type.Union([Type.Literal(PURPOSES.zh), Type.Literal(PURPOSES.overseas)]),
  from_system: Type.Optional(FromSystem),
  language: Type.Optional(Language),
});

const CodeSent = Type.Object({
  /** Seconds until another code may be requested. */
  resend_in: Type.Integer(),
  /** Seconds the code stays valid. */
  expires_in: Type.Integer(),
});

export const verificationCodeRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post(
    "/v1/user/ocean/sms/valid-code",
    { schema: { body: SendCodeBody, response: envelopeResponses(CodeSent) } },
    async (request) => {
      const { body } = request;
      const loginId = parseLoginId(body.login_id);
      if (body.event_type === PURPOSES.overseas && loginId.kind !== "email") throw authError("INVALID_EMAIL");
      const channel = loginId.kind === "phone" ? "sms" : "email";
      if (!ctx.messages.supports(channel)) {
        throw authError(channel === "sms" ? "CHANNEL_UNAVAILABLE" : "EMAIL_UNAVAILABLE");
      }

      const issued = await issueCode(ctx.db, ctx.codeKeys, {
        loginId: loginId.value,
        purpose: body.event_type,
        ip: clientKey(request.ip),
        now: ctx.now(),
        ipHourlyLimit: ctx.config.codeIpHourlyLimit,
      });
      const { subject, text } = codeMessage(requestLanguage(request, body.language), issued.code);
      try {
        await ctx.messages.send({ to: loginId.value, channel, subject, text });
      } catch (error) {
        await withdrawCode(ctx.db, issued.id);
        // The transport's error may quote the message (and so the code): log its kind only.
        request.log.error(
          { transport: ctx.messages.transport, error: (error as Error)?.name },
          "sending a code failed",
        );
        throw new DomainError(502, "The verification code could not be sent. Please try again later.");
      }
      return ok({ resend_in: RESEND_INTERVAL_MS / 1000, expires_in: CODE_TTL_MS / 1000 });
    },
  );
};
