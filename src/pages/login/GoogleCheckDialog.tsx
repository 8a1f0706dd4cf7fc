// The Google check dialog (code 60078): the account signs in with Google, so the
// user is offered to continue with Google. A lazy chunk of the overlay host.
import { useLingui } from "@lingui/react/macro";
import { useSearch } from "wouter";
import { Dialog } from "../../components/Dialog";
import { hideGoogleCheck } from "../../state/user";
import { startGoogleSignIn } from "./google";
import { currentPostLoginTarget, reportLoginError } from "./login-flow";

export default function GoogleCheckDialog() {
  const { t } = useLingui();
  const search = useSearch();
  const confirm = () => {
    hideGoogleCheck();
    startGoogleSignIn(currentPostLoginTarget(search)).catch(reportLoginError);
  };
  return (
    <Dialog
      testId="google-check"
      message={t`This account signs in with Google. Continue with Google?`}
      confirmLabel={t`Continue with Google`}
      cancelLabel={t`Cancel`}
      onConfirm={confirm}
      onCancel={hideGoogleCheck}
    />
  );
}
