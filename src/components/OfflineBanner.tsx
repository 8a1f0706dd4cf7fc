// A thin bar at the top of every screen while the device is offline (navigator.onLine false,
// the offline/online events): what the screens show then comes from the service worker's saved
// copies, and actions that need the network say so. Mounted once in the shell. Test id
// `offline-banner`.
import { Trans } from "@lingui/react/macro";
import { useOffline } from "../platform/network";
import "./offline.css";

export function OfflineBanner() {
  if (!useOffline()) return null;
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <Trans>You are offline. Showing saved data where available.</Trans>
    </div>
  );
}
