// Cold-load figures of the home route on a throttled phone (150 ms RTT, 1.6 Mbps, 4x CPU),
// next to a static HTML page measured the same way in the same run: Largest Contentful Paint,
// Total Blocking Time (long-task time over 50 ms after first paint) and Cumulative Layout
// Shift; then Lighthouse's default mobile run of the home (bench/lighthouse.ts: score, TBT, LCP,
// FCP, CLS, Speed Index, median of LIGHTHOUSE_RUNS runs, default 3; 0 skips it). Run: npm run
// bench:home (builds when stale, starts the real server; BENCH_URL measures a running one
// instead). VERBOSE=1 prints every run with its LCP element and long tasks; RUNS sets the number
// of runs (default 5).
import type { Browser } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser";
import { formatLighthouse, lighthouseMedian } from "./lighthouse";
import { median, serveStatic, serverUnderTest, throttledPhone, THROTTLING } from "./phone";

const RUNS = Number(process.env.RUNS ?? 5);
const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static</title></head>
<body style="font-family:sans-serif;margin:16px"><h1>ShopRadar</h1>
<p>Home ranking updated every 6 hours. Weekly trend updated every 12 hours at 12 o'clock.</p>
</body></html>`;

interface Figures {
  lcp: number;
  tbt: number;
  cls: number;
  /** What the largest contentful paint was: tag, class or test id, and size. */
  lcpElement: string;
  longTasks: number[];
}

/** Installed before any page script: collects LCP, layout shifts and long tasks. */
function observePerformance() {
  const w = window as unknown as {
    __perf: { lcp: number; lcpElement: string; cls: number; longTasks: { start: number; duration: number }[] };
  };
  w.__perf = { lcp: 0, lcpElement: "", cls: 0, longTasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as {
      startTime: number;
      size: number;
      element: Element | null;
    }[]) {
      w.__perf.lcp = entry.startTime;
      const element = entry.element;
      const name = element
        ? `${element.tagName.toLowerCase()}.${element.getAttribute("data-testid") ?? element.className}`
        : "(removed)";
      w.__perf.lcpElement = `${name} ${entry.size}px²`;
    }
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
      if (!entry.hadRecentInput) w.__perf.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      w.__perf.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
}

async function measure(browser: Browser, url: string): Promise<Figures> {
  const { context, page } = await throttledPhone(browser);
  await page.addInitScript(observePerformance);
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const figures = await page.evaluate(() => {
    const perf = (
      window as unknown as {
        __perf: { lcp: number; lcpElement: string; cls: number; longTasks: { start: number; duration: number }[] };
      }
    ).__perf;
    const firstPaint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const tbt = perf.longTasks
      .filter((task) => task.start + task.duration > firstPaint)
      .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return {
      lcp: perf.lcp,
      tbt,
      cls: perf.cls,
      lcpElement: perf.lcpElement,
      longTasks: perf.longTasks.map((task) => Math.round(task.duration)),
    };
  });
  await context.close();
  return figures;
}

async function medianFigures(browser: Browser, url: string): Promise<Figures> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, url));
  if (process.env.VERBOSE)
    for (const run of runs)
      console.log(
        `  ${url} LCP ${Math.round(run.lcp)} ms (${run.lcpElement}) TBT ${Math.round(run.tbt)} ms, long tasks [${run.longTasks.join(", ")}] ms`,
      );
  const byLcp = [...runs].sort((a, b) => a.lcp - b.lcp);
  return {
    lcp: median(runs.map((r) => r.lcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cls: median(runs.map((r) => r.cls)),
    lcpElement: byLcp[Math.floor(runs.length / 2)].lcpElement,
    longTasks: [],
  };
}

const server = await serverUnderTest();
const { url: staticUrl, server: staticServer } = await serveStatic(STATIC_PAGE);
const browser = await launchBrowser();
try {
  const home = await medianFigures(browser, `${server.url}/`);
  const baseline = await medianFigures(browser, staticUrl);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(`throttling: ${THROTTLING}; median of ${RUNS} cold loads, service worker blocked`);
  console.log(
    `home   LCP ${ms(home.lcp)} (target <= 1500 ms; element ${home.lcpElement})  TBT ${ms(home.tbt)} (target <= 60 ms)  CLS ${home.cls.toFixed(3)} (target <= 0.04)`,
  );
  console.log(`static LCP ${ms(baseline.lcp)}  TBT ${ms(baseline.tbt)}  CLS ${baseline.cls.toFixed(3)}`);
  console.log(`home LCP / static LCP = ${(home.lcp / baseline.lcp).toFixed(2)}`);
  if (LIGHTHOUSE_RUNS > 0) {
    const lighthouse = await lighthouseMedian(`${server.url}/`, LIGHTHOUSE_RUNS);
    if (process.env.VERBOSE) for (const run of lighthouse.all) console.log(`  lighthouse ${formatLighthouse(run)}`);
    console.log(`lighthouse mobile (simulated throttling), median of ${LIGHTHOUSE_RUNS} runs:`);
    console.log(`home   ${formatLighthouse(lighthouse.median)}`);
  }
} finally {
  await browser.close();
  staticServer.close();
  await server.stop();
}
