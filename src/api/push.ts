// Web-push API group: the server's VAPID public key and the campaign subscriptions (one row per
// push endpoint; a signed-in subscriber's user id is kept with it). Failures toast through the
// error catalogue like any user action, except the delete: turning notifications off always
// ends the browser's subscription, so a server that cannot be told only sends to a dead
// endpoint (which its push service then refuses).
import { api } from "./client";

export interface PushSubscriptionBody {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The application server key (VAPID public key, base64url). */
export const fetchPushPublicKey = async (): Promise<string> =>
  (await api<{ publicKey: string }>("/api/v1/push/public-key")).publicKey;

/** `silent`: a background re-save (linking the subscription to the signed-in user) shows nothing. */
export const savePushSubscription = (subscription: PushSubscriptionBody, silent = false): Promise<unknown> =>
  api("/api/v1/push/subscription", { method: "POST", body: subscription, silent });

export const deletePushSubscription = (endpoint: string): Promise<unknown> =>
  api("/api/v1/push/subscription", { method: "DELETE", body: { endpoint }, silent: true });
