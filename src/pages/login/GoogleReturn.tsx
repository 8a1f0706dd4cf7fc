// Back from Google (/auth?code&state, login group; part of AuthPage): exchanges the
// code for a login, finishes it like any other and goes on to the target saved when the flow
// began. A return whose state does not carry this browser's nonce hash is refused before any
// exchange (see google.ts). Failures are shown with a way back to the login page.
import { useEffect, useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { googleCodeAuth } from "../../api/auth";
import { ApiError } from "../../api/client";
import { localizedServerMessage } from "../../api/server-messages";
import { goToTarget } from "../../routing/post-login";
import { ForeignGoogleReturn, googleRedirectUri, takeGoogleNonce, takeGoogleTarget } from "./google";
import { SignInFailed, SigningIn } from "./SignInReturnStatus";
import { finishLogin } from "./login-flow";

/** A code works once: effects that run twice (StrictMode, remounts) share one exchange. */
const exchanges = new Map<string, Promise<string>>();

function exchange(code: string, state: string): Promise<string> {
  let target = exchanges.get(code);
  if (!target) {
    target = Promise.resolve()
      .then(() => googleCodeAuth({ code, state, redirectUri: googleRedirectUri(), nonce: takeGoogleNonce(state) }))
      .then((login) => finishLogin(login, { target: takeGoogleTarget() }));
    exchanges.set(code, target);
  }
  return target;
}

/** Why the exchange did not happen or failed; shown in the current language at render time. */
type Failure = "cancelled" | "incomplete" | { error: unknown };

export function GoogleReturn() {
  const { t } = useLingui();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [exchangeFailure, setExchangeFailure] = useState<Failure | null>(null);
  const query = new URLSearchParams(search);
  const code = query.get("code");
  const state = query.get("state");
  const cancelled = query.has("error");
  // A return without code and state fails before any exchange.
  const failure: Failure | null = !code || !state ? (cancelled ? "cancelled" : "incomplete") : exchangeFailure;

  useEffect(() => {
    if (!code || !state) return;
    let live = true;
    exchange(code, state).then(
      (target) => live && goToTarget(target, navigate),
      (error: unknown) => live && setExchangeFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [code, state, navigate]);

  if (failure) {
    const text =
      failure === "cancelled"
        ? t`Google sign-in was cancelled.`
        : failure === "incomplete"
          ? t`This sign-in link is incomplete or has expired.`
          : failure.error instanceof ForeignGoogleReturn
            ? t`This Google sign-in was not started in this browser. Please try again.`
            : (failure.error instanceof ApiError && localizedServerMessage(failure.error)) ||
              t`Google sign-in failed. Please try again.`;
    return <SignInFailed text={text} />;
  }
  return <SigningIn />;
}
