// The captcha dialog (a global overlay): a centred modal popup (components/Popup; Escape is
// Close) hosting the self-hosted ALTCHA proof-of-work widget, which fetches its challenge from
// the API itself. The widget appears 500 ms after the dialog opens; a solved challenge is traded
// for a key kept one day in a cookie, and the dialog hides 500 ms later. The user then submits
// the login again. A failed validation is silent: the widget simply resets for another try. This
// module is a lazy chunk, so the widget's custom element is registered only when the dialog is
// needed.
import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import "altcha";
import type {} from "altcha/types/react";
import { validateCaptcha } from "../../api/auth";
import { apiConfig } from "../../api/client";
import { Popup } from "../../components/Popup";
import { closeCaptcha, saveCaptchaKey } from "../../state/user";
import { useLocale } from "../../state/system";
import "./login.css";

export const WIDGET_DELAY_MS = 500;
export const HIDE_DELAY_MS = 500;
export const CHALLENGE_PATH = "/v1/user/ocean/recaptcha/challenge";

/** The widget's texts in the app's language (its own catalog only knows English). */
function useWidgetStrings(): string {
  const { t } = useLingui();
  const locale = useLocale();
  useEffect(() => {
    globalThis.$altcha.i18n.set(locale, {
      ...globalThis.$altcha.i18n.get("en"),
      label: t`I'm not a robot`,
      verify: t`Verify`,
      verifying: t`Verifying…`,
      verified: t`Verified`,
      error: t`Verification failed. Try again later.`,
      expired: t`Verification expired. Try again.`,
      verificationRequired: t`Verification required!`,
      waitAlert: t`Verifying… please wait.`,
      loading: t`Loading…`,
      reload: t`Reload`,
    });
  }, [locale, t]);
  return locale;
}

export default function CaptchaDialog() {
  const language = useWidgetStrings();
  const widget = useRef<HTMLElementTagNameMap["altcha-widget"]>(null);
  const [widgetShown, setWidgetShown] = useState(false);
  const [solved, setSolved] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setWidgetShown(true), WIDGET_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    const element = widget.current;
    if (!element) return;
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const onVerified = (event: Event) => {
      const { payload } = (event as CustomEvent<{ payload: string }>).detail;
      validateCaptcha(payload)
        .then((result) => {
          if (!result.success || !result.recaptchaKey) throw new Error("captcha refused");
          saveCaptchaKey(result.recaptchaKey);
          setSolved(true);
          hideTimer = setTimeout(closeCaptcha, HIDE_DELAY_MS);
        })
        .catch(() => element.reset());
    };
    element.addEventListener("verified", onVerified);
    return () => {
      element.removeEventListener("verified", onVerified);
      clearTimeout(hideTimer);
    };
  }, [widgetShown]);

  return (
    <Popup
      open
      position="dialog"
      maskClosable={false}
      onClose={closeCaptcha}
      labelledBy="captcha-title"
      testId="captcha-dialog"
    >
      <div className="dialog__content">
        <p id="captcha-title" className="dialog__message">
          {solved ? (
            <Trans>Thank you. Please log in again.</Trans>
          ) : (
            <Trans>Please confirm you are not a robot, then log in again.</Trans>
          )}
        </p>
        <div className="captcha-dialog__widget">
          {widgetShown && (
            <altcha-widget
              ref={widget}
              challenge={`${apiConfig.baseURL}${CHALLENGE_PATH}`}
              language={language}
              data-testid="captcha-widget"
            />
          )}
        </div>
        <div className="dialog__actions">
          <button type="button" className="button" data-testid="captcha-close" onClick={closeCaptcha}>
            <Trans>Close</Trans>
          </button>
        </div>
      </div>
    </Popup>
  );
}
