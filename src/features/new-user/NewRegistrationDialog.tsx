// The new-registration dialog (spec §4), the lazy chunk behind NewUserLauncher: "Welcome to
// ShopRadar" with the sign-up trial's facts (1 day of Basic, until its end when the plan is
// loaded), "See new user offers" (→ /newUserActivity) and "Close" (also Escape). Mounting it
// clears the sign-up's localStorage flag (spec §4); closing it either way keeps it away for the
// session (dismissal.ts).
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { Dialog } from "../../components/Dialog";
import { formatDate } from "../../lib/format";
import { hrefFor } from "../../routing/paths";
import { brandName } from "../../routing/title";
import { NEW_REGISTRATION_KEY, useCurrentCombo } from "../../state/activity";
import { useLocale } from "../../state/system";
import { dismissNewRegistration } from "./dismissal";
import { SIGN_UP_TRIAL_DAYS } from "../../../contract/commerce";

function clearNewRegistration(): void {
  try {
    localStorage.removeItem(NEW_REGISTRATION_KEY);
  } catch {
    // No localStorage: nothing was kept.
  }
}

export default function NewRegistrationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [, navigate] = useLocation();
  const combo = useCurrentCombo();
  useEffect(() => clearNewRegistration(), []);

  const close = () => {
    dismissNewRegistration();
    onClose();
  };
  const brand = brandName(locale);
  const days = SIGN_UP_TRIAL_DAYS;
  const until = combo?.endTime ? formatDate(combo.endTime, locale) : null;
  return (
    <Dialog
      testId="new-registration"
      title={t`Welcome to ${brand}`}
      message={
        until ? (
          <Trans>
            Your free {days}-day Basic trial has started and runs until {until}: every list in full and searches without
            daily limits.
          </Trans>
        ) : (
          <Trans>
            Your free {days}-day Basic trial has started: every list in full and searches without daily limits.
          </Trans>
        )
      }
      confirmLabel={<Trans>See new user offers</Trans>}
      cancelLabel={<Trans>Close</Trans>}
      onConfirm={() => {
        close();
        navigate(hrefFor("newUserActivity"));
      }}
      onCancel={close}
    />
  );
}
