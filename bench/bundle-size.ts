// Prints what the home route costs a phone on first visit: the JavaScript it loads (gzip, as
// the server sends it) against the 120 KB target, and the service worker's precache size.
// Run: npm run bench (builds when stale, starts the real server, loads / in Chromium).
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild } from "../scripts/build-state";
import { startServer } from "../tests/e2e/server-process";
import { launchBrowser, phoneContext } from "../tests/e2e/browser";

const DIST = "dist";
const TARGET_KB = 120;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzipSize = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;

ensureBuild(DIST);
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await phoneContext(browser, server.url);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.add(new URL(response.url()).pathname);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  const homeJs = [...scripts].filter((path) => !path.endsWith("/sw.js"));
  const homeGzip = homeJs.reduce((sum, path) => sum + gzipSize(join(DIST, path)), 0);

  const swSource = readFileSync(join(DIST, "sw.js"), "utf8");
  const precached = [...swSource.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]);
  const precacheRaw = precached.reduce((sum, url) => sum + statSync(join(DIST, url)).size, 0);
  const precacheGzip = precached.reduce((sum, url) => sum + gzipSize(join(DIST, url)), 0);

  console.log(
    `home route JavaScript: ${homeJs.length} files, ${kb(homeGzip)} KB gzip (target <= ${TARGET_KB} KB, ratio ${(homeGzip / 1024 / TARGET_KB).toFixed(2)})`,
  );
  for (const path of homeJs) console.log(`  ${path}  ${kb(gzipSize(join(DIST, path)))} KB gzip`);
  console.log(`precache: ${precached.length} entries, ${kb(precacheRaw)} KB raw, ${kb(precacheGzip)} KB gzip`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
