// My Plan's "Payment methods": the saved cards (the 2 newest are kept) and e-wallet mandates,
// each with Remove; "Add card" starts a card setup at the gateway, whose page sends the browser
// back here with ?saved=card&setup_id=...: the setup is completed (POST /v1/user/credit-cards,
// or the mandate calls for ?saved=wallet) and the list shows the new method. A setup that
// failed is shown and reported to the card-error monitor.
import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { ALIPAY_CN_METHOD } from "../../../../contract/commerce";
import {
  alipayCnSuccess,
  cardSetupIntent,
  completeMandate,
  creditCards,
  eWalletMandates,
  removeCard,
  removeMandate,
  saveCard,
  type SavedMethod,
} from "../../../api/commerce";
import { ApiError } from "../../../api/errors";
import { LoadFailed } from "../../../components/LoadFailed";
import { sendCardError } from "../../../features/commerce/card-errors";
import { failureText, toastFailure } from "../../../features/commerce/failures";
import { goToGateway } from "../../../features/commerce/payment";
import { savedMethodExpiry, savedMethodLabel } from "../../../features/commerce/saved-methods";
import { useAsync } from "../../../hooks/use-async";
import { useBusy } from "../../../hooks/use-busy";
import { hrefFor } from "../../../routing/paths";
import { showToast } from "../../../state/system";

/** Where the gateway sends the browser back after a card setup. */
const CARD_RETURN_PATH = `${hrefFor("subscription")}?saved=card`;

const loadMethods = async (): Promise<SavedMethod[]> => {
  const [cards, wallets] = await Promise.all([creditCards(), eWalletMandates()]);
  return [...cards, ...wallets];
};

/** Completes the setup the gateway sent the browser back with. */
function completeSetup(saved: string | null, method: string | null, setupId: string): Promise<SavedMethod> {
  if (saved !== "wallet") return saveCard(setupId);
  return method === ALIPAY_CN_METHOD ? alipayCnSuccess(setupId) : completeMandate(setupId);
}

/** Back from the gateway with a setup_id: completes it once, then drops the query. */
function useSetupReturn(onSaved: () => void): string | null {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    const query = new URLSearchParams(search);
    const setupId = query.get("setup_id");
    if (!setupId || started.current) return;
    started.current = true;
    const saved = query.get("saved");
    completeSetup(saved, query.get("method"), setupId)
      .then(
        () => {
          showToast(saved === "wallet" ? t`E-wallet saved` : t`Card saved`);
          onSaved();
        },
        (failure: unknown) => {
          setError(failureText(failure, t`The card or wallet was not authorised. Please try again.`));
          sendCardError({
            code: failure instanceof ApiError ? `api_${failure.code}` : "setup_failed",
            message: failure instanceof ApiError ? failure.msg : undefined,
            stage: saved === "wallet" ? "mandate" : "setup",
            method: query.get("method") ?? undefined,
          });
        },
      )
      .finally(() => navigate(hrefFor("subscription"), { replace: true }));
  }, [search, navigate, onSaved, t]);
  return error;
}

function MethodRow({ method, onRemoved }: { method: SavedMethod; onRemoved: () => void }) {
  const { i18n, t } = useLingui();
  const [busy, run] = useBusy();
  const label = savedMethodLabel(method, i18n);
  const expiry = savedMethodExpiry(method);
  const remove = () =>
    run(async () => {
      try {
        await (method.kind === "card" ? removeCard(method.id) : removeMandate(method.id));
        onRemoved();
      } catch (failure) {
        toastFailure(failure);
      }
    });
  return (
    <li className="saved-method" data-testid="saved-method" data-kind={method.kind} data-last4={method.last4 ?? ""}>
      <span className="saved-method__name">
        {label}
        {expiry && (
          <span className="saved-method__expiry">
            {" "}
            <Trans>Expires {expiry}</Trans>
          </span>
        )}
      </span>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        aria-busy={busy}
        aria-label={t`Remove ${label}`}
        onClick={() => void remove()}
      >
        <Trans>Remove</Trans>
      </button>
    </li>
  );
}

export function PaymentMethods({ onChange }: { onChange: () => void }) {
  const { t } = useLingui();
  const methods = useAsync(loadMethods, []);
  const [busy, run] = useBusy();
  const changed = () => {
    methods.reload();
    onChange();
  };
  const setupError = useSetupReturn(changed);

  const addCard = () =>
    run(async () => {
      try {
        goToGateway((await cardSetupIntent(CARD_RETURN_PATH)).redirectUrl);
      } catch (failure) {
        toastFailure(failure, t`Payments are not available at the moment.`);
      }
    });

  const list = methods.data ?? [];
  return (
    <section className="card" aria-labelledby="payment-methods-title" data-testid="payment-methods">
      <h2 className="card__title" id="payment-methods-title">
        <Trans>Payment methods</Trans>
      </h2>
      {setupError && (
        <p className="field__error" role="alert" data-testid="payment-methods-error">
          {setupError}
        </p>
      )}
      {methods.error !== undefined && !methods.data ? (
        <LoadFailed onRetry={methods.reload}>
          <Trans>Your payment methods could not be loaded.</Trans>
        </LoadFailed>
      ) : list.length > 0 ? (
        <ul className="saved-methods" data-state={methods.loading ? "loading" : "ready"}>
          {list.map((method) => (
            <MethodRow key={`${method.kind}-${method.id}`} method={method} onRemoved={changed} />
          ))}
        </ul>
      ) : (
        <p className="muted" data-state={methods.loading ? "loading" : "ready"} data-testid="payment-methods-empty">
          {methods.loading ? <Trans>Loading…</Trans> : <Trans>No saved payment methods.</Trans>}
        </p>
      )}
      <p className="card__note">
        <Trans>Renewals are charged to your newest saved method. We keep your 2 most recent cards.</Trans>
      </p>
      <button
        type="button"
        className="button button--block"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void addCard()}
        data-testid="payment-methods-add-card"
      >
        <Trans>Add card</Trans>
      </button>
    </section>
  );
}
