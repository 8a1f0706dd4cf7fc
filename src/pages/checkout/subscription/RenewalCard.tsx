// My Plan's renewal card: "Renews automatically on {date} with Visa •••• 4242", "Renewal off"
// after a cancel, or the failed-payment notice with its retry date and Renew while a renewal
// charge is past due; and "Cancel renewal" behind a confirm dialog (no refunds, spec §1).
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { cancelSubscription, type Subscription } from "../../../api/commerce";
import { Dialog } from "../../../components/Dialog";
import { toastFailure } from "../../../features/commerce/failures";
import { renewalView, type RenewalView } from "../../../features/commerce/plan-time";
import { savedMethodLabel } from "../../../features/commerce/saved-methods";
import { useBusy } from "../../../hooks/use-busy";
import { formatDate } from "../../../lib/format";
import { hrefFor } from "../../../routing/paths";
import { showToast, useLocale } from "../../../state/system";

function RenewalLine({ view, subscription }: { view: RenewalView; subscription: Subscription }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  switch (view.kind) {
    case "renews": {
      const date = formatDate(view.on, locale);
      const method = view.method ? savedMethodLabel(view.method, i18n) : null;
      return (
        <p className="card__note" data-testid="renewal-state" data-state="renews" data-date={view.on}>
          {method ? (
            <Trans>
              Renews automatically on {date} with {method}
            </Trans>
          ) : (
            <Trans>Renews automatically on {date}</Trans>
          )}
        </p>
      );
    }
    case "off": {
      const date = formatDate(view.until, locale);
      return (
        <p className="card__note" data-testid="renewal-state" data-state="off" data-date={view.until}>
          <Trans>Renewal off: your plan stays active until {date}</Trans>
        </p>
      );
    }
    case "past_due": {
      const failed = formatDate(view.failedOn, locale);
      const retry = view.retryOn ? formatDate(view.retryOn, locale) : null;
      return (
        <div className="checkout__notice" role="alert" data-testid="renewal-failed" data-state="past_due">
          <p className="renewal__text">
            {retry ? (
              <Trans>
                We could not charge your payment method on {failed}. We will try again on {retry}.
              </Trans>
            ) : (
              <Trans>We could not charge your payment method on {failed}.</Trans>
            )}
          </p>
          <Link
            href={hrefFor("checkout", { plan: subscription.plan, months: String(subscription.months) })}
            className="button button--primary button--block"
            data-testid="renewal-renew"
          >
            <Trans>Renew</Trans>
          </Link>
        </div>
      );
    }
  }
}

export function RenewalCard({
  subscription,
  onChange,
}: {
  subscription: Subscription;
  onChange: (subscription: Subscription) => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [confirming, setConfirming] = useState(false);
  const [busy, run] = useBusy();
  const view = renewalView(subscription);
  if (!view) return null;

  const cancel = () =>
    run(async () => {
      setConfirming(false);
      try {
        onChange(await cancelSubscription(subscription.id));
        showToast(t`Renewal is off`);
      } catch (failure) {
        toastFailure(failure);
      }
    });
  const endDate = formatDate(subscription.periodEnd, locale);

  return (
    <section className="card" data-testid="renewal" data-status={subscription.status}>
      <h2 className="card__title">
        <Trans>Renewal</Trans>
      </h2>
      <RenewalLine view={view} subscription={subscription} />
      {subscription.renews && (
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          aria-busy={busy}
          onClick={() => setConfirming(true)}
          data-testid="renewal-cancel"
        >
          <Trans>Cancel renewal</Trans>
        </button>
      )}
      {confirming && (
        <Dialog
          testId="cancel-renewal-dialog"
          title={t`Cancel renewal?`}
          message={t`Your plan stays active until ${endDate} and is not charged again. Payments are not refunded.`}
          confirmLabel={t`Cancel renewal`}
          cancelLabel={t`Keep renewal`}
          onConfirm={() => void cancel()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
