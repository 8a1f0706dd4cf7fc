// Launches Debian's Chromium through playwright-core with the flags this network-less machine
// needs (no background connections, which would fail many at a time).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const LAUNCH_OPTIONS = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/** A phone-sized context (390x844) in the given locale. */
export async function phoneContext(browser: Browser, baseURL: string, locale = "en-US"): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale, ...PHONE });
}

/** A phone context with a real profile on disk: Chromium only calls an app installable
 *  outside incognito, and every plain context is incognito. Close it when done. */
export async function persistentPhoneContext(baseURL: string): Promise<BrowserContext> {
  const profile = mkdtempSync(join(tmpdir(), "shopradar-profile-"));
  return chromium.launchPersistentContext(profile, { ...LAUNCH_OPTIONS, baseURL, ...PHONE });
}
