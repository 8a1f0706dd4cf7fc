// happy-dom has no Push API: a small fake browser for the tests of linking the push subscription
// to the signed-in user (Notification permission, a service-worker registration whose push
// manager holds one subscription or none). `installFakePushBrowser()` in a beforeEach, the
// returned `remove` in an afterEach; flip `permission` and `subscribed` per test.
export const FAKE_PUSH_ENDPOINT = "https://fcm.googleapis.com/fcm/send/abc";
export const FAKE_PUSH_KEYS = { p256dh: "p256dh-key", auth: "auth-secret" };

export interface FakePushBrowser {
  permission: NotificationPermission;
  subscribed: boolean;
  remove: () => void;
}

export function installFakePushBrowser(): FakePushBrowser {
  const fake: FakePushBrowser = {
    permission: "granted",
    subscribed: true,
    remove() {
      delete (globalThis as { PushManager?: unknown }).PushManager;
      delete (globalThis as { Notification?: unknown }).Notification;
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    },
  };
  Object.assign(globalThis, {
    PushManager: class {},
    Notification: {
      get permission() {
        return fake.permission;
      },
    },
  });
  const subscription = {
    endpoint: FAKE_PUSH_ENDPOINT,
    toJSON: () => ({ endpoint: FAKE_PUSH_ENDPOINT, keys: FAKE_PUSH_KEYS }),
  };
  const registration = { pushManager: { getSubscription: async () => (fake.subscribed ? subscription : null) } };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return fake;
}
