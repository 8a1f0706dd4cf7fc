// Repeat-visit figure: time from navigation to the first ranking row on screen when
// the service worker is installed and its caches are warm (the shell from the precache, the
// list from the data cache inside its window), next to a static HTML page with the same rows
// served by the same server in the same run (its repeat visit revalidates over the network,
// the best a page without a worker does). Throttled like bench:home (150 ms RTT, 1.6 Mbps,
// 4x CPU); medians of RUNS visits, each in a new tab. Target: ratio under 1.5.
// A list seen before is painted from the worker's rendered-rows snapshot (sw/list-snapshot.ts)
// before the app's JavaScript runs; the row counted must be on screen and, once the app has
// rendered the list from its data, be the list's first row (checkFirstRow), so a stale or wrong
// snapshot fails the bench instead of flattering it.
// Run: npm run bench:repeat (builds when stale, starts the real server on a copy of dist/).
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { ensureBuild } from "../scripts/build-state";
import { launchBrowser, phoneContext } from "../tests/e2e/browser";
import { startServer } from "../tests/e2e/server-process";
import { median, throttle, THROTTLING } from "./phone";

const RUNS = Number(process.env.RUNS ?? 7);
const LIST_PATH = "/rank?type=goods&rankType=top-sale&window=24h";
const STATIC_PATH = "/repeat-visit-static.html";

/** A static page of 20 rows shaped like the list's (thumbnail, title, figures). */
function staticPage(): string {
  const rows = Array.from(
    { length: 20 },
    (_, index) => `<div data-testid="entity-row" style="display:flex;gap:8px;height:76px;border-bottom:1px solid #eee">
<img src="/icons/icon-192.png" width="56" height="56" alt=""><div><b>${index + 1}. Product ${index + 1}</b><p>Sales 1.2K · Revenue $3.4K</p></div></div>`,
  ).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static list</title></head>
<body style="font-family:sans-serif;margin:0 12px"><h1>List</h1>${rows}</body></html>`;
}

/**
 * Installed before any page script: the time (ms since navigation start) of the frame that
 * first shows a row on screen (its top inside the viewport, with a size), checked on every DOM
 * change and every frame; the time is taken in the next animation frame, which runs only once
 * the page may render (after its render-blocking stylesheets). Also which row it was (its
 * data-id) and whether it came from the worker's snapshot. A string, so the bundler's helpers
 * (tsx names inner functions) never end up in the page.
 */
const WATCH_FIRST_ROW = `(() => {
  let seen = false;
  const check = () => {
    if (seen) return;
    const row = document.querySelector('[data-testid="entity-row"]');
    if (!row) return;
    const box = row.getBoundingClientRect();
    if (box.height <= 0 || box.top >= innerHeight || box.bottom <= 0) return;
    seen = true;
    window.__firstRowId = row.getAttribute("data-id");
    window.__firstRowSnapshot = Boolean(row.closest("[data-snapshot-page], [data-testid=rank-list-snapshot]"));
    requestAnimationFrame(() => { window.__firstRow = performance.now(); });
  };
  // The app's own first row (React's, not the snapshot's): when the app has taken over.
  const checkApp = () => {
    if (window.__appRow !== undefined) return;
    const row = document.querySelector('[data-testid="rank-list"] > [data-testid="virtual-list"] [data-testid="entity-row"]');
    if (row && !row.closest("[data-snapshot-page]")) window.__appRow = performance.now();
  };
  new MutationObserver(() => { check(); checkApp(); }).observe(document, { childList: true, subtree: true, attributes: true });
  const everyFrame = () => {
    check();
    if (!seen) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
})();`;

interface Visit {
  firstRow: number;
  /** 1 when the first row was painted from the worker's snapshot. */
  fromSnapshot: number;
  /** When the app's own first row (rendered by React from the list's data) was in the DOM. */
  appRow: number;
  /** Navigation start to: the document's last byte, DOMContentLoaded, the list's request and answer. */
  document: number;
  domContentLoaded: number;
  listAsked: number;
  listAnswer: number;
}

/**
 * Honesty check of a list visit: once the app has rendered the list from its data, the row
 * first seen must be the list's first row (a snapshot must not show something the data does not).
 */
async function checkFirstRow(page: Page, firstRowId: string | null): Promise<void> {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="rank-list"]')?.getAttribute("data-state") === "ready" &&
      !document.querySelector("[data-snapshot-page]"),
    undefined,
    { timeout: 30_000 },
  );
  const live = await page
    .locator('[data-testid="rank-list"] [data-testid="virtual-list"] [data-testid="entity-row"]')
    .first()
    .getAttribute("data-id");
  if (!firstRowId || live !== firstRowId)
    throw new Error(`the first row seen (${firstRowId}) is not the list's first row (${live})`);
}

async function visit(context: BrowserContext, url: string, list = false): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  await page.addInitScript(WATCH_FIRST_ROW);
  await page.goto(url, { waitUntil: "commit" });
  try {
    await page.waitForFunction(() => ((window as unknown as { __firstRow?: number }).__firstRow ?? -1) > 0, undefined, {
      timeout: 30_000,
    });
  } catch (error) {
    const state = await page.evaluate(() => ({
      url: location.href,
      list: document.querySelector('[data-testid="rank-list"]')?.getAttribute("data-state"),
      rows: document.querySelectorAll('[data-testid="entity-row"]').length,
    }));
    throw new Error(`no first row at ${JSON.stringify(state)}`, { cause: error });
  }
  const seen = await page.evaluate(() => (window as unknown as { __firstRowId: string | null }).__firstRowId);
  if (list) await checkFirstRow(page, seen);
  const times = await page.evaluate(() => {
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    const list = performance.getEntriesByType("resource").find((entry) => entry.name.includes("/api/v1/rank/")) as
      PerformanceResourceTiming | undefined;
    return {
      firstRow: (window as unknown as { __firstRow: number }).__firstRow,
      fromSnapshot: (window as unknown as { __firstRowSnapshot: boolean }).__firstRowSnapshot ? 1 : 0,
      appRow: (window as unknown as { __appRow?: number }).__appRow ?? 0,
      document: navigation?.responseEnd ?? 0,
      domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
      listAsked: list?.startTime ?? 0,
      listAnswer: list?.responseEnd ?? 0,
    };
  });
  await page.close();
  return times;
}

async function repeatVisits(context: BrowserContext, url: string, list = false): Promise<Visit[]> {
  const visits: Visit[] = [];
  for (let run = 0; run < RUNS; run++) visits.push(await visit(context, url, list));
  return visits;
}

ensureBuild("dist");
const staticDir = mkdtempSync(join(tmpdir(), "shopradar-bench-dist-"));
cpSync("dist", staticDir, { recursive: true });
writeFileSync(join(staticDir, STATIC_PATH.slice(1)), staticPage());
const server = await startServer({
  env: { STATIC_DIR: staticDir, DEMO_DATA_SCALE: process.env.DEMO_DATA_SCALE ?? "0.05" },
});
const browser = await launchBrowser();
try {
  // With the worker: a first visit installs it; two more fill the data caches it then controls.
  const withWorker = await phoneContext(browser, server.url);
  const first = await withWorker.newPage();
  await first.goto(LIST_PATH);
  await first.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 30_000 });
  await first.reload();
  await first.locator('[data-testid="entity-row"]').first().waitFor();
  const dataCaches = await first.evaluate(async () =>
    (await caches.keys()).filter((name) => name.startsWith("shopradar-rank-")),
  );
  await first.close();
  if (dataCaches.length === 0) throw new Error("the list was not cached: the worker's data cache is not warm");
  // The list's snapshot is saved shortly after it rendered from data.
  const snapshotPage = await withWorker.newPage();
  await snapshotPage.goto(LIST_PATH);
  await snapshotPage.locator('[data-testid="entity-row"]').first().waitFor();
  const hasSnapshot = () =>
    snapshotPage.evaluate(async () => (await caches.keys()).some((name) => name.startsWith("shopradar-snapshot-")));
  for (let waited = 0; waited < 10_000 && !(await hasSnapshot()); waited += 200) await snapshotPage.waitForTimeout(200);
  if (!(await hasSnapshot()))
    console.log("note: no snapshot of the list was saved; the visits below show the app without it");
  await snapshotPage.close();
  const list = await repeatVisits(withWorker, `${server.url}${LIST_PATH}`, true);
  await withWorker.close();

  // The static page: no worker; its repeat visits use the HTTP cache (revalidation, 304).
  const plain = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  await visit(plain, `${server.url}${STATIC_PATH}`);
  const page = await repeatVisits(plain, `${server.url}${STATIC_PATH}`);
  await plain.close();

  const ms = (value: number) => `${Math.round(value)} ms`;
  const of = (visits: Visit[], key: keyof Visit) => median(visits.map((entry) => entry[key]));
  const runs = (visits: Visit[]) => visits.map((entry) => Math.round(entry.firstRow)).join(", ");
  console.log(`throttling: ${THROTTLING}; median of ${RUNS} repeat visits, each in a new tab`);
  console.log(
    `/rank (service worker, warm caches)  first row ${ms(of(list, "firstRow"))}  [${runs(list)}]  (${list.filter((entry) => entry.fromSnapshot).length}/${RUNS} painted from the snapshot; each first row checked against the list's data)`,
  );
  console.log(
    `  document ${ms(of(list, "document"))}, DOMContentLoaded ${ms(of(list, "domContentLoaded"))}, list asked ${ms(of(list, "listAsked"))}, answered ${ms(of(list, "listAnswer"))}, the app's own first row ${ms(of(list, "appRow"))}`,
  );
  console.log(`static HTML page (same server)        first row ${ms(of(page, "firstRow"))}  [${runs(page)}]`);
  console.log(
    `repeat visit /rank / static = ${(of(list, "firstRow") / of(page, "firstRow")).toFixed(2)} (target < 1.5)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
