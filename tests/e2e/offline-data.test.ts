// Offline data, end to end: on the production build, the real server (its own, small demo
// dataset) and Debian's Chromium with a profile on disk, so the service worker and its caches
// outlive a browser restart:
// (a) a list inside its window is answered from the cache even online; home, a /rank list and
//     a detail page seen online open again offline (network cut at the browser AND the server
//     stopped), from the worker's caches, saying they are saved copies and how old their data
//     is, under the offline banner;
// (b) the server restarts with newer data (an import that moves a product to the top); the
//     browser comes back with its clock 5 hours on (libfaketime: the whole browser, page and
//     worker, lives 5 h later, past every ranking window) and a plain navigation shows the new
//     list, from the network;
// (c) sign-out drops the signed-in viewer's data caches, and sign-in explains it needs the
//     network while offline.
import { afterAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { businessYesterday } from "../../server/modules/catalog/engine/time";
import { persistentPhoneContext } from "./browser";
import { signInThroughLoginPage } from "./login";
import { catalog, useOwnServer } from "./fixtures";
import { DEMO_PASSWORD } from "./api";

const t = catalog("en");
const DEMO_LOGIN = "pro@shopradar.demo";
const RANK_PATH = "/rank?type=goods&rankType=top-sale&window=24h";
const HOME_SECTIONS = ["product-ranking", "top-sale", "weekly-trend", "follower-growth"];
const SERVER_ENV = { DEMO_DATA_SCALE: "0.05" };

// Debian's libfaketime (package libfaketime): the browser's clock 5 hours ahead, past the
// longest window a list of this test has (4 h). Monotonic clocks stay real (Chromium's timers).
// .ci/run installs it; without it this test fails with that hint instead of skipping.
const FAKETIME_LIBRARY = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
const FIVE_HOURS_LATER = {
  LD_PRELOAD: FAKETIME_LIBRARY,
  FAKETIME: "+5h",
  FAKETIME_DONT_FAKE_MONOTONIC: "1",
  FAKETIME_FORCE_MONOTONIC_FIX: "0",
};

const server = useOwnServer({ env: SERVER_ENV });
let context: BrowserContext | undefined;
const profile = mkdtempSync(join(tmpdir(), "shopradar-offline-profile-"));
/** What phase (a) saw, for the later phases. */
const seen = { market: "", rankIds: [] as string[], detailId: "" };

afterAll(async () => {
  await context?.close();
});

async function openBrowser(env?: Record<string, string>): Promise<Page> {
  await context?.close();
  context = await persistentPhoneContext(server().url, { profile, env });
  return context.pages()[0] ?? context.newPage();
}

const rowIds = (page: Page) =>
  page
    .locator('[data-testid="rank-list"] [data-testid="entity-row"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-id") ?? ""));

async function openRankList(page: Page): Promise<void> {
  await page.goto(RANK_PATH);
  await expect.poll(() => page.getByTestId("rank-list").getAttribute("data-state")).toBe("ready");
  await expect.poll(async () => (await rowIds(page)).length).toBeGreaterThan(3);
}

async function openHome(page: Page): Promise<void> {
  await page.goto("/");
  for (const id of HOME_SECTIONS)
    await expect.poll(() => page.getByTestId(`home-section-${id}`).getAttribute("data-state")).toBe("ready");
}

/** The worker's data caches by name, with how many entries each holds. */
const dataCaches = (page: Page) =>
  page.evaluate(async () => {
    const found: Record<string, number> = {};
    for (const name of await caches.keys()) {
      if (/^shopradar-(rank|detail)-/.test(name)) found[name] = (await (await caches.open(name)).keys()).length;
    }
    return found;
  });
const SIGNED_IN_CACHE = /^shopradar-(rank|detail)-[0-9a-f]{16}-v1$/;

const passwordLogin = (page: Page) => signInThroughLoginPage(page, DEMO_LOGIN, DEMO_PASSWORD);

describe("offline data", () => {
  it("(a) home, a list and a detail seen online open offline from the cache, with their age", async () => {
    const page = await openBrowser();
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await passwordLogin(page);

    // Online, through the worker: home, the goods top-sale list and the detail of its first row.
    await openHome(page);
    await openRankList(page);
    seen.market = await page.getByTestId("market-select").inputValue();
    seen.rankIds = await rowIds(page);
    seen.detailId = seen.rankIds[0]!;
    await page.goto(`/goodsDetail?id=${seen.detailId}`);
    await page.getByTestId("detail-page").waitFor();
    // Inside its window a list is answered from the cache even online (no network round trip).
    await openRankList(page);
    expect(await page.getByTestId("rank-updated").getByTestId("data-freshness").getAttribute("data-saved")).toBe(
      "true",
    );
    const stored = await dataCaches(page);
    const signedIn = Object.entries(stored).filter(([name]) => SIGNED_IN_CACHE.test(name));
    expect(signedIn.map(([name]) => name.split("-")[1]).sort()).toEqual(["detail", "rank"]);
    for (const [, entries] of signedIn) expect(entries).toBeGreaterThan(0);

    // Offline: the browser has no network and the server is gone.
    await context!.setOffline(true);
    expect(await server().stop()).toBe(0);

    await page.reload();
    await openHome(page);
    await page.getByTestId("offline-banner").waitFor();
    expect(await page.getByTestId("offline-banner").innerText()).toBe(
      t("You are offline. Showing saved data where available."),
    );
    for (const id of HOME_SECTIONS) {
      const age = page.getByTestId(`home-section-${id}`).getByTestId("data-freshness");
      expect(await age.getAttribute("data-saved")).toBe("true");
      expect(await age.getByTestId("data-age").innerText()).toMatch(/^Updated (just now|\d+ (minutes?|hours?) ago)$/i);
      expect(await age.getByTestId("data-saved").innerText()).toBe(t("Saved copy"));
    }

    await openRankList(page);
    // The same list (the rows on screen: the list is virtualised, the banner takes some height).
    expect((await rowIds(page)).slice(0, 3)).toEqual(seen.rankIds.slice(0, 3));
    const listAge = page.getByTestId("rank-updated").getByTestId("data-freshness");
    expect(await listAge.getAttribute("data-saved")).toBe("true");
    expect(await listAge.getByTestId("data-age").innerText()).toMatch(/^Updated /);
    await page.getByTestId("offline-banner").waitFor();

    await page.goto(`/goodsDetail?id=${seen.detailId}`);
    await page.getByTestId("detail-page").waitFor();
    expect(await page.getByTestId("detail-page").getByTestId("data-saved").innerText()).toMatch(/^Saved copy/);
  });

  it("(b) the server restarts with newer data: the boosted product leads the list there", async () => {
    // Move a product from lower down to the top of yesterday's sales (the 24h list).
    const boosted = seen.rankIds[3];
    const file = join(server().dataDir, "boost.ndjson");
    const line = {
      type: "daily",
      entity: "goods",
      id: boosted,
      date: businessYesterday(new Date()),
      metrics: { salesVolume: 50_000_000 },
    };
    writeFileSync(file, `${JSON.stringify(line)}\n`);
    const imported = spawnSync(process.execPath, ["--import", "tsx", "server/modules/catalog/cli/import.ts", file], {
      env: { ...process.env, ...SERVER_ENV, DATA_DIR: server().dataDir, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(imported.status, imported.stdout + imported.stderr).toBe(0);
    await server.restart();

    const response = await fetch(
      `${server().url}/api/v1/rank/goods?rank_type=top-sale&window=24h&country=${seen.market}&page=1&size=10`,
      {
        headers: { "system-id": "14", "x-language": "en" },
      },
    );
    const body = (await response.json()) as { data: { list: { id: string }[] } };
    expect(body.data.list[0].id).toBe(boosted);
  });

  it("(b) past the list's window, a plain navigation shows the new data", async () => {
    expect(existsSync(FAKETIME_LIBRARY), `${FAKETIME_LIBRARY} missing: apt-get install libfaketime`).toBe(true);
    const page = await openBrowser(FIVE_HOURS_LATER);
    expect((await page.evaluate(() => Date.now())) - Date.now()).toBeGreaterThan(4.5 * 3_600_000);
    await page.goto("/");
    await openRankList(page);
    const ids = await rowIds(page);
    expect(ids[0]).toBe(seen.rankIds[3]);
    expect(ids).not.toEqual(seen.rankIds);
    // From the network this time: no saved-copy note.
    expect(await page.getByTestId("rank-updated").getByTestId("data-freshness").getAttribute("data-saved")).toBe(
      "false",
    );
    // Home follows too (its product ranking is the same list).
    await openHome(page);
    const firstHomeRow = page
      .locator('[data-testid="home-section-product-ranking"] [data-testid="entity-row"]')
      .first();
    expect(await firstHomeRow.getAttribute("data-id")).toBe(seen.rankIds[3]);
  });

  it("(c) sign-out drops the signed-in data caches; sign-in offline says it needs the network", async () => {
    const page = await openBrowser(FIVE_HOURS_LATER);
    await openRankList(page);
    const before = await dataCaches(page);
    expect(Object.keys(before).filter((name) => SIGNED_IN_CACHE.test(name)).length).toBe(2);

    await page.goto("/user");
    await page.getByTestId("logout").click();
    await expect.poll(() => page.getByTestId("toast").last().innerText()).toBe(t("You have logged out"));
    const after = await dataCaches(page);
    expect(Object.keys(after).filter((name) => SIGNED_IN_CACHE.test(name))).toEqual([]);

    // A visitor's list is cached apart from any account's.
    await openRankList(page);
    expect(Object.keys(await dataCaches(page))).toContain("shopradar-rank-anon-v1");

    await context!.setOffline(true);
    await page.goto("/login");
    await page.getByTestId("login-id").fill(DEMO_LOGIN);
    await page.getByTestId("login-password").fill(DEMO_PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect
      .poll(() => page.getByTestId("toast").last().innerText())
      .toBe(t("You are offline — signing in needs a connection. Try again when you are back online."));
    expect(await page.evaluate(() => document.cookie.includes("token="))).toBe(false);
    await context!.setOffline(false);
  });
});
