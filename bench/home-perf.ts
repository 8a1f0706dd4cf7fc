// Cold-load figures of the home route on a throttled phone (150 ms RTT, 1.6 Mbps, 4x CPU),
// next to a static HTML page measured the same way in the same run: Largest Contentful Paint,
// Total Blocking Time (long-task time over 50 ms after first paint) and Cumulative Layout
// Shift. Run: npm run bench:home (builds when stale, starts the real server).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { ensureBuild } from "../scripts/build-state";
import { startServer } from "../tests/e2e/server-process";
import { launchBrowser } from "../tests/e2e/browser";

const RUNS = 3;
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title></head>
<body style="font-family:sans-serif;margin:16px"><h1>ShopRadar</h1>
<p>Home ranking updated every 6 hours. Weekly trend updated every 12 hours at 12 o'clock.</p>
</body></html>`;

interface Figures {
  lcp: number;
  tbt: number;
  cls: number;
}

/** Installed before any page script: collects LCP, layout shifts and long tasks. */
function observePerformance() {
  const w = window as unknown as { __perf: { lcp: number; cls: number; longTasks: { start: number; duration: number }[] } };
  w.__perf = { lcp: 0, cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__perf.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!entry.hadRecentInput) w.__perf.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__perf.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

async function measure(browser: Browser, url: string): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: "block" });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(observePerformance);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const figures = await page.evaluate(() => {
    const perf = (window as unknown as { __perf: { lcp: number; cls: number; longTasks: { start: number; duration: number }[] } }).__perf;
    const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const tbt = perf.longTasks
      .filter((task) => task.start + task.duration > firstPaint)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { lcp: perf.lcp, tbt, cls: perf.cls };
  });
  await context.close();
  return figures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function medianFigures(browser: Browser, url: string): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, url));
  return { lcp: median(runs.map((r) => r.lcp)), tbt: median(runs.map((r) => r.tbt)), cls: median(runs.map((r) => r.cls)) };
}

ensureBuild("dist");
const server = await startServer();
const staticServer = createServer((_, response) => response.writeHead(200, { "content-type": "text/html" }).end(STATIC_PAGE));
await new Promise<void>((resolve) => staticServer.listen(0, "127.0.0.1", resolve));
const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;
const browser = await launchBrowser();
try {
  const home = await medianFigures(browser, `${server.url}/`);
  const baseline = await medianFigures(browser, staticUrl);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`throttling: 150 ms RTT, 1.6 Mbps down, 4x CPU; median of ${RUNS} cold loads, service worker blocked`);
  console.log(`home   LCP ${ms(home.lcp)} (target <= 1500 ms)  TBT ${ms(home.tbt)} (target <= 60 ms)  CLS ${home.cls.toFixed(3)} (target <= 0.04)`);
  console.log(`static LCP ${ms(baseline.lcp)}  TBT ${ms(baseline.tbt)}  CLS ${baseline.cls.toFixed(3)}`);
  console.log(`home LCP / static LCP = ${(home.lcp / baseline.lcp).toFixed(2)}`);
} finally {
  await browser.close();
  staticServer.close();
  await server.stop();
}
