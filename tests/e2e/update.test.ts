// A new version of the app waits instead of taking over: the page offers it, and Reload
// activates it and reloads. The "new version" is the same build with a changed sw.js, served
// by a second server from a copy of dist/ (the browser compares the worker byte for byte).
import { describe, expect, it } from "vitest";
import { appendFileSync, cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useBrowser, useOwnServer, usePhonePage } from "./fixtures";

const staticDir = mkdtempSync(join(tmpdir(), "shopradar-dist-"));

const server = useOwnServer(() => {
  cpSync("dist", staticDir, { recursive: true });
  // This server only serves the shell: a small demo dataset keeps its first start short.
  return { env: { STATIC_DIR: staticDir, DEMO_DATA_SCALE: "0.05" } };
});
const browser = useBrowser();
const phonePage = usePhonePage(browser, { base: () => server().url });

describe("update prompt", () => {
  it("offers a waiting new version and reloads into it", async () => {
    const page = await phonePage();
    await page.goto("/");
    await page.getByTestId("tab-bar").waitFor();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const firstWorker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);

    appendFileSync(join(staticDir, "sw.js"), "\n// next version\n");
    await page.reload();
    await page.getByTestId("update-prompt").waitFor();
    // Until the user agrees, the old worker keeps control: no mixed-version pages.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe("activated");
    const waitingBefore = await page.evaluate(async () =>
      Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
    );
    expect(waitingBefore).toBe(true);

    await Promise.all([page.waitForEvent("load"), page.getByTestId("update-reload").click()]);
    await page.getByTestId("tab-bar").waitFor();
    const registration = await page.evaluate(async () => {
      const current = await navigator.serviceWorker.getRegistration();
      return { waiting: Boolean(current?.waiting), active: current?.active?.scriptURL };
    });
    expect(registration.waiting).toBe(false);
    expect(registration.active).toBe(firstWorker);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);
  });
});
