// The subscription state machine as pure decisions, with no database: what a paid or failed
// renewal, a cancel and an upgrade do to a subscription's period end, status, dunning schedule
// and grace, which membership period to grant, and how a payment's final state moves an order.
// The services (settlement, renewals, subscriptions, upgrades) apply these decisions inside
// their transactions; tests/server/commerce/subscription-rules.test.ts checks them against an
// independent model over thousands of random histories.
import {
  DUNNING_RETRY_DAYS,
  PAID_PLANS,
  type OrderStatus,
  type PaidPlan,
  type SubscriptionStatus,
} from "../../../../contract/commerce";
import type { PaymentState } from "../../../adapters/payments/payments-adapter";
import { addCalendarMonths, addDays } from "./calendar";

export const RENEWAL_FAILURES = ["declined", "no_payment_method", "gateway_error"] as const;
export type RenewalFailure = (typeof RENEWAL_FAILURES)[number];

/** What the rules read and write of a subscription. */
export interface SubscriptionFacts {
  status: SubscriptionStatus;
  periodEnd: Date;
  nextAttemptAt: Date | null;
  failedAttempts: number;
  lastFailure: RenewalFailure | null;
}

export interface Period {
  startsAt: Date;
  endsAt: Date;
}

const LIVE: readonly SubscriptionStatus[] = ["active", "past_due"];

export const isLive = (status: SubscriptionStatus): boolean => LIVE.includes(status);

/** Due for a renewal attempt at `now`. */
export const isDue = (sub: Pick<SubscriptionFacts, "status" | "nextAttemptAt">, now: Date): boolean =>
  isLive(sub.status) && sub.nextAttemptAt !== null && sub.nextAttemptAt.getTime() <= now.getTime();

/** The renewal order's unique key: one order (so one charge) per subscription and period. */
export const renewalKeyOf = (subscriptionId: number, periodEnd: Date): string =>
  `${subscriptionId}:${periodEnd.toISOString()}`;

/** A new subscription whose paid period ends at `periodEnd`: first renewal attempt then. */
export const newSubscription = (periodEnd: Date): SubscriptionFacts => ({
  status: "active",
  periodEnd,
  nextAttemptAt: periodEnd,
  failedAttempts: 0,
  lastFailure: null,
});

/** Where a failed renewal's grace ends: the last dunning retry. */
export const graceEndOf = (periodEnd: Date): Date =>
  addDays(periodEnd, DUNNING_RETRY_DAYS[DUNNING_RETRY_DAYS.length - 1]);

/**
 * A renewal was paid: the new period runs from the old period end for `months` calendar
 * months. A live subscription becomes active again; a canceled or replaced one (its charge was
 * under way when the user canceled) keeps its status and schedules nothing.
 */
export function renewalPaid(sub: SubscriptionFacts, months: number): { next: SubscriptionFacts; period: Period } {
  const period = { startsAt: sub.periodEnd, endsAt: addCalendarMonths(sub.periodEnd, months) };
  const live = isLive(sub.status);
  return {
    period,
    next: {
      status: live ? "active" : sub.status,
      periodEnd: period.endsAt,
      nextAttemptAt: live ? period.endsAt : null,
      failedAttempts: 0,
      lastFailure: null,
    },
  };
}

/**
 * A renewal attempt failed: past_due with the next retry DUNNING_RETRY_DAYS after the period
 * end; the first failure grants the grace period (to the last retry); after the last retry the
 * subscription expires and the grace ends at `now`. Only a live subscription changes.
 */
export function renewalFailed(
  sub: SubscriptionFacts,
  failure: RenewalFailure,
  now: Date,
): { next: SubscriptionFacts; grantGrace: Period | null; endGraceAt: Date | null } {
  if (!isLive(sub.status)) return { next: sub, grantGrace: null, endGraceAt: null };
  if (sub.failedAttempts >= DUNNING_RETRY_DAYS.length) {
    const graceEnd = graceEndOf(sub.periodEnd);
    return {
      next: {
        ...sub,
        status: "expired",
        nextAttemptAt: null,
        failedAttempts: sub.failedAttempts + 1,
        lastFailure: failure,
      },
      grantGrace: null,
      endGraceAt: now < graceEnd ? now : null,
    };
  }
  return {
    next: {
      ...sub,
      status: "past_due",
      nextAttemptAt: addDays(sub.periodEnd, DUNNING_RETRY_DAYS[sub.failedAttempts]),
      failedAttempts: sub.failedAttempts + 1,
      lastFailure: failure,
    },
    grantGrace: sub.failedAttempts === 0 ? { startsAt: sub.periodEnd, endsAt: graceEndOf(sub.periodEnd) } : null,
    endGraceAt: null,
  };
}

/**
 * The user cancels: renewal off, the paid period runs to its end. A past_due one has no paid
 * time left: its grace ends now. Canceling a canceled one changes nothing; an expired or
 * replaced one cannot be canceled (null).
 */
export function canceled(
  sub: SubscriptionFacts,
  now: Date,
): { next: SubscriptionFacts; endGraceAt: Date | null } | null {
  if (sub.status === "canceled") return { next: sub, endGraceAt: null };
  if (!isLive(sub.status)) return null;
  return {
    next: { ...sub, status: "canceled", nextAttemptAt: null },
    endGraceAt: sub.status === "past_due" ? now : null,
  };
}

/** A purchase's period: from the end of the paid time it extends (or now) for `months` months. */
export function purchasePeriod(now: Date, extendableEnd: Date | null, months: number): Period {
  const startsAt = extendableEnd && extendableEnd > now ? extendableEnd : now;
  return { startsAt, endsAt: addCalendarMonths(startsAt, months) };
}

/**
 * An upgrade's period (spec §1): the new plan from now for `months` months plus the time the
 * current paid plan had left (`currentEnd`, null when none).
 */
export function upgradePeriod(now: Date, currentEnd: Date | null, months: number): Period & { carriedMs: number } {
  const carriedMs = currentEnd ? Math.max(0, currentEnd.getTime() - now.getTime()) : 0;
  return { startsAt: now, endsAt: new Date(addCalendarMonths(now, months).getTime() + carriedMs), carriedMs };
}

export const planRank = (plan: PaidPlan): number => PAID_PLANS.indexOf(plan);

/** Why an upgrade from `current` to `wanted` is refused; null when it is an upgrade. */
export function upgradeRefusal(
  current: PaidPlan | null,
  wanted: PaidPlan,
): "NOTHING_TO_UPGRADE" | "DOWNGRADE_REFUSED" | "NOT_AN_UPGRADE" | null {
  if (current === null) return "NOTHING_TO_UPGRADE";
  if (planRank(wanted) < planRank(current)) return "DOWNGRADE_REFUSED";
  if (planRank(wanted) === planRank(current)) return "NOT_AN_UPGRADE";
  return null;
}

export type SettleDecision = "pay" | "fail" | "cancel" | "unchanged";

/**
 * How a payment's final state moves an order: only the order's current payment counts, a paid
 * order never changes (duplicate or late webhooks), a success settles even a canceled order
 * (the money was collected), a decline fails a paying order, an expiry or cancel at the gateway
 * cancels a paying or failed one.
 */
export function settleDecision(status: OrderStatus, isCurrentPayment: boolean, state: PaymentState): SettleDecision {
  if (!isCurrentPayment || status === "paid") return "unchanged";
  switch (state) {
    case "succeeded":
      return "pay";
    case "failed":
      return status === "paying" ? "fail" : "unchanged";
    case "expired":
    case "canceled":
      return status === "paying" || status === "failed" ? "cancel" : "unchanged";
    default:
      return "unchanged";
  }
}

/** The period end a renewal key names (renewalKeyOf's second part). */
export const periodEndOfKey = (renewalKey: string): Date => new Date(renewalKey.slice(renewalKey.indexOf(":") + 1));
