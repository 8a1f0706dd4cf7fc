// The Me page's campaign notifications and "Add to home screen" entries. happy-dom has no Push
// API, so a small fake browser (Notification permission, a service-worker registration with a
// push manager) stands in for it; the API calls go to a real local HTTP server. Hidden without
// the Push API; a clear confirm before the browser's prompt; on: permission, subscribe with the
// server's VAPID key, POST the subscription; off: DELETE and unsubscribe; blocked shown; a
// refused save leaves no subscription behind. The install entry follows beforeinstallprompt.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { act } from "react";
import { apiConfig, configureApi } from "../../../../src/api/client";
import { bindApiToStores } from "../../../../src/boot/api-bindings";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { InstallEntry } from "../../../../src/features/install/InstallEntry";
import { keyBytes } from "../../../../src/features/push/push-subscription";
import { PushSettings } from "../../../../src/features/push/PushSettings";
import { systemState } from "../../../../src/state/system";
import { click, renderUi, waitFor } from "../../helpers/render-app";
import { sendJson, startTestServer, type TestServer } from "../../helpers/test-server";

const PUBLIC_KEY = "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U";
const ENDPOINT = "https://push.example.test/send/abc123";

let server: TestServer;
let saveReply: [number, unknown] = [200, { code: 0, msg: "success", data: null }];
const baseURL = apiConfig.baseURL;

class FakeSubscription {
  constructor(
    readonly endpoint: string,
    readonly options: { applicationServerKey: ArrayBuffer | null; userVisibleOnly: boolean },
  ) {}
  toJSON() {
    return { endpoint: this.endpoint, keys: { p256dh: "p256dh-key", auth: "auth-secret" } };
  }
  async unsubscribe() {
    browser.unsubscribed.push(this.endpoint);
    browser.subscription = null;
    return true;
  }
}

const browser = {
  permission: "default" as NotificationPermission,
  answer: "granted" as NotificationPermission,
  permissionAsked: 0,
  subscription: null as FakeSubscription | null,
  subscribeOptions: [] as Array<{ userVisibleOnly: boolean; applicationServerKey: Uint8Array }>,
  unsubscribed: [] as string[],
};

const registration = {
  pushManager: {
    getSubscription: async () => browser.subscription,
    subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      browser.subscribeOptions.push(options);
      browser.subscription = new FakeSubscription(ENDPOINT, {
        userVisibleOnly: options.userVisibleOnly,
        applicationServerKey: options.applicationServerKey.slice().buffer,
      });
      return browser.subscription;
    },
  },
};

function installFakePushBrowser() {
  Object.assign(globalThis, { PushManager: class {} });
  Object.assign(globalThis, {
    Notification: {
      get permission() {
        return browser.permission;
      },
      requestPermission: async () => {
        browser.permissionAsked += 1;
        browser.permission = browser.answer;
        return browser.permission;
      },
    },
  });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
}

function removeFakePushBrowser() {
  delete (globalThis as { PushManager?: unknown }).PushManager;
  delete (globalThis as { Notification?: unknown }).Notification;
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
}

beforeAll(async () => {
  await applyLocale("en");
  server = await startTestServer((request, response) => {
    if (request.path === "/api/v1/push/public-key")
      return sendJson(response, 200, { code: 0, msg: "success", data: { public_key: PUBLIC_KEY } });
    if (request.path === "/api/v1/push/subscription" && request.method === "POST")
      return sendJson(response, ...saveReply);
    if (request.path === "/api/v1/push/subscription")
      return sendJson(response, 200, { code: 0, msg: "success", data: null });
    sendJson(response, 404, { code: 404, msg: "Not found", data: null });
  });
  bindApiToStores();
  configureApi({ baseURL: server.url });
});

afterAll(async () => {
  configureApi({ baseURL });
  await server.close();
});

type View = Awaited<ReturnType<typeof renderUi>>;
let view: View | undefined;

beforeEach(() => {
  Object.assign(browser, {
    permission: "default",
    answer: "granted",
    permissionAsked: 0,
    subscription: null,
    subscribeOptions: [],
    unsubscribed: [],
  });
  saveReply = [200, { code: 0, msg: "success", data: null }];
  server.requests.length = 0;
  systemState.toasts.splice(0);
  installFakePushBrowser();
});

afterEach(async () => {
  await view?.unmount();
  view = undefined;
  removeFakePushBrowser();
});

const get = (id: string) => view!.byTestId(id)!;
const pushState = () => get("push-state").dataset.state;
const toasts = () => systemState.toasts.map((toast) => toast.message);

async function openSettings() {
  view = await renderUi(<PushSettings />);
  await waitFor(() => pushState() !== "loading");
}

describe("campaign notifications", () => {
  test("hidden where the browser has no Push API", async () => {
    removeFakePushBrowser();
    view = await renderUi(<PushSettings />);
    expect(view.byTestId("push-settings")).toBeNull();
  });

  test("turning on explains first; Not now asks the browser nothing", async () => {
    await openSettings();
    expect(pushState()).toBe("off");
    await click(get("push-on"));
    expect(get("push-confirm-title").textContent).toBe("Campaign notifications");
    expect(get("push-confirm-message").textContent).toMatch(/membership discounts, free trials/);
    await click(get("push-confirm-cancel"));
    expect(browser.permissionAsked).toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(pushState()).toBe("off");
  });

  test("on: permission, a subscription with the server's key, the subscription sent; off: deleted and ended", async () => {
    await openSettings();
    await click(get("push-on"));
    await click(get("push-confirm-confirm"));
    await waitFor(() => pushState() === "on");
    expect(browser.permissionAsked).toBe(1);
    expect(browser.subscribeOptions).toHaveLength(1);
    expect(browser.subscribeOptions[0].userVisibleOnly).toBe(true);
    expect([...browser.subscribeOptions[0].applicationServerKey]).toEqual([...keyBytes(PUBLIC_KEY)]);
    expect(browser.subscribeOptions[0].applicationServerKey).toHaveLength(65);
    const save = server.requests.find((request) => request.method === "POST")!;
    expect(save.path).toBe("/api/v1/push/subscription");
    expect(JSON.parse(save.rawBody)).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: "p256dh-key", auth: "auth-secret" },
    });
    expect(save.headers["system-id"]).toBe("14");

    await click(get("push-off"));
    await waitFor(() => pushState() === "off");
    const removal = server.requests.find((request) => request.method === "DELETE")!;
    expect(JSON.parse(removal.rawBody)).toEqual({ endpoint: ENDPOINT });
    expect(browser.unsubscribed).toEqual([ENDPOINT]);
  });

  test("a refusal in the browser's prompt shows blocked, with no switch", async () => {
    browser.answer = "denied";
    await openSettings();
    await click(get("push-on"));
    await click(get("push-confirm-confirm"));
    await waitFor(() => pushState() === "blocked");
    expect(get("push-state").textContent).toBe("Blocked in your browser settings");
    expect(view!.byTestId("push-on")).toBeNull();
    expect(browser.subscribeOptions).toHaveLength(0);
  });

  test("already subscribed shows on; blocked earlier shows blocked", async () => {
    browser.permission = "granted";
    browser.subscription = new FakeSubscription(ENDPOINT, {
      userVisibleOnly: true,
      applicationServerKey: keyBytes(PUBLIC_KEY).buffer,
    });
    await openSettings();
    expect(pushState()).toBe("on");
    await view!.unmount();
    browser.permission = "denied";
    await openSettings();
    expect(pushState()).toBe("blocked");
  });

  test("a save the server refuses leaves no subscription behind and says so once", async () => {
    saveReply = [503, { code: 503, msg: "down", data: null }];
    await openSettings();
    await click(get("push-on"));
    await click(get("push-confirm-confirm"));
    await waitFor(() => browser.unsubscribed.length === 1);
    await waitFor(() => toasts().length > 0);
    expect(toasts()).toEqual(["Network connection error (503)"]);
    expect(pushState()).toBe("off");
    expect(browser.subscription).toBeNull();
  });

  test("a subscription made with an older server key is replaced", async () => {
    browser.permission = "granted";
    browser.subscription = new FakeSubscription("https://push.example.test/old", {
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(65).buffer,
    });
    await openSettings();
    // Shown as on; turning it off and on again swaps the key.
    await click(get("push-off"));
    await waitFor(() => pushState() === "off");
    browser.subscription = new FakeSubscription("https://push.example.test/old", {
      userVisibleOnly: true,
      applicationServerKey: new Uint8Array(65).buffer,
    });
    await click(get("push-on"));
    await click(get("push-confirm-confirm"));
    await waitFor(() => pushState() === "on");
    expect(browser.unsubscribed).toEqual(["https://push.example.test/old", "https://push.example.test/old"]);
    expect(browser.subscription.endpoint).toBe(ENDPOINT);
  });
});

describe("add to home screen", () => {
  function offerInstall(outcome: "accepted" | "dismissed") {
    const event = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompted: 0,
      prompt: async () => {
        event.prompted += 1;
      },
      userChoice: Promise.resolve({ outcome }),
    });
    act(() => void window.dispatchEvent(event));
    return event;
  }

  // In this order: once the offer is used, the module ignores offers for the rest of the visit.
  test("appinstalled hides it", async () => {
    view = await renderUi(<InstallEntry />);
    offerInstall("accepted");
    await waitFor(() => view!.byTestId("install-entry"));
    act(() => void window.dispatchEvent(new Event("appinstalled")));
    await waitFor(() => view!.byTestId("install-entry") === null);
  });

  test("shown when the browser offers it; the button prompts, the entry goes and stays gone in the visit", async () => {
    view = await renderUi(<InstallEntry />);
    expect(view.byTestId("install-entry")).toBeNull();
    const event = offerInstall("dismissed");
    expect(event.defaultPrevented).toBe(true);
    await waitFor(() => view!.byTestId("install-entry"));
    await click(get("install-app"));
    expect(event.prompted).toBe(1);
    await waitFor(() => view!.byTestId("install-entry") === null);
    // Chromium may offer again at once after a dismissal: the browser's bar stays suppressed and the entry gone.
    const again = offerInstall("accepted");
    expect(again.defaultPrevented).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.byTestId("install-entry")).toBeNull();
  });
});
