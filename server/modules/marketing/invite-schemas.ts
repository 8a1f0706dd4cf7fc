// Wire shapes of the invite routes (snake_case, docs/marketing.md "Invites"), shared with the
// activity routes' plan field: the reward terms, the invite code answer, the invitee list and the
// invitee's award.
import { Type, type Static } from "@fastify/type-provider-typebox";
import { PAID_PLANS } from "../../../contract/commerce";
import { INVITE_REFUSALS } from "../../../contract/marketing";
import { Instant, Nullable } from "../catalog";

/** One of `values`: a JSON-schema enum, so a bad value's 400 lists the allowed ones. */
const OneOf = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: "string", enum: [...values] });

export const PlanSchema = OneOf(PAID_PLANS);
export const RefusalSchema = Type.Union([OneOf(INVITE_REFUSALS), Type.Null()]);
export const NullablePlan = Type.Union([PlanSchema, Type.Null()]);

export const InviteOffer = Type.Object({
  reward: Type.Object({ plan: PlanSchema, days: Type.Integer(), cap: Type.Integer() }),
  award: Type.Object({ plan: PlanSchema, days: Type.Integer() }),
});

export const InviteCodeData = Type.Object({
  invite_code: Type.String(),
  share_url: Type.String(),
  ...InviteOffer.properties,
  invited: Type.Integer(),
  rewarded: Type.Integer(),
});

export const InviteRecordsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type InviteRecordsQueryType = Static<typeof InviteRecordsQuery>;

export const InviteRecordsData = Type.Object({
  total: Type.Integer(),
  list: Type.Array(
    Type.Object({
      invitee: Type.String({ description: "Masked e-mail, phone or nickname" }),
      registered_at: Instant,
      rewarded: Type.Boolean(),
      refusal: RefusalSchema,
      plan: NullablePlan,
      days: Type.Integer({ description: "Days the inviter got (0 when refused)" }),
    }),
  ),
});

export const InviteeAwardData = Type.Union([
  Type.Object({
    inviter: Type.String({ description: "Masked e-mail, phone or nickname" }),
    plan: PlanSchema,
    days: Type.Integer(),
    starts_at: Nullable(Instant),
    end_time: Nullable(Instant),
    refusal: RefusalSchema,
  }),
  Type.Null(),
]);
