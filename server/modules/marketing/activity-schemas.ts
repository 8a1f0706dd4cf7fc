// Wire shapes of the activity routes (snake_case, docs/marketing.md "Campaigns and activity
// codes"): queryActivity's query and answer, receive/{code}'s code and the claimed period.
import { Type, type Static } from "@fastify/type-provider-typebox";
import { ACTIVITY_STATUSES } from "../../../contract/marketing";
import { Instant, Nullable } from "../catalog";
import { NullablePlan, PlanSchema } from "./invite-schemas";

const CodeText = Type.String({ minLength: 1, maxLength: 64 });

export const ActivityQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 64 })),
  campaign: Type.Optional(Type.String({ maxLength: 64 })),
});
export type ActivityQueryType = Static<typeof ActivityQuery>;

export const ActivityData = Type.Object({
  campaign: Type.String({ description: "The campaign's slug" }),
  title: Type.String(),
  description: Type.String(),
  starts_at: Instant,
  ends_at: Instant,
  server_time: Instant,
  status: Type.Unsafe<(typeof ACTIVITY_STATUSES)[number]>({ type: "string", enum: [...ACTIVITY_STATUSES] }),
  code: Nullable(Type.String()),
  plan: NullablePlan,
  days: Type.Integer({ description: "Days a claim grants (0 when the campaign has no code)" }),
  claimed: Nullable(Type.Boolean()),
  claimed_at: Nullable(Instant),
  end_time: Nullable(Instant),
});

export const ReceiveParams = Type.Object({ code: CodeText });

export const ReceiveData = Type.Object({
  plan: PlanSchema,
  days: Type.Integer(),
  starts_at: Instant,
  end_time: Instant,
});
