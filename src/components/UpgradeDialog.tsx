// The upgrade dialog: raised by API codes 801 (daily detail views used up), 802
// (daily searches used up) and 803 (not in the plan) for a signed-in user; title, message,
// "Upgrade membership" (to checkout) and Cancel, plus a link to what each plan unlocks.
// Visitors get the login prompt instead (the error catalogue decides). Test id `upgrade-dialog`.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { hrefFor } from "../routing/paths";
import { closeUpgradeCheck, openPlanDetails, useUpgradeCheck, type UpgradeCheckCode } from "../state/price";
import { Dialog } from "./Dialog";

const USED_UP = msg`Usage has been used up today`;

export const UPGRADE_COPY: Record<UpgradeCheckCode, { title: MessageDescriptor; message: MessageDescriptor }> = {
  801: { title: USED_UP, message: msg`Your daily detail views are used up. Become a member for unlimited use.` },
  802: { title: USED_UP, message: msg`You have used free access to Search, please upgrade your memberships.` },
  803: { title: msg`Insufficient permissions`, message: msg`Upgrade to unlock more features.` },
};

export default function UpgradeDialog() {
  const { i18n } = useLingui();
  const code = useUpgradeCheck();
  const [, navigate] = useLocation();
  if (code === null) return null;
  const copy = UPGRADE_COPY[code];
  const upgrade = () => {
    closeUpgradeCheck();
    navigate(hrefFor("checkout"));
  };
  const showPlans = () => {
    closeUpgradeCheck();
    openPlanDetails();
  };
  return (
    <Dialog
      testId="upgrade-dialog"
      title={i18n._(copy.title)}
      message={i18n._(copy.message)}
      confirmLabel={<Trans>Upgrade membership</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      onConfirm={upgrade}
      onCancel={closeUpgradeCheck}
    >
      <button type="button" className="dialog__link" data-testid="upgrade-dialog-plans" onClick={showPlans}>
        <Trans>See what each plan unlocks</Trans>
      </button>
    </Dialog>
  );
}
