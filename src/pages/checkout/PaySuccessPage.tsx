// The payment result (/paySuccess?subscription_no=...), where the gateway sends the browser
// back: confirm-paid once (the gateway is asked and the order settled), then combo-status
// every 2 s while the payment is under way (at most about 2 minutes). Paid: the plan and its end
// date (the user store and the cached lists are refreshed for the new plan). Failed: Pay again
// or Cancel (and the failure goes to the card-error monitor). Canceled: back to checkout.
// Unpaid: Pay now or Cancel.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { comboStatus, confirmPaid, type Order } from "../../api/commerce";
import { sendCardError } from "../../features/commerce/card-errors";
import { failureText, toastFailure } from "../../features/commerce/failures";
import { cycleName, planName } from "../../features/commerce/labels";
import { cancelOpenOrder, payAndRedirect, refreshAfterPurchase } from "../../features/commerce/payment";
import { useBusy } from "../../hooks/use-busy";
import { formatDate, formatPrice } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { useLocale } from "../../state/system";
import "./checkout.css";

/** How often the order's state is asked while its payment is under way, and for how long. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_LIMIT_MS = 120_000;

type Loaded =
  { kind: "loading" } | { kind: "missing" } | { kind: "failed"; message: string } | { kind: "order"; order: Order };

/** The order of the page: confirmed once, then polled while paying. */
function useOrder(subscriptionNo: string) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<Loaded>(subscriptionNo ? { kind: "loading" } : { kind: "missing" });
  const [timedOut, setTimedOut] = useState(false);
  const [pollRound, setPollRound] = useState(0);
  const status = loaded.kind === "order" ? loaded.order.status : null;

  useEffect(() => {
    if (!subscriptionNo) return;
    let live = true;
    confirmPaid(subscriptionNo)
      .catch(() => comboStatus(subscriptionNo))
      .then(
        (order) => live && setLoaded({ kind: "order", order }),
        (failure: unknown) =>
          live &&
          setLoaded({
            kind: "failed",
            message: failureText(failure, t`The order could not be loaded.`),
          }),
      );
    return () => {
      live = false;
    };
  }, [subscriptionNo, t]);

  useEffect(() => {
    if (status !== "paying") return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = Date.now() + POLL_LIMIT_MS;
    const poll = () => {
      timer = setTimeout(() => {
        comboStatus(subscriptionNo, true).then(
          (order) => {
            if (!live) return;
            if (order.status === "paying") {
              if (Date.now() < deadline) poll();
              else setTimedOut(true);
            } else setLoaded({ kind: "order", order });
          },
          () => {
            if (!live) return;
            if (Date.now() < deadline) poll();
            else setTimedOut(true);
          },
        );
      }, POLL_INTERVAL_MS);
    };
    poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [status, subscriptionNo, pollRound]);

  const checkAgain = () => {
    setTimedOut(false);
    setPollRound((round) => round + 1);
  };
  const replace = (order: Order) => setLoaded({ kind: "order", order });
  return { loaded, timedOut, checkAgain, replace };
}

function OrderFacts({ order }: { order: Order }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const cycle = cycleName(order.months, i18n);
  return (
    <dl className="facts card" data-testid="pay-order">
      <div className="facts__row">
        <dt>
          <Trans>Order number</Trans>
        </dt>
        <dd data-testid="pay-order-no">{order.subscriptionNo}</dd>
      </div>
      <div className="facts__row">
        <dt>
          <Trans>Plan</Trans>
        </dt>
        <dd>
          {planName(order.plan, i18n)} · {cycle}
        </dd>
      </div>
      <div className="facts__row">
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          {formatPrice(order.totalLocal, order.currency, locale)} ≈ {formatPrice(order.totalUsd, "USD", locale)}
        </dd>
      </div>
    </dl>
  );
}

export default function PaySuccessPage() {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const subscriptionNo = new URLSearchParams(useSearch()).get("subscription_no")?.trim() ?? "";
  const { loaded, timedOut, checkAgain, replace } = useOrder(subscriptionNo);
  const [busy, run] = useBusy();
  const refreshed = useRef(false);
  const paid = loaded.kind === "order" && loaded.order.status === "paid";

  useEffect(() => {
    if (!paid || refreshed.current) return;
    refreshed.current = true;
    void refreshAfterPurchase();
  }, [paid]);

  // A failed payment is reported once to the card-error monitor (fire and forget).
  const failedOrder = loaded.kind === "order" && loaded.order.status === "failed" ? loaded.order : null;
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!failedOrder || reported.current === failedOrder.subscriptionNo) return;
    reported.current = failedOrder.subscriptionNo;
    sendCardError({
      code: failedOrder.failureReason ?? "payment_failed",
      stage: "payment",
      method: failedOrder.method,
      subscriptionNo: failedOrder.subscriptionNo,
    });
  }, [failedOrder]);

  if (loaded.kind === "missing") {
    return (
      <div className="empty-state" data-testid="pay-result" data-status="missing">
        <p className="empty-state__title">
          <Trans>No order to show</Trans>
        </p>
        <Link href={hrefFor("checkout")} className="button button--primary">
          <Trans>Choose a plan</Trans>
        </Link>
      </div>
    );
  }
  if (loaded.kind === "loading") {
    return (
      <div className="page-status" data-testid="pay-result" data-status="loading">
        <span className="spinner" aria-hidden="true" />
        <Trans>Checking the payment…</Trans>
      </div>
    );
  }
  if (loaded.kind === "failed") {
    return (
      <div className="empty-state" data-testid="pay-result" data-status="error">
        <p className="empty-state__title">{loaded.message}</p>
        <Link href={hrefFor("order")} className="button">
          <Trans>My orders</Trans>
        </Link>
      </div>
    );
  }

  const { order } = loaded;
  const payAgain = () =>
    run(async () => {
      try {
        await payAndRedirect(order.subscriptionNo);
      } catch (failure) {
        toastFailure(failure, t`Payments are not available at the moment.`);
      }
    });
  const cancel = () =>
    run(async () => {
      try {
        replace(await cancelOpenOrder(order.subscriptionNo, order));
      } catch (failure) {
        toastFailure(failure, t`This order cannot be canceled.`);
      }
    });

  const cancelButton = (
    <button
      type="button"
      className="button button--block"
      disabled={busy}
      onClick={() => void cancel()}
      data-testid="pay-cancel"
    >
      <Trans>Cancel</Trans>
    </button>
  );

  /** Starts a new payment of this order (Pay again after a decline, Pay now while unpaid). */
  const payButton = (label: ReactNode, testId: string) => (
    <button
      type="button"
      className="button button--primary button--block"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void payAgain()}
      data-testid={testId}
    >
      {label}
    </button>
  );

  switch (order.status) {
    case "paid": {
      const membership = order.membership;
      const endTime = membership?.endTime;
      const plan = planName(membership?.plan ?? order.plan, i18n);
      const endDate = formatDate(endTime, locale);
      return (
        <div className="result" data-testid="pay-result" data-status="paid">
          <h2 className="result__title">
            <Trans>Payment successful</Trans>
          </h2>
          <p className="result__detail" data-testid="pay-plan">
            {plan}
          </p>
          {endTime && (
            <p className="result__detail" data-testid="pay-end-date" data-end-time={endTime}>
              <Trans>Valid until {endDate}</Trans>
            </p>
          )}
          <OrderFacts order={order} />
          <div className="result__actions">
            <Link href={hrefFor("subscription")} className="button button--primary button--block">
              <Trans>My Plan</Trans>
            </Link>
            <Link href={hrefFor("index")} className="button button--block">
              <Trans>Home</Trans>
            </Link>
          </div>
        </div>
      );
    }
    case "failed":
      return (
        <div className="result" data-testid="pay-result" data-status="failed">
          <h2 className="result__title" role="alert">
            <Trans>Payment failed. If there's a problem, please contact us.</Trans>
          </h2>
          <OrderFacts order={order} />
          <div className="result__actions">
            {payButton(<Trans>Pay again</Trans>, "pay-again")}
            {cancelButton}
          </div>
        </div>
      );
    case "canceled":
      return (
        <div className="result" data-testid="pay-result" data-status="canceled">
          <h2 className="result__title">
            <Trans>This order was canceled</Trans>
          </h2>
          <OrderFacts order={order} />
          <div className="result__actions">
            <Link href={hrefFor("checkout")} className="button button--primary button--block">
              <Trans>Back to checkout</Trans>
            </Link>
          </div>
        </div>
      );
    case "unpaid":
      return (
        <div className="result" data-testid="pay-result" data-status="unpaid">
          <h2 className="result__title">
            <Trans>This order is waiting for payment</Trans>
          </h2>
          <OrderFacts order={order} />
          <div className="result__actions">
            {payButton(<Trans>Pay now</Trans>, "pay-now")}
            {cancelButton}
          </div>
        </div>
      );
    case "paying":
      return (
        <div className="result" data-testid="pay-result" data-status="paying">
          {timedOut ? (
            <p className="result__detail">
              <Trans>The payment has not been confirmed yet.</Trans>
            </p>
          ) : (
            <>
              <span className="spinner" aria-hidden="true" />
              <p className="result__detail" aria-live="polite">
                <Trans>Waiting for the payment to be confirmed…</Trans>
              </p>
            </>
          )}
          <OrderFacts order={order} />
          <div className="result__actions">
            {timedOut && (
              <button type="button" className="button button--primary button--block" onClick={checkAgain}>
                <Trans>Check again</Trans>
              </button>
            )}
            {cancelButton}
          </div>
        </div>
      );
  }
}
