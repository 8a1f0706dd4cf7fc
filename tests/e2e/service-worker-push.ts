// Delivering a push message to the app's real service worker from an e2e test, through the
// DevTools protocol (ServiceWorker.deliverPushMessage: Chromium's own push service is out of
// reach offline), and reading back the notifications the worker showed.
import type { BrowserContext, Page } from "playwright-core";

export interface ShownNotification {
  title: string;
  body: string;
  icon: string;
  tag: string;
  data: { url: string; campaign: string };
}

export const shownNotifications = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map(({ title, body, icon, tag, data }) => ({
      title,
      body,
      icon,
      tag,
      data: data as { url: string; campaign: string },
    })),
  );

/** Delivers `payload` (the decrypted push body) to the worker of `baseURL`'s scope. */
export async function deliverPush(context: BrowserContext, page: Page, baseURL: string, payload: string) {
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const ours = registrations.find(
        (registration) => registration.scopeURL === `${baseURL}/` && !registration.isDeleted,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send("ServiceWorker.enable");
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin: baseURL,
    registrationId: await registrationId,
    data: payload,
  });
  await cdp.detach();
}
