// "Force update" of the debug panel: asks the browser for a newer service worker now
// (registration.update()) and, when one is installed and waiting, lets it take over at once
// (SKIP_WAITING, as the update prompt's Reload does) and reloads the page when it controls it.
import { SKIP_WAITING, type SkipWaitingMessage } from "../../../contract/sw-messages";

export type ForceUpdateResult = "reloading" | "current" | "unavailable";

/** The worker `registration` is installing, once it is installed (or null if it fails). */
function installedWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const installing = registration.installing;
  if (!installing) return Promise.resolve(registration.waiting);
  return new Promise((resolve) => {
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") resolve(registration.waiting ?? installing);
      else if (installing.state === "redundant" || installing.state === "activated") resolve(null);
    });
  });
}

export async function forceUpdate(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  reload: () => void = () => location.reload(),
): Promise<ForceUpdateResult> {
  const registration = await container?.getRegistration().catch(() => undefined);
  if (!container || !registration) return "unavailable";
  await registration.update().catch(() => undefined);
  const waiting = registration.waiting ?? (await installedWorker(registration));
  if (!waiting) return "current";
  container.addEventListener("controllerchange", reload, { once: true });
  const message: SkipWaitingMessage = { type: SKIP_WAITING };
  waiting.postMessage(message);
  return "reloading";
}
