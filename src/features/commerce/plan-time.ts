// The time facts My Plan shows, computed from the server's answers (pure, unit-tested): the
// plan's state (trial, active, expired), its whole days left, whether Renew is offered ("expires
// in N days" from 7 days before the end), and what the subscription's renewal looks like
// (renews on a date, renewal off, or a failed charge with its retry date).
import { DUNNING_RETRY_DAYS, PAID_PLANS, type PaidPlan } from "../../../contract/commerce";
import type { CurrentSubscription, SavedMethod, Subscription } from "../../api/commerce";

/** Renew shows this many days before the end (spec: "expires in N days"). */
export const RENEW_WITHIN_DAYS = 7;

export const DAY_MS = 86_400_000;

export type PlanState = "trial" | "active" | "expired";

/** Membership sources that are trials: the sign-up trial, the 3-day trial (/getThreeDayVip) and a campaign claim. */
const TRIAL_SOURCES: readonly string[] = ["trial", "experience", "activity"];

export function planState(current: CurrentSubscription, now: number): PlanState {
  if (new Date(current.endTime).getTime() <= now) return "expired";
  return TRIAL_SOURCES.includes(current.source) ? "trial" : "active";
}

/** Whole days left, from the server's count when it sends one (the server's clock may be moved). */
export function daysLeft(current: CurrentSubscription, now: number): number {
  if (typeof current.daysToEndTime === "number") return Math.max(0, Math.floor(current.daysToEndTime));
  return Math.max(0, Math.ceil((new Date(current.endTime).getTime() - now) / DAY_MS));
}

/** "Expires in N days" shows while the plan runs and ends within RENEW_WITHIN_DAYS. */
export const showsExpiresIn = (state: PlanState, days: number): boolean =>
  state !== "expired" && days <= RENEW_WITHIN_DAYS;

/** Renew is offered when the plan expired or ends within RENEW_WITHIN_DAYS. */
export const offersRenew = (state: PlanState, days: number): boolean =>
  state === "expired" || days <= RENEW_WITHIN_DAYS;

/** What My Plan says about renewing. */
export type RenewalView =
  | { kind: "renews"; on: string; method: SavedMethod | null }
  | { kind: "off"; until: string }
  | { kind: "past_due"; failedOn: string; retryOn: string | null };

const addDays = (iso: string, days: number): string => new Date(new Date(iso).getTime() + days * DAY_MS).toISOString();

/**
 * When the last renewal charge failed: the first attempt is at the period end, the retries
 * DUNNING_RETRY_DAYS days after it (docs/subscriptions.md "Renewal").
 */
export function lastFailedAttempt(subscription: Pick<Subscription, "periodEnd" | "failedAttempts">): string {
  const retries = subscription.failedAttempts - 1;
  if (retries <= 0) return subscription.periodEnd;
  const index = Math.min(retries, DUNNING_RETRY_DAYS.length) - 1;
  return addDays(subscription.periodEnd, DUNNING_RETRY_DAYS[index]);
}

/** The renewal line of a subscription; null when it no longer renews anything (expired, replaced). */
export function renewalView(subscription: Subscription | null | undefined): RenewalView | null {
  if (!subscription) return null;
  switch (subscription.status) {
    case "active":
      return { kind: "renews", on: subscription.periodEnd, method: subscription.method };
    case "canceled":
      return { kind: "off", until: subscription.periodEnd };
    case "past_due":
      return { kind: "past_due", failedOn: lastFailedAttempt(subscription), retryOn: subscription.nextAttemptAt };
    default:
      return null;
  }
}

/** Plans strictly better than `plan` (PAID_PLANS runs from the lowest to the highest). */
export function betterPlans(plan: string | null | undefined): PaidPlan[] {
  const rank = PAID_PLANS.indexOf(plan as PaidPlan);
  return rank < 0 ? [] : PAID_PLANS.slice(rank + 1);
}
