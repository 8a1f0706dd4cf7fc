// The phone's side of the QR-code login (/auth?qr=<ticket>, part of AuthPage): signed in, it
// asks "Log in on the other device?" and Confirm approves the ticket, after which the other
// screen's next check logs it in. Signed out, it links to the login page, which comes back
// here afterwards (fromWebsite). Refusals are shown in the user's language (60060: the code
// expired); errors the catalogue already showed (401 opens the login prompt) are not repeated.
// Test ids: qr-confirm, qr-cancel, qr-confirmed, qr-error, qr-sign-in, qr-sign-in-note.
import { useState, type ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { ApiError } from "../../api/client";
import { confirmQrTicket, QR_TICKET_EXPIRED } from "../../api/qr-login";
import { localizedServerMessage } from "../../api/server-messages";
import { hrefFor } from "../../routing/paths";
import { useBusy } from "../../hooks/use-busy";
import { useToken } from "../../state/user";

type Outcome = "confirmed" | { error: unknown } | null;

/** A refusal of the ticket itself (expired, or not a ticket): confirming again cannot help. */
const ticketRefused = (error: unknown) => error instanceof ApiError && error.status === 400;

function HomeLink({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Link href={hrefFor("index")} className="button" data-testid={testId}>
      {children}
    </Link>
  );
}

export function QrConfirm({ ticket }: { ticket: string }) {
  const { t } = useLingui();
  const token = useToken();
  const [busy, run] = useBusy();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const errorText = (error: unknown): string => {
    if (!(error instanceof ApiError)) return t`Something went wrong. Please try again.`;
    if (error.code === QR_TICKET_EXPIRED) return localizedServerMessage(error);
    if (ticketRefused(error)) return t`This sign-in link is incomplete or has expired.`;
    return localizedServerMessage(error) || t`Something went wrong. Please try again.`;
  };

  if (!ticket) {
    return (
      <div className="page-status" role="alert">
        <p data-testid="qr-error">
          <Trans>This sign-in link is incomplete or has expired.</Trans>
        </p>
        <HomeLink testId="qr-cancel">
          <Trans>Back to home</Trans>
        </HomeLink>
      </div>
    );
  }

  if (outcome === "confirmed") {
    return (
      <div className="page-status" role="status">
        <p className="qr-confirm__title" data-testid="qr-confirmed">
          <Trans>Done. The other device is now logged in to your account.</Trans>
        </p>
        <HomeLink testId="qr-home">
          <Trans>Back to home</Trans>
        </HomeLink>
      </div>
    );
  }

  if (!token) {
    const back = hrefFor("auth", { qr: ticket });
    return (
      <div className="page-status">
        <p data-testid="qr-sign-in-note">
          <Trans>Log in on this phone first, then confirm the login on the other device.</Trans>
        </p>
        <Link
          href={hrefFor("login", { fromWebsite: back })}
          className="button button--primary"
          data-testid="qr-sign-in"
        >
          <Trans>Log in</Trans>
        </Link>
      </div>
    );
  }

  const confirm = () =>
    run(async () => {
      try {
        await confirmQrTicket(ticket);
        setOutcome("confirmed");
      } catch (error) {
        setOutcome(error instanceof ApiError && error.handled ? null : { error });
      }
    });
  const failure = outcome ? outcome.error : null;
  const refused = ticketRefused(failure);

  return (
    <div className="page-status qr-confirm">
      <p className="qr-confirm__title">
        <Trans>Log in on the other device?</Trans>
      </p>
      <p>
        <Trans>
          Confirm only if the code you scanned is shown on a screen you are using yourself: that device will be logged
          in to your account.
        </Trans>
      </p>
      {failure !== null && (
        <p className="field__error" role="alert" data-testid="qr-error">
          {errorText(failure)}
        </p>
      )}
      <div className="qr-confirm__actions">
        <HomeLink testId="qr-cancel">{refused ? <Trans>Back to home</Trans> : <Trans>Cancel</Trans>}</HomeLink>
        {!refused && (
          <button
            type="button"
            className="button button--primary"
            data-testid="qr-confirm"
            disabled={busy}
            aria-busy={busy}
            onClick={() => void confirm()}
          >
            <Trans>Confirm</Trans>
          </button>
        )}
      </div>
    </div>
  );
}
