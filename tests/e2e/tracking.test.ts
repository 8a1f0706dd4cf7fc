// Tracking and offline favourites, end to end on the production build, the real server
// (its own, with a small demo dataset, so the test can open its database afterwards) and
// Debian's Chromium:
// (a) a signed-in user's heart tapped offline turns at once, shows on the Me page as waiting
//     (after a reload offline: it is kept in IndexedDB), and is in the server's favourites
//     (GET like) once the network is back (while "offline" the page's API requests are also
//     aborted at the browser's network layer: Chromium's offline emulation was seen, rarely and
//     only under load, to let the first requests of a document loaded offline through);
// (b) 20 page views taken offline (tab bar taps), then a reload offline, then online: the
//     server's tracking table holds every event the outbox had, each exactly once (no id
//     lost, no event stored twice by the page's flush and the worker's Background Sync).
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import type { BrowserContext, Page, Request } from "playwright-core";
import { apiCall, type ApiCall, passwordLoginToken } from "./api";
import { persistentPhoneContext } from "./browser";
import { useBrowser, useOwnServer, usePhonePage } from "./fixtures";
import { TRACKING_DB_NAME, TRACKING_STORE_NAME } from "../../contract/indexed-db";

const OFFLINE_VIEWS = 20;

const server = useOwnServer({ env: { DEMO_DATA_SCALE: "0.05" } });
const browser = useBrowser();
const phonePage = usePhonePage(browser, { base: () => server().url });

const api = <T>(path: string, init?: ApiCall): Promise<T> => apiCall<T>(server().url, path, init);

/** Opens `path` on `page` and waits until its service worker controls it (so a reload offline
 *  still opens the app). */
async function controlledPage(page: Page, path: string, shown = "tab-bar"): Promise<Page> {
  await page.goto(path);
  await page.getByTestId(shown).waitFor();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  return page;
}

/** Ids in the tracking outbox (IndexedDB), read the way the worker reads it. */
function outboxIds(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ database, store }) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(database);
        open.onerror = () => reject(open.error ?? new Error("IndexedDB did not open"));
        open.onupgradeneeded = () => open.result.createObjectStore(store);
        open.onsuccess = () => {
          const keys = open.result.transaction(store).objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            open.result.close();
            resolve((keys.result as string[]).filter((key) => !key.includes(":")));
          };
          keys.onerror = () => reject(keys.error ?? new Error("IndexedDB read failed"));
        };
      }),
    { database: TRACKING_DB_NAME, store: TRACKING_STORE_NAME },
  );
}

/** Offline as the page sees it (navigator.onLine, fetch failing), and for its API requests at the
 *  browser's network layer too: a page reloaded under Chromium's offline emulation was seen, once
 *  in many runs under load, to reach the server with its first requests. */
async function setOfflineForApi(context: BrowserContext, offline: boolean): Promise<void> {
  const api = "**/api/**";
  if (offline) await context.route(api, (route) => route.abort("internetdisconnected"));
  else await context.unroute(api);
  await context.setOffline(offline);
}

describe("offline favourites", () => {
  it("a heart tapped offline is in the server's favourites after reconnecting", async () => {
    const token = await passwordLoginToken(server().url, "premium@shopradar.demo");
    const { list } = await api<{ list: { id: string }[] }>("/api/v1/rank/goods?size=5&window=7d", { token });
    const id = list[4].id;
    const favourites = async () =>
      (await api<{ list: { type: string; id: string }[] }>("/api/v1/tikmeta/portal/like?page=1&size=100", { token }))
        .list;
    expect((await favourites()).some((item) => item.id === id)).toBe(false);

    const page = await controlledPage(await phonePage({ token }), `/goodsDetail?id=${id}`, "detail-page");
    const context = page.context();
    const heart = page.locator('.detail-hero [data-testid="favourite-button"]');
    await expect.poll(() => heart.getAttribute("data-liked")).toBe("false");

    await setOfflineForApi(context, true);
    await heart.click();
    await expect.poll(() => heart.getAttribute("data-liked")).toBe("true");
    // The heart turns at once; the toast says the change is kept (written to the outbox), and
    // only then does the page go away: a reload before that write commits may lose it.
    await expect.poll(() => page.getByTestId("toast").last().innerText()).toBe("Added to favourites");
    // The Me page shows it while it waits, after a reload offline too.
    await page.goto("/user");
    await page.getByTestId("me-favourites").waitFor();
    await expect
      .poll(() => page.locator('[data-testid="favourite-pending"]').allInnerTexts())
      .toEqual([expect.stringContaining(id)]);
    expect((await favourites()).some((item) => item.id === id)).toBe(false);

    await setOfflineForApi(context, false);
    await expect
      .poll(async () => (await favourites()).filter((item) => item.id === id))
      .toEqual([expect.objectContaining({ type: "goods", id })]);
    await expect.poll(() => page.locator('[data-testid="favourite-pending"]').count()).toBe(0);
  });
});

/** Event ids of every tracking batch the server stored (200), and who sent it. */
function watchSentIds(context: BrowserContext): { page: Set<string>; worker: Set<string> } {
  const sent = { page: new Set<string>(), worker: new Set<string>() };
  context.on("requestfinished", (request: Request) => {
    if (!request.url().endsWith("/api/v1/portal/statistics/common-user/action")) return;
    void request.response().then((response) => {
      if (response?.status() !== 200) return;
      const body = request.postDataJSON() as { actions: { id: string }[] };
      for (const action of body.actions) (request.serviceWorker() ? sent.worker : sent.page).add(action.id);
    });
  });
  return sent;
}

async function tapTabsOffline(page: Page, count: number): Promise<void> {
  const tabs = ["tab-rank", "tab-user", "tab-index"];
  for (let n = 0; n < count; n++) {
    const before = page.url();
    await page.getByTestId(tabs[n % tabs.length]).click();
    await page.waitForURL((url) => url.href !== before);
  }
}

describe("outbox across a closed app and a browser restart", () => {
  it("with every page closed, the worker's Background Sync sends the outbox when the network returns", async () => {
    const context = await persistentPhoneContext(server().url);
    const sent = watchSentIds(context);
    const page = await controlledPage(await context.newPage(), "/");
    await expect.poll(() => outboxIds(page)).toEqual([]);
    await context.setOffline(true);
    await tapTabsOffline(page, 5);
    await expect.poll(async () => (await outboxIds(page)).length).toBeGreaterThanOrEqual(5);
    await page.waitForTimeout(2500); // the debounced flush fails offline and registers the sync
    const waiting = await outboxIds(page);
    await page.close();
    await context.setOffline(false);
    await expect.poll(() => waiting.every((id) => sent.worker.has(id)), { timeout: 30_000 }).toBe(true);
    expect([...sent.page].some((id) => waiting.includes(id))).toBe(false);
    await context.close();
  });

  it("events taken offline survive a browser restart and are sent when the app opens again", async () => {
    const profile = mkdtempSync(join(tmpdir(), "shopradar-tracking-profile-"));
    let context = await persistentPhoneContext(server().url, { profile });
    let page = await controlledPage(await context.newPage(), "/");
    await expect.poll(() => outboxIds(page)).toEqual([]);
    await context.setOffline(true);
    await tapTabsOffline(page, 4);
    await expect.poll(async () => (await outboxIds(page)).length).toBeGreaterThanOrEqual(4);
    await page.waitForTimeout(500);
    const waiting = await outboxIds(page);
    await context.close();

    context = await persistentPhoneContext(server().url, { profile });
    const sent = watchSentIds(context);
    page = await context.newPage();
    await page.goto("/");
    // The app's start-up flush comes after five idle waits of at most 4 s each (two at boot, then
    // one before each background step after the first): on a busy machine about 20 s.
    await expect
      .poll(() => waiting.every((id) => sent.page.has(id) || sent.worker.has(id)), { timeout: 30_000 })
      .toBe(true);
    await expect.poll(() => outboxIds(page)).toEqual([]);
    await context.close();
  });
});

describe("tracking offline", () => {
  it("20 actions offline, a reload, then online: the server stores each event exactly once", async () => {
    const page = await controlledPage(await phonePage(), "/");
    const context = page.context();
    // Whatever the online visit tracked has been sent.
    await expect.poll(() => outboxIds(page)).toEqual([]);
    const deviceId = (await context.cookies()).find((cookie) => cookie.name === "device-id")?.value;
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    await context.setOffline(true);
    await tapTabsOffline(page, OFFLINE_VIEWS);
    // Each view is in the outbox before the reload (the tap's click event may be there too).
    await expect.poll(async () => (await outboxIds(page)).length).toBeGreaterThanOrEqual(OFFLINE_VIEWS);
    await page.reload();
    await page.getByTestId("tab-bar").waitFor();
    await expect.poll(async () => (await outboxIds(page)).length).toBeGreaterThanOrEqual(OFFLINE_VIEWS + 1);
    await page.waitForTimeout(500); // the reload's own page view is written
    const waiting = await outboxIds(page);

    await context.setOffline(false);
    await expect.poll(() => outboxIds(page), { timeout: 20_000 }).toEqual([]);
    await context.close();
    await server().stop();

    const db = await PGlite.create(join(server().dataDir, "pglite"));
    try {
      const { rows } = await db.query<{ id: string; event: string; net_type: string }>(
        "select id, event, payload->>'net_type' as net_type from tracking_events where device_id = $1",
        [deviceId],
      );
      const offline = rows.filter((row) => row.net_type === "offline");
      // Everything the outbox held is stored, and nothing else was taken offline.
      expect(offline.map((row) => row.id).sort()).toEqual([...waiting].sort());
      // 20 tab taps and the reload: one page view each.
      expect(offline.filter((row) => row.event === "page_view")).toHaveLength(OFFLINE_VIEWS + 1);
      expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    } finally {
      await db.close();
    }
  });
});
