// Campaign notifications and Add to home screen in Chromium against the production build. A
// push is delivered to the real service worker through the DevTools protocol
// (ServiceWorker.deliverPushMessage: Chromium's push service is out of reach offline) and the
// notification it shows is read back with registration.getNotifications(). The click handler
// needs a real notification click, which no protocol offers: tests/unit/push.test.ts calls it.
// The Me page's entries: campaign notifications explained before anything is asked, and the
// install entry once Chromium offers installation (a persistent profile; incognito never does).
import { describe, expect, it } from "vitest";
import { persistentPhoneContext } from "./browser";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";
import { pushUntilShown, shownNotifications } from "./service-worker-push";

const phonePage = usePhonePage(useBrowser());

describe("campaign push", () => {
  it("a push shows the payload's notification; another origin's page becomes the app's home", async () => {
    const page = await phonePage({
      prepare: (context) => context.grantPermissions(["notifications"], { origin: baseURL }),
    });
    await page.goto("/user");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    const payload = {
      title: "Flash sale",
      body: "Pro is 30% off until Sunday",
      url: "/trial?marketing_id=5",
      campaign: "flash-11",
    };
    await pushUntilShown(
      page.context(),
      page,
      baseURL,
      JSON.stringify(payload),
      (shown) => shown.title === "Flash sale",
    );
    expect(await shownNotifications(page)).toEqual([
      {
        title: "Flash sale",
        body: "Pro is 30% off until Sunday",
        icon: `${baseURL}/icons/icon-192.png`,
        tag: "campaign-flash-11",
        data: { url: `${baseURL}/trial?marketing_id=5`, campaign: "flash-11" },
      },
    ]);
    // The icon is one the server really serves.
    expect((await page.request.get("/icons/icon-192.png")).headers()["content-type"]).toBe("image/png");

    const elsewhere = await pushUntilShown(
      page.context(),
      page,
      baseURL,
      JSON.stringify({ title: "Elsewhere", body: "x", url: "https://evil.example/login", campaign: "other" }),
      (shown) => shown.title === "Elsewhere",
    );
    expect(elsewhere?.data.url).toBe(`${baseURL}/`);
  });

  it("the Me page says what will be sent before asking; Not now asks nothing", async () => {
    const page = await phonePage();
    await page.goto("/user");
    await expect.poll(() => page.getByTestId("push-state").getAttribute("data-state")).toBe("off");
    await page.getByTestId("push-on").click();
    expect(await page.getByTestId("push-confirm-message").innerText()).toMatch(
      /campaigns: membership discounts, free trials and new-user activities/,
    );
    await page.getByTestId("push-confirm-cancel").click();
    await page.getByTestId("push-confirm").waitFor({ state: "detached" });
    expect(await page.evaluate(() => Notification.permission)).toBe("default");
    expect(await page.getByTestId("push-state").getAttribute("data-state")).toBe("off");
  });
});

describe("add to home screen", () => {
  it("appears on the Me page when Chromium offers installation, and goes once used", async () => {
    const context = await persistentPhoneContext(baseURL);
    const page = await context.newPage();
    await page.goto("/user");
    // Chromium fires beforeinstallprompt once the manifest and the worker make the app installable.
    await page.getByTestId("install-entry").waitFor();
    expect(await page.getByTestId("install-app").innerText()).toBe("Add to home screen");
    await page.getByTestId("install-app").click();
    await page.getByTestId("install-entry").waitFor({ state: "detached" });
    await context.close();
  });
});
