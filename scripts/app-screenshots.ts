// The build's last step (scripts/build-state.ts ensureBuild, `npm run build`): photographs the
// real app for the manifest's `screenshots` (the install dialog shows them). It starts the
// server on the embedded database with the seeded demo dataset, serving the build just made,
// opens each page of SCREENSHOT_SHOTS (src/app/manifest.ts) in every UI language in Debian's
// Chromium at the phone (390x844) or desktop (1280x800) size, each language showing its market
// (SCREENSHOT_MARKETS), writes PNGs under <outDir>/screenshots/<locale>/, and rewrites each
// language's manifest to list its own (scripts/manifests.ts): the install dialog shows the app
// in the language it is read in. They stay out of the service worker's precache (they are
// written after it is built): only the install dialog needs them.
// Without Chromium it prints one line and the manifests stay without screenshots (likewise,
// with a warning, when capturing fails).
// Usage: tsx scripts/app-screenshots.ts <outDir>
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import type { Browser, Page } from "playwright-core";
import { CHROMIUM_PATH, desktopContext, launchBrowser, phoneContext } from "../tests/e2e/browser";
import { startServer } from "../tests/e2e/server-process";
import { LOCALES, type Locale } from "../contract/locales";
import { SCREENSHOT_MARKETS, SCREENSHOT_SHOTS, screenshotSrc, type ScreenshotShot } from "../src/app/manifest";
import { MARKET_STORAGE_KEY } from "../src/state/rank-discover";
import { writeManifests } from "./manifests";

const SETTLE_MS = 20_000;

/** Waits until the page has its data and pictures: no request in flight, every image on screen loaded. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: SETTLE_MS });
  // Lazy images below the fold never load; those on screen must have.
  await page.waitForFunction(
    () =>
      [...document.images].every((image) => {
        const box = image.getBoundingClientRect();
        return image.complete || box.top >= innerHeight || box.bottom <= 0 || box.width === 0;
      }),
    null,
    { timeout: SETTLE_MS },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

async function capture(
  browser: Browser,
  baseURL: string,
  outDir: string,
  shot: ScreenshotShot,
  locale: Locale,
): Promise<void> {
  // The browser's language picks the UI language, as on a first visit.
  const context =
    shot.formFactor === "narrow"
      ? await phoneContext(browser, baseURL, locale)
      : await desktopContext(browser, baseURL, locale);
  try {
    // No service worker: its first install shows a "Ready to work offline" toast over the page.
    await context.route("**/sw.js", (route) => route.abort());
    await context.addInitScript(([key, market]) => localStorage.setItem(key, market), [
      MARKET_STORAGE_KEY,
      SCREENSHOT_MARKETS[locale],
    ] as const);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: "reduce", colorScheme: "light" });
    await page.goto(shot.path);
    await page.getByTestId("tab-bar").waitFor();
    await settle(page);
    const file = join(outDir, screenshotSrc(shot, locale));
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file, type: "png", animations: "disabled", caret: "hide" });
  } finally {
    await context.close();
  }
}

/** Photographs every shot into outDir, then lists them in the manifests. A failure leaves the
 *  manifests without screenshots (and no stray files): the build itself goes on. */
export async function captureScreenshots(outDir: string): Promise<void> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(`No Chromium at ${CHROMIUM_PATH} (CHROMIUM_PATH): the manifests are built without screenshots.`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), "shopradar-screenshots-"));
  try {
    // A small seeded dataset (its start is quick) and no demo mode, so no Demo badge on the pictures.
    const server = await startServer({
      fromSource: true,
      dataDir,
      env: { STATIC_DIR: outDir, DEMO_MODE: "false", DEMO_DATA_ON_START: "always", DEMO_DATA_SCALE: "0.05" },
    });
    try {
      const browser = await launchBrowser();
      try {
        for (const locale of LOCALES)
          for (const shot of SCREENSHOT_SHOTS) await capture(browser, server.url, outDir, shot, locale);
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } catch (error) {
    rmSync(join(outDir, "screenshots"), { recursive: true, force: true });
    console.warn(`Manifest screenshots failed, the manifests list none: ${(error as Error).message.split("\n")[0]}`);
    return;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  const listed = await writeManifests(outDir);
  console.log(
    `Manifest screenshots: ${listed.length} (${LOCALES.length} languages x ${SCREENSHOT_SHOTS.length} pages)`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  await captureScreenshots(resolve(process.argv[2] ?? "dist"));
}
