// The overseas login layout: login id checked on blur (a new e-mail registers, the
// rest log in), password with show/hide (8-64 characters when registering, anything to log in),
// code field and send button only when registering, forgot-password link, confirm, an 'or'
// divider and Google sign-in, and the policy checkbox that registration requires (it shakes
// when confirm is pressed unticked). A small link (login-mode-qr) opens the QR-code login.
import { useEffect, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { emailRegister, googleClientId, passwordLogin } from "../../api/auth";
import { hrefFor } from "../../routing/paths";
import { AgreementCheck } from "../../components/AgreementCheck";
import { PasswordField } from "../../components/Field";
import { SubmitButton } from "../../components/SubmitButton";
import { useBusy } from "../../hooks/use-busy";
import { offlineNotice } from "../../platform/network";
import { collectErrors, isValid, RULES, validate, type FieldErrors } from "../../lib/validate";
import { showToast } from "../../state/system";
import { captchaKey, currentReferral } from "../../state/user";
import { useAccountCheck } from "./account-check";
import { startGoogleSignIn } from "./google";
import { checkLoginId, CodeField, LoginIdField } from "./LoginFields";
import { currentPostLoginTarget, reportLoginError, sendCode, useCompleteLogin } from "./login-flow";

type GoogleState = "loading" | "ready" | "unavailable";

function GoogleSignIn() {
  const search = useSearch();
  const [state, setState] = useState<GoogleState>("loading");
  const [busy, run] = useBusy();
  useEffect(() => {
    let live = true;
    googleClientId().then(
      () => live && setState("ready"),
      () => live && setState("unavailable"),
    );
    return () => {
      live = false;
    };
  }, []);

  const signIn = () => run(() => startGoogleSignIn(currentPostLoginTarget(search)).catch(reportLoginError));
  return (
    <>
      <button
        type="button"
        className="button button--block google-button"
        data-testid="google-button"
        disabled={state !== "ready" || busy}
        onClick={() => void signIn()}
      >
        <Trans>Continue with Google</Trans>
      </button>
      {state === "unavailable" && (
        <p className="login__note" data-testid="google-unavailable">
          <Trans>Google sign-in is not available at the moment.</Trans>
        </p>
      )}
    </>
  );
}

type OverseasField = "loginId" | "password" | "code";

export function OverseasLoginForm({ onQrLogin }: { onQrLogin: () => void }) {
  const { t } = useLingui();
  const account = useAccountCheck();
  const completeLogin = useCompleteLogin();
  const [busy, run] = useBusy();
  const [loginId, setLoginId] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [shaking, setShaking] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<OverseasField>>({});
  const registering = account.mode === "register";

  // An empty field left behind (say, to type the password first) is not an error yet.
  const onLoginIdBlur = () => {
    if (loginId.trim() && checkLoginId(loginId, RULES.loginId, setErrors)) void account.check(loginId);
  };

  const sendRegisterCode = async (): Promise<boolean> =>
    checkLoginId(loginId, RULES.loginId, setErrors) && sendCode(loginId, "register");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const offline = offlineNotice("sign-in");
    if (offline) return void showToast(offline, "error");
    void run(async () => {
      const id = loginId.trim();
      const idError = validate(id, RULES.loginId);
      if (idError) return setErrors({ loginId: idError });
      const mode = await account.check(id);
      const found = collectErrors({
        loginId: null,
        password: validate(password, mode === "register" ? RULES.registerPassword : RULES.password),
        code: mode === "register" ? validate(code, RULES.code) : null,
      });
      setErrors(found);
      if (!isValid(found)) return;
      if (mode === "register" && !agreed) return setShaking(true);
      try {
        const login =
          mode === "register"
            ? await emailRegister({ email: id, validCode: code.trim(), password, ...currentReferral() })
            : await passwordLogin({
                loginId: id,
                password,
                systemId: 14,
                channelId: currentReferral().channelId,
                recaptchaKey: captchaKey(),
              });
        await completeLogin(login);
      } catch (failure) {
        reportLoginError(failure);
      }
    });
  };

  return (
    <form className="login" noValidate onSubmit={submit} data-testid="login-form" data-mode={account.mode}>
      <LoginIdField
        testId="login-id"
        label={t`Mobile number or email`}
        value={loginId}
        onValue={setLoginId}
        onBlur={onLoginIdBlur}
        error={errors.loginId}
      />
      {account.checking && (
        <p className="login__note" role="status">
          <Trans>Checking your account…</Trans>
        </p>
      )}
      {registering && (
        <p className="login__note" data-testid="login-register-note">
          <Trans>This email is new to us: set a password and enter the code we send you to create your account.</Trans>
        </p>
      )}
      <PasswordField
        testId="login-password"
        label={t`Password`}
        autoComplete={registering ? "new-password" : "current-password"}
        value={password}
        onValue={setPassword}
        error={errors.password}
      />
      {registering && (
        <CodeField
          testId="login-code"
          label={t`Verification code`}
          value={code}
          onValue={setCode}
          error={errors.code}
          sendTestId="login-send-code"
          onSend={sendRegisterCode}
        />
      )}
      <div className="login__links">
        <Link href={hrefFor("reset")} data-testid="login-forgot">
          <Trans>Forgot password?</Trans>
        </Link>
        <button type="button" className="link-button" data-testid="login-mode-qr" onClick={onQrLogin}>
          <Trans>Log in with QR code</Trans>
        </button>
      </div>
      <SubmitButton testId="login-submit" busy={busy}>
        {registering ? <Trans>Sign up</Trans> : <Trans>Log in</Trans>}
      </SubmitButton>
      <p className="login__divider">
        <span>
          <Trans>or</Trans>
        </span>
      </p>
      <GoogleSignIn />
      <AgreementCheck
        testId="login-agree"
        checked={agreed}
        onChange={setAgreed}
        shaking={shaking}
        onShakeEnd={() => setShaking(false)}
      />
    </form>
  );
}
