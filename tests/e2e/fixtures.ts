// Shared e2e wiring: one Chromium per test file, phone pages whose contexts close with the test
// (or the file), the base URL of the server started by the global setup, servers of a file's
// own (for tests that move their clock, stop them or set them up otherwise), verification codes
// read from the server's outbox, and translations read from the PO catalogs (so assertions
// follow the catalogs instead of copying their text).
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, phoneContext } from "./browser";
import { startServer, type RunningServer, type StartOptions } from "./server-process";

export const baseURL = inject("baseURL");
export const serverLogFile = inject("serverLogFile");

/** Launches Chromium before the file's tests and closes it after; call at the top level. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("browser not launched yet");
    return browser;
  };
}

/** The server of useOwnServer: the running one (the latest start's; still there once stopped). */
export interface OwnServer {
  (): RunningServer;
  /** Stops it if it runs and starts it again on the same port and data directory (the origin,
   *  so the browser keeps its worker and caches), with the same options. */
  restart: () => Promise<RunningServer>;
}

/** Starts a server of the file's own (or the describe's, called in one) before its tests and
 *  stops it after; a test may stop it itself. `options` may be a function, run in the beforeAll
 *  after the ones registered before this call, for settings made there; one that returns
 *  undefined starts no server. Call it before useBrowser and usePhonePage, so that the pages
 *  and the browser close before the server stops. */
export function useOwnServer(
  options: StartOptions | (() => StartOptions | undefined | Promise<StartOptions | undefined>) = {},
): OwnServer {
  let started: StartOptions | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    started = typeof options === "function" ? await options() : options;
    if (started) server = await startServer(started);
  });
  afterAll(async () => {
    await server?.stop();
  });
  const current = () => {
    if (!server) throw new Error("own server not started");
    return server;
  };
  const restart = async () => {
    const previous = current();
    await previous.stop();
    server = await startServer({ ...started, dataDir: previous.dataDir, port: Number(new URL(previous.url).port) });
    return server;
  };
  return Object.assign(current, { restart });
}

export interface PhonePageOptions {
  /** The server the page opens (the shared e2e server by default); a function where the file
   *  starts its own server in a beforeAll. */
  base?: string | (() => string);
  locale?: string;
  /** Let the questionnaire popup, or the new-registration dialog, open (see phoneContext). */
  questionnaire?: boolean;
  newRegistration?: boolean;
  /** Signed in: the `token` cookie the app reads at start. */
  token?: string;
  /** Readies the new context before its page opens (permissions, init scripts, listeners). */
  prepare?: (context: BrowserContext) => Promise<unknown> | void;
}

/** Opens phone pages (phoneContext, each in a context of its own; `page.context()` reaches it)
 *  and closes their contexts after each test, or with `close: "afterAll"` after the tests of the
 *  file (or of the describe it is called in) for pages they share. Call it after the hooks that
 *  launch the browser and start the server, so that it closes the contexts before they stop.
 *  `defaults` apply to every page; a call's own options override them. */
export function usePhonePage(
  browser: () => Browser,
  { close = "afterEach", ...defaults }: PhonePageOptions & { close?: "afterEach" | "afterAll" } = {},
): (options?: PhonePageOptions) => Promise<Page> {
  const opened: BrowserContext[] = [];
  (close === "afterAll" ? afterAll : afterEach)(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  return async (options = {}) => {
    const { base = baseURL, locale, questionnaire, newRegistration, token, prepare } = { ...defaults, ...options };
    const url = typeof base === "function" ? base() : base;
    const context = await phoneContext(browser(), url, locale, { questionnaire, newRegistration });
    opened.push(context);
    if (token) await context.addCookies([{ name: "token", value: token, url }]);
    await prepare?.(context);
    return context.newPage();
  };
}

interface OutboxMessage {
  to: string;
  text: string;
}

/** The outbox of the server at `base` (the shared e2e server by default). */
async function outbox(loginId: string, base = baseURL): Promise<OutboxMessage[]> {
  const response = await fetch(`${base}/__dev/outbox?to=${encodeURIComponent(loginId)}`);
  return (await response.json()).data;
}

/** The newest verification code sent to loginId, waiting until there are `count` messages;
 *  `base` names a server of the test's own (the shared one by default). */
export async function latestCode(loginId: string, count = 1, base = baseURL): Promise<string> {
  await expect
    .poll(async () => (await outbox(loginId, base)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(count);
  const [newest] = await outbox(loginId, base);
  const code = newest.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code in: ${newest.text}`);
  return code;
}

export async function outboxCount(loginId: string): Promise<number> {
  return (await outbox(loginId)).length;
}

/** msgid -> msgstr of one locale's catalog. */
export function catalog(locale: string): (english: string) => string {
  const po = readFileSync(`locales/${locale}/messages.po`, "utf8");
  const unquote = (text: string) => JSON.parse(`"${text}"`) as string;
  const entries = new Map<string, string>();
  for (const match of po.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    entries.set(unquote(match[1]), unquote(match[2]));
  }
  return (english) => {
    const translated = entries.get(english);
    if (!translated) throw new Error(`no ${locale} translation for "${english}"`);
    return translated;
  };
}
