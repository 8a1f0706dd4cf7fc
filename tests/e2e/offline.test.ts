// The service worker installs on first visit, controls the page, and the shell reloads with
// the network cut off (offline navigation fallback from the precache).
import { describe, expect, it } from "vitest";
import { useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());

describe("offline shell", () => {
  it("installs the service worker and reloads offline", async () => {
    const page = await phonePage();
    await page.goto("/");
    await page.getByTestId("tab-bar").waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.some((name) => name.startsWith("shopradar-precache"))).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByTestId("tab-bar").waitFor();
    // A page never visited before opens too: navigations fall back to the precached shell.
    await page.goto("/rank");
    await page.getByTestId("page-title").waitFor();
  });
});
