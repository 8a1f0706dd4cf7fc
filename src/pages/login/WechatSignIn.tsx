// The "Log in with WeChat" option of the Chinese login form. Shown only when the server has
// WeChat sign-in configured (it answers the app ids); inside WeChat's browser it starts the web
// OAuth, elsewhere it explains that WeChat sign-in works in WeChat and shows this page's QR code
// to scan with WeChat. Like the other logins, it needs the agreement ticked first.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { wechatAppIds } from "../../api/auth";
import { QrCode } from "../../components/QrCode";
import { useBusy } from "../../hooks/use-busy";
import { showToast } from "../../state/system";
import { currentPostLoginTarget, reportLoginError } from "./login-flow";
import { isWechatBrowser, startWechatSignIn } from "./wechat";

const QR_SIZE = 160;

export function WechatSignIn({ agreed }: { agreed: boolean }) {
  const { t } = useLingui();
  const search = useSearch();
  const [available, setAvailable] = useState(false);
  const [hint, setHint] = useState(false);
  const [busy, run] = useBusy();
  useEffect(() => {
    let live = true;
    // Not configured (or unreachable): the option stays hidden.
    wechatAppIds().then(
      () => live && setAvailable(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  if (!available) return null;

  const signIn = () => {
    if (!agreed) return showToast(t`Please read and agree to the Service Agreement and Privacy Policy first`);
    if (!isWechatBrowser()) return setHint(true);
    void run(() => startWechatSignIn(currentPostLoginTarget(search)).catch(reportLoginError));
  };

  return (
    <div>
      <button
        type="button"
        className="button button--block wechat-button"
        data-testid="wechat-button"
        disabled={busy}
        onClick={signIn}
      >
        <Trans>Log in with WeChat</Trans>
      </button>
      {hint && (
        <div className="login__note" role="note" data-testid="wechat-hint">
          <p>
            <Trans>
              WeChat sign-in works inside WeChat. Scan this code with WeChat to open this page there, then log in with
              WeChat.
            </Trans>
          </p>
          <QrCode text={location.href} label={t`QR code of this page, to open it in WeChat`} size={QR_SIZE} />
        </div>
      )}
    </div>
  );
}
