// Registers the service worker and offers a new version when one is waiting: Reload activates
// it (the worker handles {type: 'SKIP_WAITING'}) and the page reloads; Close dismisses the bar.
// Loaded lazily from main.tsx so workbox-window stays off the first paint.
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRegisterSW } from "virtual:pwa-register/react";
import { showToast } from "../state/system";

export default function UpdatePrompt() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();

  useEffect(() => {
    if (!offlineReady) return;
    showToast(t`Ready to work offline`);
    setOfflineReady(false);
  }, [offlineReady, setOfflineReady, t]);

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="alert" data-testid="update-prompt">
      <span className="update-prompt__message">
        <Trans>A new version is available</Trans>
      </span>
      <button
        type="button"
        className="button button--primary"
        data-testid="update-reload"
        onClick={() => void updateServiceWorker(true)}
      >
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="button" data-testid="update-close" onClick={() => setNeedRefresh(false)}>
        <Trans>Close</Trans>
      </button>
    </div>
  );
}
