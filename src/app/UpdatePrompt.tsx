// Registers the service worker and offers a new version when one is waiting: Reload activates
// it (the worker handles {type: 'SKIP_WAITING'}) and the page reloads; Close dismisses the bar.
// Also the PWA glue that lives as long as the page: periodic update checks and the manifest link
// following the UI language.
// Loaded lazily after the first render (boot/boot.tsx).
import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { registerWorker } from "../features/pwa/register-worker";
import { showToast } from "../state/system";
import { keepServiceWorkerUpdated } from "../features/pwa/periodic-update";
import { useLocaleManifest } from "../features/pwa/manifest-link";
import { useLatest } from "../hooks/use-latest";

export default function UpdatePrompt() {
  const { t } = useLingui();
  const [needRefresh, setNeedRefresh] = useState(false);
  const offlineMessage = useLatest(t`Ready to work offline`);
  const activate = useRef<() => void>(() => undefined);
  useEffect(() => {
    activate.current = registerWorker({
      offlineReady: () => showToast(offlineMessage.current),
      needRefresh: () => setNeedRefresh(true),
      registered: (registration) => keepServiceWorkerUpdated(registration),
    });
  }, [offlineMessage]);
  useLocaleManifest();

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
        onClick={() => activate.current()}
      >
        <Trans>Reload</Trans>
      </button>
      <button type="button" className="button" data-testid="update-close" onClick={() => setNeedRefresh(false)}>
        <Trans>Close</Trans>
      </button>
    </div>
  );
}
