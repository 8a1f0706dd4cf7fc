// Launches Debian's Chromium through playwright-core with the flags this network-less machine
// needs (no background connections, which would fail many at a time).
import { chromium, type Browser, type BrowserContext } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
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
  });
}

/** A phone-sized context (390x844) in the given locale. */
export async function phoneContext(browser: Browser, baseURL: string, locale = "en-US"): Promise<BrowserContext> {
  return browser.newContext({ baseURL, locale, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
}
