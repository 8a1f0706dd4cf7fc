// GET /__dev/clock: the server's time and how far demo mode moved it; POST /__dev/clock
// {"advance_days": N} or {"advance_ms": N}: moves it forward (never back), so a demo or an
// end-to-end test can reach a renewal date, the dunning retries and expiry without waiting.
// Demo mode and loopback only (../index.ts).
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "@fastify/type-provider-typebox";
import type { AdjustableClock } from "../../../lib/adjustable-clock";
import { envelopeResponses, ok } from "../../../lib/api";
import { DomainError } from "../../../lib/domain-error";

const DAY_MS = 24 * 60 * 60_000;
const MAX_DAYS = 3_650;

const ClockState = Type.Object({ now: Type.String({ format: "date-time" }), offset_ms: Type.Integer() });

export const clockRoutes: FastifyPluginAsyncTypebox<{ clock: AdjustableClock }> = async (app, { clock }) => {
  const state = () => ({ now: clock.now().toISOString(), offset_ms: clock.offsetMs() });

  app.get("/__dev/clock", { schema: { response: envelopeResponses(ClockState) } }, async () => ok(state()));

  app.post(
    "/__dev/clock",
    {
      schema: {
        body: Type.Object(
          {
            advance_days: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: MAX_DAYS })),
            advance_ms: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_DAYS * DAY_MS })),
          },
          { additionalProperties: false },
        ),
        response: envelopeResponses(ClockState),
      },
    },
    async (request) => {
      const { advance_days: days, advance_ms: ms } = request.body;
      if ((days === undefined) === (ms === undefined))
        throw new DomainError(400, "Give one of advance_days or advance_ms");
      const advanceMs = ms ?? Math.round((days ?? 0) * DAY_MS);
      // A positive advance_days can still round to no time at all (1e-300 days).
      if (advanceMs < 1) throw new DomainError(400, "advance_days must move the clock by at least a millisecond");
      clock.advance(advanceMs);
      request.log.warn({ offsetMs: clock.offsetMs() }, "demo clock moved forward");
      return ok(state());
    },
  );
};
