// Me page: "Saved data": how much the app keeps in this browser and a button that clears it
// (after a confirmation; see saved-data.ts for what is cleared and what stays).
import { useCallback, useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Dialog } from "../../components/Dialog";
import { showToast, useLocale } from "../../state/system";
import { clearSavedData, formatBytes, savedDataSize } from "./saved-data";

export function SavedData() {
  const { t } = useLingui();
  const locale = useLocale();
  const [size, setSize] = useState<number | null | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const measure = useCallback(() => void savedDataSize().then(setSize), []);
  useEffect(measure, [measure]);

  const clear = async () => {
    setConfirming(false);
    setClearing(true);
    await clearSavedData().catch(() => undefined);
    setClearing(false);
    showToast(t`Saved data cleared`);
    measure();
  };

  const amount = size == null ? null : formatBytes(size, locale);
  return (
    <section className="card" aria-labelledby="saved-data-title" data-testid="saved-data">
      <h2 id="saved-data-title" className="card__title">
        <Trans>Saved data</Trans>
      </h2>
      <p className="card__note" data-testid="saved-data-size">
        {amount ? (
          <Trans>This app stores {amount} on this device.</Trans>
        ) : size === null ? (
          <Trans>The browser does not report how much this app stores.</Trans>
        ) : null}
      </p>
      <button type="button" className="button button--small" disabled={clearing} onClick={() => setConfirming(true)}>
        <Trans>Clear saved data</Trans>
      </button>
      <Dialog
        testId="saved-data-confirm"
        open={confirming}
        title={<Trans>Clear saved data?</Trans>}
        message={
          <Trans>Saved lists, details, images and drafts are removed from this device. You stay signed in.</Trans>
        }
        confirmLabel={<Trans>Clear</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        onConfirm={() => void clear()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
