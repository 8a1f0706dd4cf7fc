// GET /__dev/outbox?to=<loginId>: the messages demo mode's `outbox` transport "sent", newest
// first, in the usual envelope, so a developer (or an end-to-end test) can read a
// verification code without an SMS or e-mail provider. Answers 404 when another transport is
// configured; outside demo mode the route does not exist at all (see ../index.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import { desc, eq } from "drizzle-orm";
import { outbox } from "../../../db/schema";
import { envelopeResponses, ok } from "../../../lib/api";
import { DomainError } from "../../../lib/domain-error";
import { normalizeEmail, normalizePhone, Text, type AuthContext } from "../../accounts";

const LIMIT = 50;

const OutboxMessage = Type.Object({
  to: Type.String(),
  channel: Type.String(),
  text: Type.String(),
  created_at: Type.String({ format: "date-time" }),
});

export const outboxRoutes: FastifyPluginAsyncTypebox<{ ctx: AuthContext }> = async (app, { ctx }) => {
  app.get(
    "/__dev/outbox",
    {
      schema: {
        querystring: Type.Object({ to: Type.Optional(Text()) }),
        response: envelopeResponses(Type.Array(OutboxMessage)),
      },
    },
    async (request) => {
      if (ctx.messages.transport !== "outbox") throw new DomainError(404, "Not found: GET /__dev/outbox");
      const raw = request.query.to;
      // Same spelling the codes were sent to (lower-cased e-mail, bare mainland number).
      const to = raw === undefined ? undefined : (normalizePhone(raw) ?? normalizeEmail(raw) ?? raw.trim());
      const rows = await ctx.db
        .select()
        .from(outbox)
        .where(to === undefined ? undefined : eq(outbox.to, to))
        .orderBy(desc(outbox.id))
        .limit(LIMIT);
      return ok(
        rows.map((row) => ({
          to: row.to,
          channel: row.channel,
          text: row.text,
          created_at: row.createdAt.toISOString(),
        })),
      );
    },
  );
};
