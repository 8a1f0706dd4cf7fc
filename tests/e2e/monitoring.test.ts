// Monitoring end to end (issue 15's acceptance, as a new user would), on the production build:
// 1. a free user (the demo account without a plan) monitors one product from its detail
//    ("Monitor"); the second is refused with the 60003 toast and the upgrade path; a Premium user
//    monitors 20 (a few through the detail pages, the rest through the API) and the Monitor
//    screen lists them at the limit.
// 2. push: a server of the test's own on PostgreSQL (a fresh database, demo mode, a small
//    dataset, a 1 s snapshot poll) whose push service is a loopback HTTP endpoint (allowed by
//    PUSH_SERVICE_HOSTS); the signed-in user's push subscription is registered through the API
//    with test-generated keys; the user monitors a product and sets its thresholds on the Monitor
//    screen; `npm run data:refresh` records the baseline, then `npm run data:import` (that
//    product's sales changed) and `npm run data:refresh` again: the endpoint receives the real
//    encrypted web-push request, which is decrypted as a browser does (aes128gcm;
//    tests/server/helpers/push-service.ts) and delivered to the page's service worker; the
//    notification links to the product, whose detail opens; the alert is listed and marked read.
// 3. with that server stopped and the browser offline, the Monitor screen shows the saved items
//    with "Saved copy".
// Part 2 needs TEST_DATABASE_URL (a PostgreSQL server; CI sets it): the CLI and the server share
// the database while the server runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "../../server/config";
import { businessYesterday } from "../../server/modules/catalog/engine/time";
import { createThrowawayPostgres, type ThrowawayPostgres } from "../server/helpers/app";
import { decrypt, newBrowser, pushService } from "../server/helpers/push-service";
import { apiCall, DEMO_PASSWORD, passwordLoginToken } from "./api";
import { baseURL, catalog, useBrowser, useOwnServer, usePhonePage } from "./fixtures";
import { signInThroughLoginPage } from "./login";
import { pushUntilShown } from "./service-worker-push";

const t = catalog("en");
const browser = useBrowser();
const phonePage = usePhonePage(browser);
const FREE = "free@shopradar.demo";
const PREMIUM = "premium@shopradar.demo";
const PREMIUM_LIMIT = 20;

interface MonitorItemWire {
  type: string;
  id: string;
  evaluated_at: string | null;
}

/** Goods ids of a list the signed-in user sees (distinct, in rank order). */
async function goodsIds(base: string, token: string, size: number): Promise<string[]> {
  const { list } = await apiCall<{ list: { id: string }[] }>(base, `/api/v1/rank/goods?size=${size}&window=7d`, {
    token,
  });
  return [...new Set(list.map((row) => row.id))];
}

async function clearMonitors(base: string, token: string): Promise<void> {
  const { list } = await apiCall<{ list: MonitorItemWire[] }>(base, "/api/v1/monitor/items", { token });
  for (const item of list) {
    await apiCall(base, "/api/v1/monitor/items", { method: "DELETE", body: { type: item.type, id: item.id }, token });
  }
}

const monitorButton = (page: Page) => page.getByTestId("monitor-button");

/** Opens a product's detail and taps Monitor once the button knows the item's state. */
async function tapMonitor(page: Page, id: string): Promise<void> {
  await page.goto(`/goodsDetail?id=${id}`);
  await page.getByTestId("detail-page").waitFor();
  await expect.poll(() => monitorButton(page).isEnabled()).toBe(true);
  expect(await monitorButton(page).innerText()).toBe("Monitor");
  await page.getByRole("button", { name: "Monitor", exact: true }).click();
}

describe("monitor limits", () => {
  it("a free user monitors one product; the second is refused with the 60003 toast and the upgrade path", async () => {
    // The demo account without a plan (a new registration starts with a trial of a plan).
    const token = await passwordLoginToken(baseURL, FREE);
    await clearMonitors(baseURL, token);
    try {
      const ids = await goodsIds(baseURL, await passwordLoginToken(baseURL, PREMIUM), 5);
      const page = await phonePage();
      await signInThroughLoginPage(page, FREE, DEMO_PASSWORD);

      await tapMonitor(page, ids[0]);
      await expect.poll(() => monitorButton(page).getAttribute("aria-pressed")).toBe("true");
      expect(await monitorButton(page).innerText()).toBe("Monitoring");

      await tapMonitor(page, ids[1]);
      await expect
        .poll(() => page.getByTestId("toast").allInnerTexts())
        .toContain(t("The number of monitored accounts has reached the limit"));
      expect(await monitorButton(page).getAttribute("aria-pressed")).toBe("false");
      await page.getByRole("link", { name: "Upgrade to monitor more" }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/checkout");

      await page.goto("/monitor");
      await expect.poll(() => page.getByTestId("monitor-items").getAttribute("data-state")).toBe("ready");
      expect(await page.getByTestId("monitor-holding").innerText()).toBe("1 of 1 monitored");
      expect(await page.getByTestId("monitor-item").getAttribute("data-id")).toBe(ids[0]);
    } finally {
      await clearMonitors(baseURL, token);
    }
  });

  it("a Premium user monitors 20 and the Monitor screen lists them at the limit", async () => {
    const token = await passwordLoginToken(baseURL, PREMIUM);
    await clearMonitors(baseURL, token);
    try {
      const ids = await goodsIds(baseURL, token, 40);
      expect(ids.length).toBeGreaterThan(PREMIUM_LIMIT);
      const page = await phonePage();
      await signInThroughLoginPage(page, PREMIUM, DEMO_PASSWORD);
      for (const id of ids.slice(0, 2)) {
        await tapMonitor(page, id);
        await expect.poll(() => monitorButton(page).getAttribute("aria-pressed")).toBe("true");
      }
      for (const id of ids.slice(2, PREMIUM_LIMIT)) {
        await apiCall(baseURL, "/api/v1/monitor/items", { method: "PUT", body: { type: "goods", id }, token });
      }
      await expect(
        apiCall(baseURL, "/api/v1/monitor/items", {
          method: "PUT",
          body: { type: "goods", id: ids[PREMIUM_LIMIT] },
          token,
        }),
      ).rejects.toThrow(/60003/);

      await page.goto("/monitor");
      await expect.poll(() => page.getByTestId("monitor-items").getAttribute("data-total")).toBe(String(PREMIUM_LIMIT));
      expect(await page.getByTestId("monitor-holding").innerText()).toBe("20 of 20 monitored");
      expect(await page.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/checkout");
      // Newest first: the last one added through the API leads, the first one from a detail ends the list.
      const listed = await page.getByTestId("monitor-item").evaluateAll((rows) => rows.map((row) => row.dataset.id));
      expect(new Set(listed)).toEqual(new Set(ids.slice(0, PREMIUM_LIMIT)));
      expect(listed[0]).toBe(ids[PREMIUM_LIMIT - 1]);
    } finally {
      await clearMonitors(baseURL, token);
    }
  });
});

describe("monitor alerts by push, and the Monitor screen offline", () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let database: ThrowawayPostgres | undefined;
  const push = pushService();
  let pushUrl: string;
  let page: Page;
  let env: Record<string, string>;
  let token: string;
  let productId: string;

  beforeAll(async () => {
    if (!adminUrl) return;
    database = await createThrowawayPostgres(adminUrl);
    pushUrl = await push.start();
    env = {
      DATABASE_URL: database.url,
      DEMO_MODE: "true",
      DEMO_DATA_ON_START: "always",
      DEMO_DATA_SCALE: "0.05",
      DATA_POLL_MS: "1000",
      PUSH_SERVICE_HOSTS: `${DEFAULT_PUSH_SERVICE_HOSTS},http://127.0.0.1`,
    };
  });
  afterAll(async () => {
    await push.stop();
    await database?.drop();
  });
  // Started after the database and the push service, stopped before them (none without a database).
  const server = useOwnServer(() => (adminUrl ? { env } : undefined));
  const sharedPage = usePhonePage(browser, { close: "afterAll" });

  /** Runs an npm data script against the test's database, as an operator would. */
  function runData(script: string, ...args: string[]): void {
    const run = spawnSync("npm", ["run", "--silent", script, "--", ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: "warn" },
      encoding: "utf8",
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
  }

  const itemOf = async (id: string) =>
    (await apiCall<{ list: MonitorItemWire[] }>(server().url, "/api/v1/monitor/items", { token })).list.find(
      (item) => item.id === id,
    );

  it("after data:refresh on changed data, the browser gets a push alert that opens the product", async () => {
    expect(adminUrl, "TEST_DATABASE_URL is not set: this test needs a PostgreSQL server").toBeTruthy();
    const base = server().url;
    page = await sharedPage({
      base,
      prepare: (context) => context.grantPermissions(["notifications"], { origin: base }),
    });
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await signInThroughLoginPage(page, PREMIUM, DEMO_PASSWORD);
    token = await passwordLoginToken(base, PREMIUM);

    // The browser's push subscription, with keys this test holds (the push service is local).
    const subscriber = newBrowser();
    await apiCall(base, "/api/v1/push/subscription", {
      method: "POST",
      body: { endpoint: `${pushUrl}/send/e2e-monitor`, keys: subscriber.keys },
      token,
    });

    // A product from lower down the list, monitored from its detail page.
    productId = (await goodsIds(base, token, 20))[10];
    await tapMonitor(page, productId);
    await expect.poll(() => monitorButton(page).getAttribute("aria-pressed")).toBe("true");

    // Only the sales alert: rank moves of 1,000 places and the top list are left out.
    await page.goto("/monitor");
    const row = page.getByTestId("monitor-item");
    await row.getByText("Alert thresholds").click();
    await row.getByLabel("Rank moves by at least (places)").fill("1000");
    await row.getByLabel("Sales move by at least (%)").fill("1");
    await row.getByLabel("Alert when it enters the top list").uncheck();
    await row.getByRole("button", { name: "Save thresholds" }).click();
    await expect.poll(() => page.getByTestId("toast").allInnerTexts()).toContain("Alert thresholds saved");

    // A refresh records the item's baseline; nothing changed, so nothing is pushed.
    runData("data:refresh");
    await expect.poll(async () => (await itemOf(productId))?.evaluated_at ?? null, { timeout: 30_000 }).not.toBeNull();
    expect(push.received).toHaveLength(0);

    // Changed data: the product sold far more yesterday.
    const file = join(mkdtempSync(join(tmpdir(), "shopradar-monitor-")), "sales.ndjson");
    const line = { type: "daily", entity: "goods", id: productId, date: businessYesterday(new Date()) };
    writeFileSync(file, `${JSON.stringify({ ...line, metrics: { salesVolume: 50_000_000 } })}\n`);
    runData("data:import", file);
    runData("data:refresh");

    await expect.poll(() => push.received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const [request] = push.received;
    expect(request.headers["content-encoding"]).toBe("aes128gcm");
    expect(String(request.headers.authorization)).toMatch(/^vapid t=/);
    const payload = decrypt(request.body, subscriber);
    const message = JSON.parse(payload) as { title: string; body: string; url: string; campaign: string };
    expect(message).toMatchObject({ url: `/goodsDetail?id=${productId}`, campaign: "monitor" });

    const shown = await pushUntilShown(
      page.context(),
      page,
      base,
      payload,
      (notification) => notification.data.url === `${base}/goodsDetail?id=${productId}`,
    );
    expect(shown?.body).toBe(message.body);

    await page.goto(shown!.data.url);
    await expect.poll(() => page.getByTestId("detail-page").getAttribute("data-id")).toBe(productId);
    // The alert is listed in the app too.
    await page.goto("/monitor?tab=alerts");
    await expect.poll(() => page.getByTestId("monitor-alert").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("monitor-alert").first().getByRole("link").getAttribute("href")).toBe(
      `/goodsDetail?id=${productId}`,
    );
    expect(await page.getByTestId("monitor-alert").first().getAttribute("data-read")).toBe("false");
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect.poll(() => page.getByTestId("monitor-alert").first().getAttribute("data-read")).toBe("true");
    await page.reload(); // read on the server too
    await expect.poll(() => page.getByTestId("monitor-alerts").getAttribute("data-unread")).toBe("0");
  });

  it("offline, the Monitor screen shows the saved items with their age", async () => {
    expect(page, "runs after the push test, in its browser").toBeDefined();
    await page.goto("/monitor");
    await expect.poll(() => page.getByTestId("monitor-items").getAttribute("data-state")).toBe("ready");
    expect(await page.getByTestId("monitor-items").getByTestId("data-saved").count()).toBe(0);

    await page.context().setOffline(true);
    expect(await server().stop()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByTestId("monitor-items").getAttribute("data-state")).toBe("ready");
    expect(await page.getByTestId("monitor-item").getAttribute("data-id")).toBe(productId);
    expect(await page.getByTestId("monitor-items").getByTestId("data-saved").innerText()).toBe(t("Saved copy"));
    expect(await page.getByTestId("monitor-items").getByTestId("data-age").innerText()).toMatch(/^Updated /);
  });
});
