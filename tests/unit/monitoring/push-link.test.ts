// Starting to monitor links this browser's push subscription to the signed-in user
// (src/features/monitoring/push-link.ts): with notifications granted and a subscription, it is
// saved again under the session (POST /api/v1/push/subscription with the session's token); with
// no permission or no subscription nothing is sent. happy-dom has no Push API, so a small fake
// browser (Notification permission, a registration with a push manager) stands in for it; the
// API call goes to a real local HTTP server.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { TOKEN_HEADER } from "../../../contract/http-headers";
import { linkPushSubscriptionToUser } from "../../../src/features/monitoring/push-link";
import { userState } from "../../../src/state/user";
import { ok } from "../helpers/data-server";
import { setUpDataTests } from "../helpers/data-tests";

const { server } = await setUpDataTests();
const ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc";
const fake = { permission: "granted" as NotificationPermission, subscribed: true };

beforeEach(() => {
  fake.permission = "granted";
  fake.subscribed = true;
  userState.token = "tok-user";
  server.replies.set("/api/v1/push/subscription", ok({ subscribed: true }));
  Object.assign(globalThis, {
    PushManager: class {},
    Notification: {
      get permission() {
        return fake.permission;
      },
    },
  });
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "p256dh-key", auth: "auth-secret" } }),
  };
  const registration = { pushManager: { getSubscription: async () => (fake.subscribed ? subscription : null) } };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
});

afterEach(() => {
  delete (globalThis as { PushManager?: unknown }).PushManager;
  delete (globalThis as { Notification?: unknown }).Notification;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const saves = () => server.calls("/api/v1/push/subscription").filter((call) => call.method === "POST");

describe("linking the push subscription to the user", () => {
  test("saves this browser's subscription under the session", async () => {
    expect(await linkPushSubscriptionToUser()).toBe(true);
    expect(saves()).toHaveLength(1);
    expect(JSON.parse(saves()[0].rawBody)).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: "p256dh-key", auth: "auth-secret" },
    });
    expect(saves()[0].headers[TOKEN_HEADER]).toBe("tok-user");
  });

  test("sends nothing without the permission or without a subscription", async () => {
    fake.permission = "default";
    expect(await linkPushSubscriptionToUser()).toBe(false);
    fake.permission = "granted";
    fake.subscribed = false;
    expect(await linkPushSubscriptionToUser()).toBe(false);
    expect(saves()).toHaveLength(0);
  });
});
