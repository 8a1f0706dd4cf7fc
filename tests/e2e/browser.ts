// Launches Debian's Chromium through playwright-core with the flags this network-less machine
// needs (no background connections, which would fail many at a time).
// Contexts start as a visitor who skipped the questionnaire this session: its popup opens 1 s
// after sign-in and would cover other tests' clicks; questionnaire.test.ts opts in.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { QUESTIONNAIRE_DISMISSED_KEY } from "../../src/features/questionnaire/dismissal";

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

/** Marks the questionnaire as skipped in every page's session (what a skip leaves behind). */
async function skipQuestionnaire(context: BrowserContext): Promise<BrowserContext> {
  await context.addInitScript((key) => {
    try {
      sessionStorage.setItem(key, "1");
    } catch {
      // about:blank and other opaque origins have no sessionStorage
    }
  }, QUESTIONNAIRE_DISMISSED_KEY);
  return context;
}

/** A phone-sized context (390x844) in the given locale; `questionnaire: true` lets its popup open. */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  locale = "en-US",
  { questionnaire = false } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, ...PHONE });
  return questionnaire ? context : skipQuestionnaire(context);
}

/** A phone context with a real profile on disk: Chromium only calls an app installable
 *  outside incognito, and every plain context is incognito. Close it when done. Reopening the
 *  same `profile` keeps its service worker and caches; `env` is the browser's environment. */
export async function persistentPhoneContext(
  baseURL: string,
  {
    profile = mkdtempSync(join(tmpdir(), "shopradar-profile-")),
    env,
  }: { profile?: string; env?: Record<string, string> } = {},
): Promise<BrowserContext> {
  return skipQuestionnaire(
    await chromium.launchPersistentContext(profile, {
      ...LAUNCH_OPTIONS,
      baseURL,
      ...PHONE,
      ...(env ? { env: { ...process.env, ...env } } : {}),
    }),
  );
}
