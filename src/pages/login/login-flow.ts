// The steps every sign-in flow shares: sending a verification code; at the
// end, keeping the session, loading the plan, flagging a new registration, saving this
// browser's push subscription under the new session (features/push/push-link.ts; silent, only
// with a subscription and permission), optionally the Chinese support-contact detour, then
// leaving for the post-login target. And how a failed
// sign-in call is shown: captcha dialog for 60077, the server's message for other business
// errors in the user's language (api/server-messages.ts), nothing twice.
import { useCallback } from "react";
import { t } from "@lingui/core/macro";
import { useLocation, useSearch } from "wouter";
import { sendValidCode, type CodeScene, type LoginData } from "../../api/auth";
import { supportContact } from "../../api/support-contact";
import { ApiError } from "../../api/client";
import { localizedServerMessage } from "../../api/server-messages";
import { linkPushSubscriptionToUser } from "../../features/push/push-link";
import { goToTarget, resolvePostLoginTarget, supportContactDetour } from "../../routing/post-login";
import { markNewRegistration, refreshCurrentCombo } from "../../state/activity";
import { showToast, systemState } from "../../state/system";
import { openCaptcha, setSession, userState } from "../../state/user";

/** The server asks for it after 5 failed logins in 15 minutes: solve the captcha, then submit again. */
export const CAPTCHA_REQUIRED = 60077;

export interface FinishOptions {
  /** Where to go afterwards (see resolvePostLoginTarget). */
  target: string;
  /** Chinese account login: ask whether the support contact must be added first. */
  checkSupportContact?: boolean;
}

/** Stores the login and answers where to go next. */
export async function finishLogin(
  login: LoginData,
  { target, checkSupportContact = false }: FinishOptions,
): Promise<string> {
  setSession(login);
  if (login.isRegister) markNewRegistration();
  const [, , mustAddContact] = await Promise.all([
    refreshCurrentCombo(systemState.systemId),
    linkPushSubscriptionToUser().catch(() => false),
    checkSupportContact
      ? supportContact({ silent: true }).then(
          (contact) => contact.status,
          () => false,
        )
      : false,
  ]);
  return mustAddContact ? supportContactDetour(target) : target;
}

/** The post-login target of the page being shown (its query and the previous page). */
export const currentPostLoginTarget = (search: string): string =>
  resolvePostLoginTarget({ query: search, previousPage: userState.previousPage });

/** Finishes a login made on the current page and navigates on. */
export function useCompleteLogin(): (login: LoginData, options?: { checkSupportContact?: boolean }) => Promise<void> {
  const search = useSearch();
  const [, navigate] = useLocation();
  return useCallback(
    async (login, options = {}) => {
      const target = await finishLogin(login, { ...options, target: currentPostLoginTarget(search) });
      goToTarget(target, navigate);
    },
    [search, navigate],
  );
}

/** Shows a failed sign-in call to the user, unless the error catalogue already did. */
export function reportLoginError(error: unknown): void {
  if (!(error instanceof ApiError)) {
    showToast(t`Something went wrong. Please try again.`, "error");
  } else if (error.code === CAPTCHA_REQUIRED) {
    openCaptcha();
  } else if (!error.handled) {
    showToast(localizedServerMessage(error) || t`Something went wrong. Please try again.`, "error");
  }
}

/** Sends a code to an already validated login id; says whether it went (and toasts either way). */
export async function sendCode(loginId: string, scene: CodeScene): Promise<boolean> {
  try {
    await sendValidCode({ loginId: loginId.trim(), scene, systemId: systemState.systemId, locale: systemState.locale });
    showToast(t`Send Success`);
    return true;
  } catch (failure) {
    reportLoginError(failure);
    return false;
  }
}
