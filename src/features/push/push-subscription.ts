// The browser side of campaign notifications: whether this browser can have them, their state
// (on, off, blocked by the user), and turning them on (permission, a push subscription with the
// server's VAPID key, the subscription sent to the server) and off (the server told, the
// subscription ended). The service worker shows what arrives (sw/push-handlers.ts).
import { deletePushSubscription, fetchPushPublicKey, savePushSubscription } from "../../api/push";

export type PushState = "on" | "off" | "blocked";

/** A push service that cannot be reached leaves subscribe() pending for a long time (Chromium
 *  without its push service never settles): give up after this and say so. */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

/** Push needs a service worker, the Push API and notifications. */
export const pushSupported = (): boolean =>
  typeof window !== "undefined" && "PushManager" in window && "Notification" in window && "serviceWorker" in navigator;

const registration = (): Promise<ServiceWorkerRegistration | undefined> => navigator.serviceWorker.getRegistration();

export async function readPushState(): Promise<PushState> {
  if (Notification.permission === "denied") return "blocked";
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

/** A base64url VAPID key as the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
};

/** Asks for permission and subscribes; resolves to the resulting state. */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") return "off";
  const ready = await navigator.serviceWorker.ready;
  const key = keyBytes(await fetchPushPublicKey());
  let subscription = await ready.pushManager.getSubscription();
  // A subscription made with an older server key cannot be reused.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await Promise.race([
    ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("push service did not answer")), SUBSCRIBE_TIMEOUT_MS),
    ),
  ]);
  const { keys } = subscription.toJSON();
  try {
    await savePushSubscription({
      endpoint: subscription.endpoint,
      keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" },
    });
  } catch (error) {
    // The server does not know it: no subscription the user could not turn off here.
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return "on";
}

export async function turnPushOff(): Promise<PushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await deletePushSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  }
  return Notification.permission === "denied" ? "blocked" : "off";
}
