// Wire shapes of subscriptions and saved methods (docs/subscriptions.md): the subscription
// object of My Plan and cancel (with the method the next renewal charges and its price today),
// and the saved method object of the card and e-wallet routes.
import { Type, type Static } from "@fastify/type-provider-typebox";
import {
  SAVED_METHOD_KINDS,
  SUBSCRIPTION_STATUSES,
  type BillingMonths,
  type CheckoutCountry,
} from "../../../contract/commerce";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { SavedPaymentMethod, Subscription } from "../../db/schema";
import { OneOf, PlanSchema } from "./schemas";
import { minorToMajor } from "./services/money";
import { pricePlan } from "./services/pricing";
import { renewalMethodOf } from "./services/saved-methods";
import { isLive, RENEWAL_FAILURES } from "./services/subscription-rules";

const DateTime = Type.String({ format: "date-time" });
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
const NullableText = Type.Union([Type.String(), Type.Null()]);

export const SavedMethodSchema = Type.Object({
  id: Type.Integer(),
  kind: OneOf(SAVED_METHOD_KINDS),
  method: Type.String(),
  brand: NullableText,
  last4: NullableText,
  exp_month: NullableInt,
  exp_year: NullableInt,
});

export const SubscriptionSchema = Type.Object({
  id: Type.Integer(),
  plan: PlanSchema,
  months: Type.Integer(),
  status: OneOf(SUBSCRIPTION_STATUSES),
  renews: Type.Boolean(),
  period_end: DateTime,
  next_attempt_at: Type.Union([DateTime, Type.Null()]),
  failed_attempts: Type.Integer(),
  last_failure: Type.Union([OneOf(RENEWAL_FAILURES), Type.Null()]),
  amount_local: Type.Number(),
  currency: Type.String(),
  method: Type.Union([SavedMethodSchema, Type.Null()]),
});
export type SubscriptionJson = Static<typeof SubscriptionSchema>;

export const savedMethodJson = (row: SavedPaymentMethod): Static<typeof SavedMethodSchema> => ({
  id: row.id,
  kind: row.kind,
  method: row.method,
  brand: row.brand,
  last4: row.last4,
  exp_month: row.expMonth,
  exp_year: row.expYear,
});

export async function subscriptionJson(
  db: Db,
  config: Pick<Config, "planPrices">,
  sub: Subscription,
  now: Date,
): Promise<SubscriptionJson> {
  const [price, method] = await Promise.all([
    pricePlan(db, config, sub.plan, sub.months as BillingMonths, sub.country as CheckoutCountry, now),
    renewalMethodOf(db, sub.userId, sub.adapter),
  ]);
  return {
    id: sub.id,
    plan: sub.plan,
    months: sub.months,
    status: sub.status,
    renews: isLive(sub.status),
    period_end: sub.periodEnd.toISOString(),
    next_attempt_at: sub.nextAttemptAt?.toISOString() ?? null,
    failed_attempts: sub.failedAttempts,
    last_failure: (sub.lastFailure as SubscriptionJson["last_failure"]) ?? null,
    amount_local: minorToMajor(price.localMinor, price.currency),
    currency: price.currency,
    method: method ? savedMethodJson(method) : null,
  };
}
