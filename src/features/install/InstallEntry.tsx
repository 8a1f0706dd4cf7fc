// Me page: "Add to home screen", shown while the browser offers to install the app (the offer
// is caught at boot by install-prompt.ts) and gone after the choice or the install.
import { useSyncExternalStore } from "react";
import { Trans } from "@lingui/react/macro";
import { installOffer, promptInstall, subscribeInstallOffer } from "./install-prompt";

export function InstallEntry() {
  const offer = useSyncExternalStore(subscribeInstallOffer, installOffer, () => null);
  if (!offer) return null;
  return (
    <section className="card card--row" data-testid="install-entry">
      <span>
        <Trans>Open ShopRadar like an app, from your home screen</Trans>
      </span>
      <button
        type="button"
        className="button button--small button--primary"
        onClick={() => void promptInstall().catch(() => false)}
        data-testid="install-app"
      >
        <Trans>Add to home screen</Trans>
      </button>
    </section>
  );
}
