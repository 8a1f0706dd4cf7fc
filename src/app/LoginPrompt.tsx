// The global login prompt, opened by the guard and by a 401.
// Confirm goes to the login page (this page is already the remembered previous page, see
// RouteView); Cancel goes home only from the pages listed in guard.ts; both hide it.
import { useLingui } from "@lingui/react/macro";
import { useLocation, useSearch } from "wouter";
import { Dialog } from "../components/Dialog";
import { hideLoginDialog, useLoginDialogVisible } from "../state/user";
import { cancelGoesHome, loginHref } from "../routing/guard";
import { hrefFor } from "../routing/paths";

export function LoginPrompt() {
  const { t } = useLingui();
  const visible = useLoginDialogVisible();
  const [location, navigate] = useLocation();
  const search = useSearch();
  if (!visible) return null;

  const here = search ? `${location}?${search}` : location;
  const confirm = () => {
    hideLoginDialog();
    navigate(loginHref(here));
  };
  const cancel = () => {
    hideLoginDialog();
    if (cancelGoesHome(location)) navigate(hrefFor("index"), { replace: true });
  };

  return (
    <Dialog
      testId="login-prompt"
      message={t`Dear, Please register or login to unlock more features!`}
      confirmLabel={t`Confirm`}
      cancelLabel={t`Cancel`}
      onConfirm={confirm}
      onCancel={cancel}
    />
  );
}
