// Whether the device is online, for the offline banner and the actions that need the network
// (sign-in and the contact form; buying joins when checkout exists): while offline they say so
// instead of failing silently. navigator.onLine false is reliable (no network at all); true only
// means "maybe", so the API's own errors still cover a network that is up but unreachable.
import { useSyncExternalStore } from "react";
import { t } from "@lingui/core/macro";

export const isOffline = (): boolean => typeof navigator !== "undefined" && navigator.onLine === false;

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** True while the browser reports no network; re-renders on the online/offline events. */
export const useOffline = (): boolean => useSyncExternalStore(subscribe, isOffline, () => false);

export type NetworkAction = "sign-in" | "contact";

/** The notice to show instead of starting `action` (in the UI language), or null when online. */
export function offlineNotice(action: NetworkAction): string | null {
  if (!isOffline()) return null;
  return action === "sign-in"
    ? t`You are offline — signing in needs a connection. Try again when you are back online.`
    : t`You are offline — your message cannot be sent yet. Try again when you are back online.`;
}
