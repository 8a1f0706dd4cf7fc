// The Chinese login layout: mode 1 — phone + SMS code, logging in or registering in
// one step, with a get-code countdown; mode 2 — phone or e-mail + password with show/hide,
// forgot-password link and a link back to code login. Both need the agreement ticked (a toast
// asks for it); an account login may continue to the support-contact check. A third mode,
// "Scan to log in" (login-mode-qr), is the login page's QR view. Below, "Log in with WeChat"
// when the server has WeChat sign-in configured.
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { passwordLogin, phoneCodeLogin } from "../../api/auth";
import { hrefFor } from "../../routing/paths";
import { AgreementCheck } from "../../components/AgreementCheck";
import { Field, PasswordField } from "../../components/Field";
import { SubmitButton } from "../../components/SubmitButton";
import { useBusy } from "../../hooks/use-busy";
import { offlineNotice } from "../../platform/network";
import { collectErrors, isValid, RULES, validate, type FieldErrors } from "../../lib/validate";
import { showToast, systemState } from "../../state/system";
import { captchaKey, currentReferral } from "../../state/user";
import { checkLoginId, CodeField, LoginIdField } from "./LoginFields";
import { WechatSignIn } from "./WechatSignIn";
import { reportLoginError, sendCode, useCompleteLogin } from "./login-flow";

/** Login mode 1 is code login, 2 is password login. */
export type ZhLoginMode = 1 | 2;

type ZhField = "loginId" | "code" | "password";

export function ZhLoginForm({ onQrLogin }: { onQrLogin: () => void }) {
  const { t } = useLingui();
  const completeLogin = useCompleteLogin();
  const [busy, run] = useBusy();
  const [mode, setMode] = useState<ZhLoginMode>(1);
  const [loginId, setLoginId] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<ZhField>>({});

  const switchMode = (next: ZhLoginMode) => {
    setMode(next);
    setErrors({});
  };

  const sendLoginCode = async (): Promise<boolean> =>
    checkLoginId(loginId, RULES.zhPhone, setErrors) && sendCode(loginId, "login");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const offline = offlineNotice("sign-in");
    if (offline) return void showToast(offline, "error");
    void run(async () => {
      const found =
        mode === 1
          ? collectErrors({ loginId: validate(loginId, RULES.zhPhone), code: validate(code, RULES.zhCode) })
          : collectErrors({
              loginId: validate(loginId, RULES.zhAccount),
              password: validate(password, RULES.zhPassword),
            });
      setErrors(found);
      if (!isValid(found)) return;
      if (!agreed) {
        showToast(t`Please read and agree to the Service Agreement and Privacy Policy first`);
        return;
      }
      try {
        const referral = currentReferral();
        if (mode === 1) {
          await completeLogin(
            await phoneCodeLogin({ phoneNumber: loginId.trim(), validCode: code.trim(), ...referral }),
          );
        } else {
          const login = await passwordLogin({
            loginId: loginId.trim(),
            password,
            systemId: systemState.systemId,
            channelId: referral.channelId,
            recaptchaKey: captchaKey(),
          });
          await completeLogin(login, { checkSupportContact: true });
        }
      } catch (failure) {
        reportLoginError(failure);
      }
    });
  };

  return (
    <form
      className="login"
      noValidate
      onSubmit={submit}
      data-testid="login-form"
      data-mode={mode === 1 ? "code" : "password"}
    >
      {mode === 1 ? (
        <>
          <Field
            testId="login-id"
            label={t`Mobile number`}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={loginId}
            onValue={setLoginId}
            error={errors.loginId}
          />
          <CodeField
            testId="login-code"
            label={t`SMS verification code`}
            value={code}
            onValue={setCode}
            error={errors.code}
            sendTestId="login-send-code"
            onSend={sendLoginCode}
          />
        </>
      ) : (
        <>
          <LoginIdField
            testId="login-id"
            label={t`Mobile number or email`}
            value={loginId}
            onValue={setLoginId}
            error={errors.loginId}
          />
          <PasswordField
            testId="login-password"
            label={t`Password`}
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            error={errors.password}
          />
        </>
      )}
      <SubmitButton testId="login-submit" busy={busy}>
        {mode === 1 ? <Trans>Log in / Register</Trans> : <Trans>Log in</Trans>}
      </SubmitButton>
      <div className="login__links">
        {mode === 1 ? (
          <button type="button" className="link-button" data-testid="login-mode-password" onClick={() => switchMode(2)}>
            <Trans>Log in with password</Trans>
          </button>
        ) : (
          <>
            <button type="button" className="link-button" data-testid="login-mode-code" onClick={() => switchMode(1)}>
              <Trans>Log in with SMS code</Trans>
            </button>
            <Link href={hrefFor("reset")} data-testid="login-forgot">
              <Trans>Forgot password?</Trans>
            </Link>
          </>
        )}
        <button type="button" className="link-button" data-testid="login-mode-qr" onClick={onQrLogin}>
          <Trans>Scan to log in</Trans>
        </button>
      </div>
      <WechatSignIn agreed={agreed} />
      <AgreementCheck testId="login-agree" checked={agreed} onChange={setAgreed} />
    </form>
  );
}
