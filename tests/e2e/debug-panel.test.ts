// The debug panel of spec §9 in Chromium against the production build and the real server: on a
// localhost address the floating "Debug" button opens the dark panel with the app version, the
// service worker's caches (entries and ages), the tracking outbox and the last API calls with
// their status and code; "Clear caches" empties the data caches (lists, details, snapshots,
// thumbnails) while the precached app stays. On 127.0.0.1 (neither "test" nor "localhost") there
// is no button and the panel's chunks are never loaded.
import { describe, expect, it } from "vitest";
import { APP_VERSION } from "../../src/lib/version";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());
const localhost = baseURL.replace("127.0.0.1", "localhost");

const cacheNames = (page: import("playwright-core").Page) => page.evaluate(() => caches.keys());
const DATA_CACHE = /^shopradar-(rank|detail|snapshot)-|^shopradar-images-/;

describe("debug panel", () => {
  it("on localhost: version, caches with ages, outbox, last calls with codes; Clear caches empties the data caches", async () => {
    const page = await phonePage({ base: localhost });
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // Controlled now: the home's data goes through the worker and lands in its data cache.
    await page.goto("/rank?type=goods");
    await expect.poll(async () => (await cacheNames(page)).some((name) => DATA_CACHE.test(name))).toBe(true);

    await page.getByRole("button", { name: "Debug" }).click();
    const panel = page.getByRole("dialog", { name: "Debug panel" });
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.getByText(`Version ${APP_VERSION}`).count()).toBe(1);
    expect(await panel.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(17, 24, 39)");

    const caches = panel.getByRole("table", { name: "Caches" });
    const rankRow = caches.getByRole("row").filter({ hasText: /shopradar-rank-anon-v1/ });
    await expect.poll(() => rankRow.count()).toBe(1);
    const cells = await rankRow.locator("th, td").allInnerTexts();
    expect(Number(cells[1])).toBeGreaterThan(0);
    expect(cells[2]).toBe("Just now");
    expect(
      await caches
        .getByRole("row")
        .filter({ hasText: /shopradar-precache-/ })
        .count(),
    ).toBe(1);

    expect(await panel.getByRole("heading", { name: "Tracking outbox" }).count()).toBe(1);
    const calls = panel.getByRole("table", { name: "Last API calls" });
    const rankCall = calls.getByRole("row").filter({ hasText: "/api/v1/rank/goods?" }).first();
    const callCells = await rankCall.locator("th, td").allInnerTexts();
    expect(callCells.slice(0, 4)).toEqual(["GET", expect.stringMatching(/^\/api\/v1\/rank\/goods\?.*=…/), "200", "0"]);
    expect(Number(callCells[4])).toBeGreaterThanOrEqual(0);

    await panel.getByRole("button", { name: "Clear caches" }).click();
    await expect.poll(() => panel.getByRole("status").innerText()).toBe("Data caches cleared.");
    expect(
      await caches
        .getByRole("row")
        .filter({ hasText: /shopradar-rank-/ })
        .count(),
    ).toBe(0);
    const left = await cacheNames(page);
    expect(left.filter((name) => DATA_CACHE.test(name))).toEqual([]);
    expect(left.some((name) => name.startsWith("shopradar-precache-"))).toBe(true);

    await panel.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => panel.count()).toBe(0);
  });

  it("on 127.0.0.1 there is no Debug button and none of its code loads", async () => {
    const page = await phonePage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("entity-row").count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Debug" }).count()).toBe(0);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /Debug/.test(path))).toEqual([]);
  });
});
