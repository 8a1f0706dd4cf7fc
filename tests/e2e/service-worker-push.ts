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

/** How long a delivery may take to show its notification before it is delivered again. */
const SHOWN_WITHIN_MS = 5_000;
const DELIVERIES = 3;

/**
 * Delivers `payload` (deliverPush) until the worker has shown a notification `shown` picks, and
 * returns it; up to DELIVERIES times, each given SHOWN_WITHIN_MS (in a full CI run under load a
 * delivery showed nothing within 10 s once, while the same test alone shows it within a second).
 * Undefined when none was shown: the caller's assertion fails then. A notification's tag is the
 * campaign's, so a second delivery replaces the first rather than adding one.
 */
export async function pushUntilShown(
  context: BrowserContext,
  page: Page,
  baseURL: string,
  payload: string,
  shown: (notification: ShownNotification) => boolean,
): Promise<ShownNotification | undefined> {
  for (let delivery = 0; delivery < DELIVERIES; delivery++) {
    await deliverPush(context, page, baseURL, payload);
    const until = Date.now() + SHOWN_WITHIN_MS;
    do {
      const found = (await shownNotifications(page)).find(shown);
      if (found) return found;
      await page.waitForTimeout(100);
    } while (Date.now() < until);
  }
  return undefined;
}
