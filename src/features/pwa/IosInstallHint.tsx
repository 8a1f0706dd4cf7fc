// Me page, iPhone/iPad Safari only, while not installed: how to add the app to the home screen
// (Share → Add to Home Screen) and that notifications on iPhone need the installed app.
import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { showsIosInstallHint } from "./ios-install";

export function IosInstallHint() {
  const [shown] = useState(() => showsIosInstallHint());
  if (!shown) return null;
  return (
    <section className="card" aria-labelledby="ios-install-title" data-testid="ios-install-hint">
      <h2 id="ios-install-title" className="card__title">
        <Trans>Add ShopRadar to your Home Screen</Trans>
      </h2>
      <p className="card__note">
        <Trans>In Safari, tap Share, then Add to Home Screen.</Trans>
      </p>
      <p className="card__note">
        <Trans>On iPhone, notifications work only in the installed app.</Trans>
      </p>
    </section>
  );
}
