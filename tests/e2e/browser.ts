// Launches Debian's Chromium through playwright-core with the flags this network-less machine
// needs (no background connections, which would fail many at a time).
// Contexts start as a visitor who skipped the questionnaire this session: its popup opens 1 s
// after sign-in and would cover other tests' clicks; questionnaire.test.ts opts in. Likewise the
// new-registration dialog (after a sign-up) starts dismissed; activities.test.ts opts in.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { NEW_REGISTRATION_DISMISSED_KEY } from "../../src/features/new-user/dismissal";
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

/** Marks popups as closed in every page's session (what a close leaves behind). */
async function dismissInSession(context: BrowserContext, keys: string[]): Promise<BrowserContext> {
  if (keys.length === 0) return context;
  await context.addInitScript((dismissed) => {
    try {
      for (const key of dismissed) sessionStorage.setItem(key, "1");
    } catch {
      // about:blank and other opaque origins have no sessionStorage
    }
  }, keys);
  return context;
}

const skipQuestionnaire = (context: BrowserContext) =>
  dismissInSession(context, [QUESTIONNAIRE_DISMISSED_KEY, NEW_REGISTRATION_DISMISSED_KEY]);

/** A phone-sized context (390x844) in the given locale; `questionnaire: true` lets its popup open,
 *  `newRegistration: true` the new-registration dialog. */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  locale = "en-US",
  { questionnaire = false, newRegistration = false } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale, ...PHONE });
  return dismissInSession(context, [
    ...(questionnaire ? [] : [QUESTIONNAIRE_DISMISSED_KEY]),
    ...(newRegistration ? [] : [NEW_REGISTRATION_DISMISSED_KEY]),
  ]);
}

/** A desktop-sized context (1280x800, mouse and keyboard) in the given locale, questionnaire and
 *  new-registration dialog dismissed. */
export async function desktopContext(browser: Browser, baseURL: string, locale = "en-US"): Promise<BrowserContext> {
  return skipQuestionnaire(await browser.newContext({ baseURL, locale, viewport: { width: 1280, height: 800 } }));
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
