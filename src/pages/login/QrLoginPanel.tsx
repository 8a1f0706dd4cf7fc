// The "scan to log in" view of the login page (both editions): a QR code of the confirm page
// (/auth?qr=<ticket>) for a phone that is already signed in, the state of the ticket, a refresh
// button once it expired, and a way back to the other login methods. A confirmed ticket
// finishes like any other login (same targets; the Chinese edition's support-contact check as
// after an account login). Test ids: login-qr-panel, login-qr, login-qr-status,
// login-qr-refresh, login-mode-form.
import { Trans, useLingui } from "@lingui/react/macro";
import { QrCode } from "../../components/QrCode";
import { useSystemId } from "../../state/system";
import { useQrLogin, type QrPhase } from "./qr-login";
import { useCompleteLogin } from "./login-flow";

export const QR_BOX_SIZE = 200;

export function QrLoginPanel({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const completeLogin = useCompleteLogin();
  const systemId = useSystemId();
  const { phase, link, refresh } = useQrLogin((login) =>
    completeLogin(login, { checkSupportContact: systemId === 13 }),
  );

  const status: Record<QrPhase, string> = {
    creating: t`Loading the QR code…`,
    waiting: t`Waiting for you to scan and confirm…`,
    signingIn: t`Confirmed. Logging you in…`,
    expired: t`QR code expired`,
    failed: t`The QR code could not be loaded.`,
  };
  const showCode = link !== null && (phase === "waiting" || phase === "signingIn");

  return (
    <section className="login qr-login" data-testid="login-qr-panel" data-phase={phase}>
      <p className="login__intro">
        <Trans>
          Scan this code with the camera of a phone where you are logged in to ShopRadar, then confirm on the phone.
        </Trans>
      </p>
      <div className="qr-login__box">
        {showCode ? (
          <QrCode text={link} label={t`QR code to log in to ShopRadar`} testId="login-qr" size={QR_BOX_SIZE} />
        ) : phase === "creating" ? (
          <span className="spinner" aria-hidden="true" />
        ) : (
          <button type="button" className="button button--primary" data-testid="login-qr-refresh" onClick={refresh}>
            <Trans>Refresh QR code</Trans>
          </button>
        )}
      </div>
      <p className="qr-login__status" role="status" data-testid="login-qr-status">
        {status[phase]}
      </p>
      <div className="login__links qr-login__links">
        <button type="button" className="link-button" data-testid="login-mode-form" onClick={onBack}>
          <Trans>Other ways to log in</Trans>
        </button>
      </div>
    </section>
  );
}
