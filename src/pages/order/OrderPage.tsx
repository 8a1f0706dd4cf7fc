// My orders (/order): the invoices of the signed-in user, newest first (subscriptions/list):
// order number, date, status, payment method, subtotal, discount and total. Unpaid, paying and
// failed orders link to /paySuccess, where they are paid or canceled.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { orderList, type Order } from "../../api/commerce";
import { ORDER_STATUS_LABELS, cycleName, methodName, planName } from "../../features/commerce/labels";
import { formatDateTime, formatPrice } from "../../lib/format";
import { useAsync } from "../../hooks/use-async";
import { useBusy } from "../../hooks/use-busy";
import { hrefFor } from "../../routing/paths";
import { useLocale } from "../../state/system";
import "../checkout/checkout.css";
import { LoadFailed } from "../../components/LoadFailed";

const PAGE_SIZE = 20;

function Invoice({ order }: { order: Order }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const money = (amount: number) => formatPrice(amount, order.currency, locale);
  const open = order.status === "unpaid" || order.status === "failed" || order.status === "paying";
  return (
    <li className="card invoice" data-testid="invoice" data-status={order.status} data-order={order.subscriptionNo}>
      <div className="invoice__head">
        <p className="invoice__no">
          <Trans>Order {order.subscriptionNo}</Trans>
        </p>
        <span className={`status-label status-label--${order.status}`} data-testid="invoice-status">
          {i18n._(ORDER_STATUS_LABELS[order.status])}
        </span>
      </div>
      <dl className="facts">
        <div className="facts__row">
          <dt>
            <Trans>Date</Trans>
          </dt>
          <dd>{formatDateTime(order.createdAt, locale)}</dd>
        </div>
        <div className="facts__row">
          <dt>
            <Trans>Plan</Trans>
          </dt>
          <dd data-testid="invoice-plan">
            {planName(order.plan, i18n)} · {cycleName(order.months, i18n)}
          </dd>
        </div>
        <div className="facts__row">
          <dt>
            <Trans>Payment method</Trans>
          </dt>
          <dd data-testid="invoice-method">{methodName(order.method, i18n)}</dd>
        </div>
        <div className="facts__row">
          <dt>
            <Trans>Subtotal</Trans>
          </dt>
          <dd>{money(order.subtotalLocal)}</dd>
        </div>
        <div className="facts__row">
          <dt>
            <Trans>Discount</Trans>
          </dt>
          <dd data-testid="invoice-discount">
            {order.discountLocal > 0 ? "-" : ""}
            {money(order.discountLocal)}
          </dd>
        </div>
        <div className="facts__row">
          <dt>
            <Trans>Total</Trans>
          </dt>
          <dd data-testid="invoice-total">
            {money(order.totalLocal)}{" "}
            <span className="summary__usd">≈ {formatPrice(order.totalUsd, "USD", locale)}</span>
          </dd>
        </div>
      </dl>
      {open && (
        <Link
          href={hrefFor("paySuccess", { subscription_no: order.subscriptionNo })}
          className="button button--small button--primary"
          data-testid="invoice-open"
        >
          <Trans>Pay or cancel</Trans>
        </Link>
      )}
    </li>
  );
}

export default function OrderPage() {
  const first = useAsync(() => orderList(1, PAGE_SIZE), []);
  const [more, setMore] = useState<{ pages: number; list: Order[] }>({ pages: 1, list: [] });
  const [busy, run] = useBusy();
  const loadMore = () =>
    run(async () => {
      const answer = await orderList(more.pages + 1, PAGE_SIZE).catch(() => null);
      if (answer) setMore((previous) => ({ pages: previous.pages + 1, list: [...previous.list, ...answer.list] }));
    });

  if (!first.data && first.error === undefined) {
    return (
      <div className="page-status" data-testid="orders" data-state="loading">
        <span className="spinner" aria-hidden="true" />
      </div>
    );
  }
  if (!first.data) {
    return (
      <LoadFailed className="empty-state" data-testid="orders" data-state="failed" onRetry={first.reload}>
        <Trans>Your orders could not be loaded.</Trans>
      </LoadFailed>
    );
  }
  const loaded = { list: [...first.data.list, ...more.list], total: first.data.total };
  if (loaded.list.length === 0) {
    return (
      <div className="empty-state" data-testid="orders" data-state="empty">
        <p className="empty-state__title">
          <Trans>No orders yet</Trans>
        </p>
        <Link href={hrefFor("checkout")} className="button button--primary">
          <Trans>Choose a plan</Trans>
        </Link>
      </div>
    );
  }
  return (
    <div data-testid="orders" data-state="ready">
      <ul className="invoices">
        {loaded.list.map((order) => (
          <Invoice key={order.subscriptionNo} order={order} />
        ))}
      </ul>
      {loaded.list.length < loaded.total && (
        <button type="button" className="button button--block" disabled={busy} onClick={() => void loadMore()}>
          <Trans>Load more</Trans>
        </button>
      )}
    </div>
  );
}
