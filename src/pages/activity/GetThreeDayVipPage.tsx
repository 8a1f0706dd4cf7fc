// The 3-day trial page (/getThreeDayVip, docs/subscriptions.md): what the trial gives and
// "Claim 3-day trial". Signed out, the button opens the login prompt; signed in, the server says
// whether the user may claim (GET support-experience): once per account, and not while a paid
// plan runs. A claim shows its end date; a refusal shows why, in the user's language.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import {
  claimSupportExperience,
  supportExperience,
  type ExperienceGrant,
  type SupportExperience,
} from "../../api/commerce";
import { ApiError } from "../../api/errors";
import { localizedServerMessage } from "../../api/server-messages";
import { LoadFailed } from "../../components/LoadFailed";
import { refreshAfterPurchase } from "../../features/commerce/payment";
import { useAsync } from "../../hooks/use-async";
import { useBusy } from "../../hooks/use-busy";
import { formatDate } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { showToast, useLocale } from "../../state/system";
import { openLoginDialog, useToken } from "../../state/user";
import "../checkout/checkout.css";

function Refusal({ reason }: { reason: SupportExperience["reason"] }) {
  return (
    <p className="checkout__notice" role="status" data-testid="trial-refusal" data-reason={reason ?? ""}>
      {reason === "paid_plan" ? (
        <Trans>The 3-day trial is for members without a paid plan.</Trans>
      ) : (
        <Trans>You have already claimed the 3-day trial.</Trans>
      )}
    </p>
  );
}

function Claimed({ grant }: { grant: ExperienceGrant }) {
  const locale = useLocale();
  const date = formatDate(grant.endTime, locale);
  return (
    <div className="result" data-testid="trial-claimed" data-end-time={grant.endTime}>
      <h2 className="result__title">
        <Trans>Claim successful</Trans>
      </h2>
      <p className="result__detail">
        <Trans>Your Basic trial runs until {date}.</Trans>
      </p>
      <Link href={hrefFor("subscription")} className="button button--primary button--block">
        <Trans>My Plan</Trans>
      </Link>
    </div>
  );
}

function ClaimButton({ onClaim, busy, disabled }: { onClaim: () => void; busy: boolean; disabled?: boolean }) {
  return (
    <button
      type="button"
      className="button button--primary button--block"
      disabled={busy || disabled}
      aria-busy={busy}
      onClick={onClaim}
      data-testid="trial-claim"
    >
      <Trans>Claim 3-day trial</Trans>
    </button>
  );
}

/** The signed-in part: the server's answer, the claim and its result. */
function SignedInClaim() {
  const { t } = useLingui();
  const state = useAsync(supportExperience, []);
  const [grant, setGrant] = useState<ExperienceGrant | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, run] = useBusy();
  const claim = () =>
    run(async () => {
      try {
        setGrant(await claimSupportExperience());
        void refreshAfterPurchase();
      } catch (failure) {
        if (failure instanceof ApiError) {
          if (!failure.handled) setRefusal(localizedServerMessage(failure));
        } else showToast(t`The trial could not be claimed. Please try again.`, "error");
      }
    });

  if (grant) return <Claimed grant={grant} />;
  if (state.error !== undefined && !state.data) {
    return (
      <LoadFailed onRetry={state.reload}>
        <Trans>The trial could not be loaded.</Trans>
      </LoadFailed>
    );
  }
  if (!state.data) return <span className="spinner" aria-hidden="true" />;
  return (
    <>
      {refusal ? (
        <p className="checkout__notice" role="alert" data-testid="trial-refusal">
          {refusal}
        </p>
      ) : (
        !state.data.claimable && <Refusal reason={state.data.reason} />
      )}
      <ClaimButton onClaim={() => void claim()} busy={busy} disabled={!state.data.claimable || refusal !== null} />
    </>
  );
}

export default function GetThreeDayVipPage() {
  const token = useToken();
  return (
    <div className="checkout" data-testid="trial-page">
      <section className="card">
        <h2 className="card__title">
          <Trans>3 days of Basic, free</Trans>
        </h2>
        <p className="card__note">
          <Trans>
            See every list in full and search without daily limits for 3 days. One claim per account, for members
            without a paid plan. If your sign-up trial is still running, the 3 days start when it ends.
          </Trans>
        </p>
        {token ? <SignedInClaim /> : <ClaimButton onClaim={openLoginDialog} busy={false} />}
      </section>
    </div>
  );
}
