// My Plan (/subscription): the current plan, its state (trial, active, expired), its end date,
// "Expires in N days" with Renew (checkout with the plan preselected) from 7 days before the
// end, the open order if any, pull-to-refresh, and links to the invoices and the comparison.
import { useState } from "react";
import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { userSubscribe, type CurrentSubscription, type UserSubscription } from "../../api/commerce";
import { PullToRefresh } from "../../components/PullToRefresh";
import { ORDER_STATUS_LABELS, planName } from "../../features/commerce/labels";
import { useAsync } from "../../hooks/use-async";
import { formatDate } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { useLocale } from "../../state/system";
import "./checkout.css";
import { LoadFailed } from "../../components/LoadFailed";

/** Renew shows this many days before the end (spec: "expires in N days"). */
export const RENEW_WITHIN_DAYS = 7;

const DAY_MS = 86_400_000;

type PlanState = "trial" | "active" | "expired";

function planState(current: CurrentSubscription, now: number): PlanState {
  if (new Date(current.endTime).getTime() <= now) return "expired";
  return current.source === "trial" ? "trial" : "active";
}

/** Whole days left, from the server's count when it sends one. */
function daysLeft(current: CurrentSubscription, now: number): number {
  if (typeof current.daysToEndTime === "number") return Math.max(0, Math.floor(current.daysToEndTime));
  return Math.max(0, Math.ceil((new Date(current.endTime).getTime() - now) / DAY_MS));
}

function CurrentPlan({ current }: { current: CurrentSubscription | null }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const [now] = useState(() => Date.now());
  if (!current) {
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
  const state = planState(current, now);
  const days = daysLeft(current, now);
  const stateLabel = { trial: t`Trial`, active: t`Active`, expired: t`Expired` }[state];
  const endDate = formatDate(current.endTime, locale);
  const renew = state === "expired" || days <= RENEW_WITHIN_DAYS;
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
          <dd data-testid="my-plan-status">{stateLabel}</dd>
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
      {state !== "expired" && days <= RENEW_WITHIN_DAYS && (
        <p className="card__note" data-testid="my-plan-expires">
          {t`${plural(days, { one: "Expires in # day", other: "Expires in # days" })}`}
        </p>
      )}
      {renew && (
        <Link
          href={hrefFor("checkout", { plan: current.plan })}
          className="button button--primary button--block"
          data-testid="my-plan-renew"
        >
          <Trans>Renew</Trans>
        </Link>
      )}
    </section>
  );
}

function OpenOrder({ order }: { order: NonNullable<UserSubscription["openOrder"]> }) {
  const { i18n } = useLingui();
  return (
    <section className="card card--row" data-testid="my-plan-open-order">
      <span>
        <Trans>Open order {order.subscriptionNo}</Trans>{" "}
        <span className="status-label">{i18n._(ORDER_STATUS_LABELS[order.status])}</span>
      </span>
      <Link href={hrefFor("paySuccess", { subscription_no: order.subscriptionNo })} className="button button--small">
        <Trans>View order</Trans>
      </Link>
    </section>
  );
}

export default function SubscriptionPage() {
  const first = useAsync(userSubscribe, []);
  const [refreshed, setRefreshed] = useState<UserSubscription | null>(null);
  const data = refreshed ?? first.data;
  const failed = !data && first.error !== undefined;
  const refresh = async () => {
    const answer = await userSubscribe().catch(() => null);
    if (answer) setRefreshed(answer);
  };

  return (
    <PullToRefresh onRefresh={refresh}>
      <div data-testid="subscription-page" data-state={data ? "ready" : failed ? "failed" : "loading"}>
        {data ? (
          <>
            <CurrentPlan current={data.current} />
            {data.openOrder && <OpenOrder order={data.openOrder} />}
          </>
        ) : failed ? (
          <LoadFailed className="empty-state" onRetry={first.reload}>
            <Trans>Your plan could not be loaded.</Trans>
          </LoadFailed>
        ) : (
          <div className="page-status">
            <span className="spinner" aria-hidden="true" />
          </div>
        )}
        <nav className="card link-list">
          <Link href={hrefFor("order")}>
            <Trans>Invoices</Trans>
          </Link>
          <Link href={hrefFor("comparison")}>
            <Trans>Plan comparison</Trans>
          </Link>
        </nav>
      </div>
    </PullToRefresh>
  );
}
