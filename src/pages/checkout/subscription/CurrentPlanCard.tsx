// My Plan's current plan card: the plan, its state (trial, active, expired) and end date, the
// days an upgrade carried over, "Expires in N days" with Renew (checkout for the same plan)
// from 7 days before the end, and Upgrade while a better plan exists. A free user gets
// "Choose a plan".
import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import type { CurrentSubscription, Subscription } from "../../../api/commerce";
import { PLAN_STATE_LABELS, planName } from "../../../features/commerce/labels";
import { betterPlans, daysLeft, offersRenew, planState, showsExpiresIn } from "../../../features/commerce/plan-time";
import { formatDate } from "../../../lib/format";
import { hrefFor } from "../../../routing/paths";
import { useLocale } from "../../../state/system";

function FreePlan() {
  return (
    <section className="card" data-testid="my-plan" data-plan="free">
      <h2 className="card__title">
        <Trans>Free plan</Trans>
      </h2>
      <p className="card__note">
        <Trans>Become a member to see every list in full and search without daily limits.</Trans>
      </p>
      <Link href={hrefFor("checkout")} className="button button--primary button--block">
        <Trans>Choose a plan</Trans>
      </Link>
    </section>
  );
}

/** The checkout link that renews the current plan (its cycle when a subscription names one). */
function renewHref(current: CurrentSubscription, subscription: Subscription | null | undefined): string {
  const query: Record<string, string> = { plan: current.plan };
  if (subscription?.plan === current.plan) query.months = String(subscription.months);
  return hrefFor("checkout", query);
}

export function CurrentPlanCard({
  current,
  subscription,
}: {
  current: CurrentSubscription | null;
  subscription?: Subscription | null;
}) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [now] = useState(() => Date.now());
  if (!current) return <FreePlan />;

  const state = planState(current, now);
  const days = daysLeft(current, now);
  const endDate = formatDate(current.endTime, locale);
  const carried = current.carriedDays ?? 0;
  const canUpgrade = state === "active" && betterPlans(current.plan).length > 0;
  return (
    <section className="card" data-testid="my-plan" data-plan={current.plan} data-state={state}>
      <h2 className="card__title" data-testid="my-plan-name">
        {planName(current.plan, i18n)}
      </h2>
      <dl className="facts">
        <div className="facts__row">
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd data-testid="my-plan-status">{i18n._(PLAN_STATE_LABELS[state])}</dd>
        </div>
        <div className="facts__row">
          <dt>
            <Trans>End date</Trans>
          </dt>
          <dd data-testid="my-plan-end" data-end-time={current.endTime}>
            {endDate}
          </dd>
        </div>
      </dl>
      {carried > 0 && (
        <p className="card__note" data-testid="my-plan-carried" data-days={carried}>
          {t`${plural(carried, {
            one: "Includes # day carried over from your previous plan",
            other: "Includes # days carried over from your previous plan",
          })}`}
        </p>
      )}
      {showsExpiresIn(state, days) && (
        <p className="card__note" data-testid="my-plan-expires">
          {t`${plural(days, { one: "Expires in # day", other: "Expires in # days" })}`}
        </p>
      )}
      <div className="plan-actions">
        {/* While a renewal is past due, the failed-payment notice carries Renew. */}
        {offersRenew(state, days) && subscription?.status !== "past_due" && (
          <Link
            href={renewHref(current, subscription)}
            className="button button--primary button--block"
            data-testid="my-plan-renew"
          >
            <Trans>Renew</Trans>
          </Link>
        )}
        {canUpgrade && (
          <Link
            href={hrefFor("checkout", { upgrade: "1" })}
            className="button button--block"
            data-testid="my-plan-upgrade"
          >
            <Trans>Upgrade</Trans>
          </Link>
        )}
      </div>
    </section>
  );
}
