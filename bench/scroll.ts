// Long tasks while flinging through a 500-row list on the throttled phone (target:
// none over 50 ms), next to the same fling over a static 500-row HTML list in the same run.
// The list is /rank (goods, top sale, 30 days) signed in as the demo Premium account, whose plan
// shows exactly 500 rows: all pages are loaded first at full CPU, then with 4x CPU the page
// scrolls from the top to the end at FLING_PX_S (default 6000 px/s, a fast fling; each frame
// moves by what that speed covers in the frame's time),
// RUNS times (default 3), while a PerformanceObserver records long tasks. Prints the median run's
// count, worst and total of long tasks. Run: npm run bench:scroll (builds when stale, starts the
// real server; BENCH_URL measures a running one).
import type { Browser, Page } from "playwright-core";
import { QUESTIONNAIRE_DISMISSED_KEY } from "../src/features/questionnaire/dismissal";
import { encryptPassword } from "../src/lib/crypto";
import { DEMO_PASSWORD } from "../server/modules/accounts/services/demo-accounts";
import { launchBrowser } from "../tests/e2e/browser";
import { CPU_SLOWDOWN, median, serveStatic, serverUnderTest, throttledPhone, THROTTLING, type Phone } from "./phone";

const ROWS = 500;
const ROW_HEIGHT = 84;
const RUNS = Number(process.env.RUNS ?? 3);
const FLING_PX_S = Number(process.env.FLING_PX_S ?? 6000);
const API_HEADERS = { "system-id": "14", "x-language": "en", "content-type": "application/json" };

/** Rows like EntityRow's (rank, 56 px image box, title, subtitle, figures), all in the page. */
const STATIC_LIST = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Static list</title><style>
body{margin:0;font-family:sans-serif}.row{display:flex;align-items:center;gap:10px;height:${ROW_HEIGHT}px;padding:0 12px;border-bottom:1px solid #e5e6eb;box-sizing:border-box}
.rank{width:34px;text-align:center;font-weight:700}.img{width:56px;height:56px;background:#e9ebef;border-radius:6px}
.text{flex:1;min-width:0;display:flex;flex-direction:column;gap:2px}.text span{overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font-size:12px}
</style></head><body>${Array.from(
  { length: ROWS },
  (_, index) =>
    `<div class="row"><span class="rank">${index + 1}</span><span class="img"></span><span class="text"><b>Product number ${index + 1} with a long title</b><span>1.23M₫ · Shop ${index}</span><span>Sales <b>${index}.2K</b> Revenue <b>${index}.5M₫</b></span></span></div>`,
).join("")}</body></html>`;

interface Figures {
  count: number;
  max: number;
  total: number;
}

/** Installed before any page script. */
function observeLongTasks() {
  const w = window as unknown as { __longTasks: number[] };
  w.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: true });
}

async function loginToken(base: string, loginId: string): Promise<string> {
  const keyResponse = await fetch(`${base}/v1/user/ocean/public-key`, { headers: API_HEADERS });
  const { data } = (await keyResponse.json()) as { data: { public_key: string } };
  const response = await fetch(`${base}/v1/user/ocean/phone/password/login-auth`, {
    method: "POST",
    headers: API_HEADERS,
    body: JSON.stringify({
      from_system: 14,
      login_id: loginId,
      password: encryptPassword(data.public_key, DEMO_PASSWORD),
      login_type: 2,
      channel_id: 1,
    }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`login ${loginId}: ${body.code} ${body.msg}`);
  return body.data.token;
}

/** One fling from the top to the end of the page; the long tasks it caused. */
async function fling(phone: Phone): Promise<Figures> {
  const { page } = phone;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(1000);
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
  const distance = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
  // The page scrolls by the fling speed's distance every frame until the end (what a fling
  // does; synthetic touch gestures do not scroll this headless Chromium).
  // (A string: tsx would wrap a named function in a helper the page does not have.)
  await page.evaluate(`new Promise((resolve) => {
    let last = performance.now();
    requestAnimationFrame(function step(now) {
      window.scrollBy(0, (${FLING_PX_S} * (now - last)) / 1000);
      last = now;
      if (scrollY + innerHeight >= document.documentElement.scrollHeight - 1) resolve();
      else requestAnimationFrame(step);
    });
  })`);
  await page.waitForTimeout(500);
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  const scrolled = await page.evaluate(() => scrollY);
  if (scrolled < distance - 2 * ROW_HEIGHT) throw new Error(`scrolled ${scrolled} of ${distance} px`);
  return { count: tasks.length, max: Math.max(0, ...tasks), total: tasks.reduce((sum, duration) => sum + duration, 0) };
}

async function measure(phone: Phone): Promise<Figures[]> {
  await phone.cpu(CPU_SLOWDOWN);
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await fling(phone));
  return runs;
}

/** Loads every page of the list at full CPU (the bench is about scrolling, not loading). */
async function loadWholeList(page: Page): Promise<number> {
  const list = page.getByTestId("virtual-list");
  await list.waitFor();
  const count = async () => Number(await list.getAttribute("data-count"));
  // The end: no more data, or the plan's limit (the upgrade call replaces the load-more line).
  const end = page.locator('[data-testid="load-more"][data-status="none"], [data-testid="rank-upgrade-cta"]');
  for (let step = 0; step < 200 && (await end.count()) === 0; step++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  return count();
}

const summary = (runs: Figures[]) => {
  const middle = [...runs].sort((a, b) => a.total - b.total)[Math.floor(runs.length / 2)];
  return `long tasks ${middle.count}, worst ${Math.round(middle.max)} ms, total ${Math.round(middle.total)} ms (runs: ${runs.map((r) => `${r.count}/${Math.round(r.max)} ms`).join(", ")})`;
};

async function appList(browser: Browser, base: string): Promise<{ rows: number; runs: Figures[] }> {
  const phone = await throttledPhone(browser, { cpu: 1 });
  const token = await loginToken(base, "premium@shopradar.demo");
  await phone.context.addCookies([{ name: "token", value: token, url: base }]);
  // As after a skip: the questionnaire popup (1 s after sign-in) would lock the scroll.
  await phone.context.addInitScript(`sessionStorage.setItem(${JSON.stringify(QUESTIONNAIRE_DISMISSED_KEY)}, "1")`);
  await phone.page.addInitScript(observeLongTasks);
  await phone.page.goto(`${base}/rank?type=goods&rankType=top-sale&window=30d`);
  const rows = await loadWholeList(phone.page);
  const runs = await measure(phone);
  await phone.context.close();
  return { rows, runs };
}

async function staticList(browser: Browser, url: string): Promise<Figures[]> {
  const phone = await throttledPhone(browser, { cpu: 1 });
  await phone.page.addInitScript(observeLongTasks);
  await phone.page.goto(url);
  const runs = await measure(phone);
  await phone.context.close();
  return runs;
}

const server = await serverUnderTest();
const { url: staticUrl, server: staticServer } = await serveStatic(STATIC_LIST);
const browser = await launchBrowser();
try {
  const app = await appList(browser, server.url);
  const baseline = await staticList(browser, staticUrl);
  const medianMax = (runs: Figures[]) => Math.round(median(runs.map((r) => r.max)));
  console.log(`throttling: ${THROTTLING}; fling top to end at ${FLING_PX_S} px/s, ${RUNS} runs, median run shown`);
  console.log(`app    /rank ${app.rows} rows: ${summary(app.runs)} (target: none over 50 ms)`);
  console.log(`static ${ROWS} rows: ${summary(baseline)}`);
  console.log(`worst long task, app / static (medians): ${medianMax(app.runs)} ms / ${medianMax(baseline)} ms`);
} finally {
  await browser.close();
  staticServer.close();
  await server.stop();
}
