// Password reset (/reset): login id (an e-mail in the overseas edition, phone
// or e-mail in the Chinese one), a code sent only to a registered account, the new password
// and its confirmation; on success back to the login page (keeping its query).
import { useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { accountExists, resetPassword } from "../../api/auth";
import { hrefFor } from "../../routing/paths";
import { PasswordField } from "../../components/Field";
import { SubmitButton } from "../../components/SubmitButton";
import { useBusy } from "../../hooks/use-busy";
import {
  ACCOUNT_NOT_REGISTERED,
  collectErrors,
  isValid,
  RULES,
  validate,
  validateConfirmation,
  type FieldErrors,
} from "../../lib/validate";
import { showToast, useSystemId } from "../../state/system";
import { checkLoginId, CodeField, LoginIdField } from "./LoginFields";
import { reportLoginError, sendCode } from "./login-flow";
import "./login.css";

type ResetField = "loginId" | "code" | "password" | "confirmation";

export default function ResetPage() {
  const { t } = useLingui();
  const systemId = useSystemId();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [busy, run] = useBusy();
  const [loginId, setLoginId] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const loginIdRule = systemId === 13 ? RULES.zhAccount : RULES.resetEmail;

  const sendResetCode = async (): Promise<boolean> => {
    if (!checkLoginId(loginId, loginIdRule, setErrors)) return false;
    // Codes go to registered accounts only; if the check itself fails, the send reports why.
    if (!(await accountExists(loginId.trim(), systemId).catch(() => true))) {
      setErrors((current) => ({ ...current, loginId: ACCOUNT_NOT_REGISTERED }));
      return false;
    }
    return sendCode(loginId, "reset");
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const found = collectErrors({
        loginId: validate(loginId, loginIdRule),
        code: validate(code, RULES.resetCode),
        password: validate(password, RULES.resetPassword),
        confirmation: validateConfirmation(password, confirmation),
      });
      setErrors(found);
      if (!isValid(found)) return;
      try {
        await resetPassword({ loginId: loginId.trim(), validCode: code.trim(), password, systemId });
        showToast(t`Update Success`);
        navigate(hrefFor("login", new URLSearchParams(search)), { replace: true });
      } catch (failure) {
        reportLoginError(failure);
      }
    });
  };

  return (
    <form className="login" noValidate onSubmit={submit} data-testid="reset-form">
      <LoginIdField
        testId="reset-login-id"
        label={systemId === 13 ? t`Mobile number or email` : t`Email`}
        value={loginId}
        onValue={setLoginId}
        error={errors.loginId}
      />
      <CodeField
        testId="reset-code"
        label={t`Verification code`}
        value={code}
        onValue={setCode}
        error={errors.code}
        sendTestId="reset-send-code"
        onSend={sendResetCode}
      />
      <PasswordField
        testId="reset-password"
        label={t`New password`}
        autoComplete="new-password"
        value={password}
        onValue={setPassword}
        error={errors.password}
      />
      <PasswordField
        testId="reset-confirm"
        label={t`Confirm new password`}
        autoComplete="new-password"
        value={confirmation}
        onValue={setConfirmation}
        error={errors.confirmation}
      />
      <SubmitButton testId="reset-submit" busy={busy}>
        <Trans>Reset password</Trans>
      </SubmitButton>
    </form>
  );
}
