// QR-code login (spec: polled through a check call): POST /v1/user/third-login/app/qrcode
// makes a ticket for a screen to show, POST .../qrcode/confirm approves it from a signed-in
// session, and POST .../qrcode/check (polled by the screen) answers pending, expired, or
// confirmed with the login data, the latter exactly once.
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { envelopeResponses, ok } from "../../../lib/api";
import { authError } from "../errors";
import { LoginData } from "../schemas";
import { requireUser } from "../../../plugins/session";
import type { AuthContext } from "../services/auth-context";
import { checkTicket, confirmTicket, createTicket } from "../services/qr-login";
import { startSession } from "./login-data";

const TicketBody = Type.Object({ ticket: Type.String({ maxLength: 128, pattern: "^[A-Za-z0-9_-]*$" }) });

const NewTicket = Type.Object({ ticket: Type.String(), expires_at: Type.String({ format: "date-time" }) });

const TicketStatus = Type.Object({
  status: Type.Union([Type.Literal("pending"), Type.Literal("confirmed"), Type.Literal("expired")]),
  /** Present once, on the first check after confirmation. */
  login: Type.Optional(LoginData),
});

export const qrLoginRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.post("/v1/user/third-login/app/qrcode", { schema: { response: envelopeResponses(NewTicket) } }, async () => {
    const { ticket, expiresAt } = await createTicket(ctx.db, ctx.now());
    return ok({ ticket, expires_at: expiresAt.toISOString() });
  });

  app.post(
    "/v1/user/third-login/app/qrcode/check",
    { schema: { body: TicketBody, response: envelopeResponses(TicketStatus) } },
    async (request) => {
      const result = await checkTicket(ctx.db, request.body.ticket, ctx.now());
      if (result.status !== "confirmed") return ok({ status: result.status });
      return ok({ status: "confirmed" as const, login: await startSession(ctx, request, result.user, false) });
    },
  );

  app.post(
    "/v1/user/third-login/app/qrcode/confirm",
    { preHandler: requireUser, schema: { body: TicketBody, response: envelopeResponses(Type.Null()) } },
    async (request) => {
      if (!(await confirmTicket(ctx.db, request.body.ticket, request.user!.id, ctx.now()))) {
        throw authError("QR_TICKET_INVALID");
      }
      return ok(null);
    },
  );
};
