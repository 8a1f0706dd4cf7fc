// Monitor alerts are pushed to the signed-in user's push subscriptions (the server keeps a user
// id with each; engagement's POST /api/v1/push/subscription). A browser that turned
// notifications on before its user signed in holds a subscription the server keeps without a
// user, so when the user starts monitoring, the browser's subscription is saved again under the
// session (the server's upsert lets whoever presents the keys claim an anonymous one). Silent:
// nothing to show when it fails, the next monitor start tries again.
import { savePushSubscription } from "../../api/push";
import { pushSupported } from "../push/push-subscription";

export async function linkPushSubscriptionToUser(): Promise<boolean> {
  if (!pushSupported() || Notification.permission !== "granted") return false;
  const subscription = await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  if (!subscription) return false;
  const { keys } = subscription.toJSON();
  if (!keys?.p256dh || !keys.auth) return false;
  await savePushSubscription({ endpoint: subscription.endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, true);
  return true;
}
