// This browser's push subscription linked to the signed-in user: monitor alerts are pushed to
// the user's subscriptions (the server keeps a user id with each; engagement's POST
// /api/v1/push/subscription). A browser that turned notifications on before its user signed in
// holds a subscription the server keeps without a user, so at sign-in (pages/login/login-flow.ts)
// and when the user starts monitoring (monitoring/MonitorButton.tsx) the subscription is saved
// again under the session (the server's upsert lets whoever presents the keys claim an anonymous
// one). Only with notifications granted and a subscription; silent: nothing to show when it
// fails, the next sign-in or monitor start tries again.
import { savePushSubscription } from "../../api/push";
import { pushSupported } from "./push-subscription";

/** Answers whether a subscription was saved; false (nothing sent) without permission or subscription. */
export async function linkPushSubscriptionToUser(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== "granted") return false;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return false;
  const { keys } = subscription.toJSON();
  if (!keys?.p256dh || !keys.auth) return false;
  await savePushSubscription({ endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, true);
  return true;
}
