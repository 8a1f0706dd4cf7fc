// Rendered-list snapshots (repeat visits), on the production build and the shared
// server: a list seen before is painted from the worker's snapshot before any of the app's
// JavaScript runs (page scripts disabled; the worker runs apart), with its rows, its saved-copy
// age and inert controls; the app then takes over. Snapshots are per viewer: another session
// token gets none, and sign-out drops the signed-in one.
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { signInThroughLoginPage } from "./login";
import { catalog, useBrowser, usePhonePage } from "./fixtures";
import { DEMO_PASSWORD } from "./api";

const phonePage = usePhonePage(useBrowser());
const t = catalog("en");
const RANK_PATH = "/rank?type=goods&rankType=top-sale&window=24h";
const DEMO_LOGIN = "pro@shopradar.demo";

const rowIds = (page: Page) =>
  page
    .locator('[data-testid="rank-list"] [data-testid="entity-row"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id") ?? ""));

/** Snapshot caches by name with their entry counts. */
const snapshotCaches = (page: Page) =>
  page.evaluate(async () => {
    const found: Record<string, number> = {};
    for (const name of await caches.keys())
      if (name.startsWith("shopradar-snapshot-")) found[name] = (await (await caches.open(name)).keys()).length;
    return found;
  });

async function openRankList(page: Page): Promise<string[]> {
  await page.goto(RANK_PATH);
  await expect.poll(() => page.getByTestId("rank-list").getAttribute("data-state")).toBe("ready");
  await page.locator("[data-snapshot-page]").waitFor({ state: "detached" });
  await expect.poll(async () => (await rowIds(page)).length).toBeGreaterThan(3);
  return rowIds(page);
}

/** A new tab of the context whose page scripts never run: what it shows came with the HTML. */
async function openWithoutScripts(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setScriptExecutionDisabled", { value: true });
  await page.goto(path);
  return page;
}

const passwordLogin = (page: Page) => signInThroughLoginPage(page, DEMO_LOGIN, DEMO_PASSWORD);

describe("rendered-list snapshots", () => {
  it("a repeat visit shows the list's rows before the app's JavaScript runs, then the app takes over", async () => {
    const page = await phonePage();
    const context = page.context();
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const seen = await openRankList(page);
    await expect.poll(() => snapshotCaches(page)).toEqual({ "shopradar-snapshot-anon-v1": 1 });

    const painted = await openWithoutScripts(context, RANK_PATH);
    const root = painted.locator("#root");
    expect(await root.getAttribute("data-snapshot")).toMatch(/^\d+$/);
    const ids = await painted
      .locator('#root [data-testid="entity-row"]')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id")));
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toEqual(seen.slice(0, ids.length));
    // Rows sit where the app puts them (fixed height) and the snapshot is inert until React takes over.
    const first = await painted.locator('#root [data-testid="entity-row"]').first().boundingBox();
    expect(first?.height).toBe(84);
    expect(await painted.locator("#root [data-snapshot-page]").getAttribute("inert")).toBe("");
    // It says it is a saved copy, with the data's age as of this visit.
    const freshness = painted.locator('#root [data-testid="data-freshness"]');
    expect(await freshness.getAttribute("data-saved")).toBe("true");
    expect(await freshness.getByTestId("data-saved").innerText()).toBe(t("Saved copy"));
    expect(await freshness.getByTestId("data-age").innerText()).toMatch(/^Updated /);
    await painted.close();

    // With scripts, React replaces the snapshot with the live list (same first rows).
    const live = await context.newPage();
    expect(await openRankList(live)).toEqual(seen);
  });

  it("another session token sees no snapshot; sign-out drops the signed-in one", async () => {
    const page = await phonePage();
    const context = page.context();
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await passwordLogin(page);
    await openRankList(page);
    await expect
      .poll(async () => Object.keys(await snapshotCaches(page)))
      .toEqual([expect.stringMatching(/^shopradar-snapshot-[0-9a-f]{16}-v1$/)]);
    const signedIn = await openWithoutScripts(context, RANK_PATH);
    expect(await signedIn.locator("#root").getAttribute("data-snapshot")).toMatch(/^\d+$/);
    await signedIn.close();

    // The same browser with someone else's token: nothing painted.
    const [token] = (await context.cookies()).filter((cookie) => cookie.name === "token");
    await context.addCookies([{ ...token, value: "another-session-token" }]);
    const other = await openWithoutScripts(context, RANK_PATH);
    expect(await other.locator("#root").getAttribute("data-snapshot")).toBeNull();
    expect(await other.locator('#root [data-testid="entity-row"]').count()).toBe(0);
    await other.close();
    await context.addCookies([token]);

    await page.goto("/user");
    await page.getByTestId("logout").click();
    await expect.poll(() => page.getByTestId("toast").last().innerText()).toBe(t("You have logged out"));
    expect(await snapshotCaches(page)).toEqual({});
    // Signed out, there is no visitor's snapshot of this list yet: the plain shell.
    const signedOut = await openWithoutScripts(context, RANK_PATH);
    expect(await signedOut.locator("#root").getAttribute("data-snapshot")).toBeNull();
  });
});
