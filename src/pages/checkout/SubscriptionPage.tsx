// My Plan (/subscription): the current plan card (state, end date, carried days, "Expires in
// N days" with Renew, Upgrade), the subscription's renewal (renews on a date, renewal off, the
// failed-payment notice, Cancel renewal), the open order if any, the saved payment methods,
// pull-to-refresh, and links to the invoices and the comparison. Each part is its own
// component under ./subscription.
import { useCallback, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { userSubscribe, type Subscription, type UserSubscription } from "../../api/commerce";
import { LoadFailed } from "../../components/LoadFailed";
import { PullToRefresh } from "../../components/PullToRefresh";
import { ORDER_STATUS_LABELS } from "../../features/commerce/labels";
import { useAsync } from "../../hooks/use-async";
import { hrefFor } from "../../routing/paths";
import { CurrentPlanCard } from "./subscription/CurrentPlanCard";
import { PaymentMethods } from "./subscription/PaymentMethods";
import { RenewalCard } from "./subscription/RenewalCard";
import "./checkout.css";

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
  const refresh = useCallback(async () => {
    const answer = await userSubscribe().catch(() => null);
    if (answer) setRefreshed(answer);
  }, []);
  const subscriptionChanged = (subscription: Subscription) => {
    if (data) setRefreshed({ ...data, subscription });
  };
  const subscription = data?.subscription ?? null;

  return (
    <PullToRefresh onRefresh={refresh}>
      <div data-testid="subscription-page" data-state={data ? "ready" : failed ? "failed" : "loading"}>
        {data ? (
          <>
            <CurrentPlanCard current={data.current} subscription={subscription} />
            {subscription && <RenewalCard subscription={subscription} onChange={subscriptionChanged} />}
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
        <PaymentMethods onChange={() => void refresh()} />
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
