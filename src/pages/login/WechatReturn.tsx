// Back from WeChat's web OAuth (/auth?via=wechat&code&state; part of AuthPage): exchanges the
// code (with this browser's nonce, refused before any exchange when the state is not this
// browser's). A WeChat account that has an account is signed in and goes on to the target saved
// when the flow began; one that has none binds a mobile number proved by an SMS code, which
// registers it or binds it to the account of that number (spec §4 "Wechat login").
import { useEffect, useState, type FormEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { wechatBindPhone, wechatOauthLogin, type LoginData, type WechatLogin } from "../../api/auth";
import { ApiError } from "../../api/client";
import { localizedServerMessage } from "../../api/server-messages";
import { Field } from "../../components/Field";
import { SubmitButton } from "../../components/SubmitButton";
import { useBusy } from "../../hooks/use-busy";
import { collectErrors, isValid, RULES, validate, type FieldErrors } from "../../lib/validate";
import { goToTarget } from "../../routing/post-login";
import { checkLoginId, CodeField } from "./LoginFields";
import { SignInFailed, SigningIn } from "./SignInReturnStatus";
import { finishLogin, reportLoginError, sendCode } from "./login-flow";
import { ForeignSignInReturn, takeNonce, takeTarget } from "./redirect-sign-in";
import { WECHAT_NONCE_KEY } from "./wechat";

/** A code works once: effects that run twice (StrictMode, remounts) share one exchange. */
const exchanges = new Map<string, Promise<WechatLogin>>();

function exchange(code: string, state: string): Promise<WechatLogin> {
  let result = exchanges.get(code);
  if (!result) {
    result = Promise.resolve().then(() => wechatOauthLogin({ code, state, nonce: takeNonce(WECHAT_NONCE_KEY, state) }));
    exchanges.set(code, result);
  }
  return result;
}

/** Signs the login in and leaves for the target kept when the flow began. */
async function complete(login: LoginData, navigate: (to: string) => void): Promise<void> {
  goToTarget(await finishLogin(login, { target: takeTarget(), checkSupportContact: true }), navigate);
}

type Failure = "incomplete" | { error: unknown };

export function WechatReturn() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [exchangeFailure, setExchangeFailure] = useState<Failure | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = new URLSearchParams(search);
  const code = query.get("code");
  const state = query.get("state");
  const failure: Failure | null = !code || !state ? "incomplete" : exchangeFailure;

  useEffect(() => {
    if (!code || !state) return;
    let live = true;
    exchange(code, state)
      .then(async (result) => {
        if (!live) return;
        // Here isRegister means "has an account": an existing one, never a new registration.
        if (result.isRegister && result.token)
          await complete({ ...result, token: result.token, isRegister: false }, navigate);
        else setOpenId(result.code2SessionResp.openid);
      })
      .catch((error: unknown) => live && setExchangeFailure({ error }));
    return () => {
      live = false;
    };
  }, [code, state, navigate]);

  if (failure) {
    const text =
      failure === "incomplete"
        ? t`This sign-in link is incomplete or has expired.`
        : failure.error instanceof ForeignSignInReturn
          ? t`This WeChat sign-in was not started in this browser. Please try again.`
          : (failure.error instanceof ApiError && localizedServerMessage(failure.error)) ||
            t`WeChat sign-in failed. Please try again.`;
    return <SignInFailed text={text} />;
  }
  if (openId) return <WechatPhoneBind openId={openId} onLogin={(login) => complete(login, navigate)} />;
  return <SigningIn />;
}

type BindField = "loginId" | "code";

/** A WeChat account without an account: bind a mobile number (SMS code) to register or link. */
function WechatPhoneBind({ openId, onLogin }: { openId: string; onLogin: (login: LoginData) => Promise<void> }) {
  const { t } = useLingui();
  const [busy, run] = useBusy();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors<BindField>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const found = collectErrors({ loginId: validate(phone, RULES.zhPhone), code: validate(code, RULES.zhCode) });
      setErrors(found);
      if (!isValid(found)) return;
      try {
        await onLogin(await wechatBindPhone({ openId, phoneNumber: phone.trim(), validCode: code.trim() }));
      } catch (failure) {
        reportLoginError(failure);
      }
    });
  };

  return (
    <form className="login" noValidate onSubmit={submit} data-testid="wechat-bind-form">
      <h2 className="section-title">
        <Trans>Bind your mobile number</Trans>
      </h2>
      <p className="login__note">
        <Trans>
          Your WeChat account is not linked to ShopRadar yet. Enter your mobile number: it logs you in to its account,
          or creates one.
        </Trans>
      </p>
      <Field
        testId="wechat-bind-phone"
        label={t`Mobile number`}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        value={phone}
        onValue={setPhone}
        error={errors.loginId}
      />
      <CodeField
        testId="wechat-bind-code"
        label={t`SMS verification code`}
        value={code}
        onValue={setCode}
        error={errors.code}
        sendTestId="wechat-bind-send-code"
        onSend={async () => checkLoginId(phone, RULES.zhPhone, setErrors) && sendCode(phone, "login")}
      />
      <SubmitButton testId="wechat-bind-submit" busy={busy}>
        <Trans>Bind and log in</Trans>
      </SubmitButton>
    </form>
  );
}
