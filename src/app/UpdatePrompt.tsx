// Registers the service worker and offers a new version when one is waiting: Reload activates
// it (the worker handles {type: 'SKIP_WAITING'}) and the page reloads; Close dismisses the bar.
// Also the PWA glue that lives as long as the page: periodic update checks and the manifest link
// following the UI language.
// Loaded lazily from main.tsx so workbox-window stays off the first paint.
import { useEffect } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useRegisterSW } from "virtual:pwa-register/react";
import { showToast } from "../state/system";
import { keepServiceWorkerUpdated } from "../features/pwa/periodic-update";
import { useLocaleManifest } from "../features/pwa/manifest-link";

export default function UpdatePrompt() {
  const { t } = useLingui();
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW({ onRegisteredSW: (_url, registration) => registration && keepServiceWorkerUpdated(registration) });
  useLocaleManifest();

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
