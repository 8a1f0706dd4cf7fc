// What the browser benches share: a throttled mid-range phone (390x844 touch screen, 150 ms
// RTT, 1.6 Mbps down, 4x CPU, service worker blocked; CPU_RATE=6 emulates a slower phone, or
// this run on a faster host than usual: the slow-down is relative to the host's CPU), a one-page HTTP server for the static
// baseline each bench measures in the same run, and the server under test (a running one given
// by BENCH_URL, or the product started as `npm start` does, building when stale).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { ensureBuild } from "../scripts/build-state";
import { startServer } from "../tests/e2e/server-process";

/** The phone's CPU slow-down against this host (the phone: 4). */
export const CPU_SLOWDOWN = Number(process.env.CPU_RATE ?? 4);
export const THROTTLING = `150 ms RTT, 1.6 Mbps down, ${CPU_SLOWDOWN}x CPU`;

export interface Phone {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** Turns the CPU slow-down on (rate CPU_SLOWDOWN) or off (rate 1). */
  cpu: (rate: number) => Promise<void>;
}

/** The phone's network and CPU for one page's DevTools session. */
export async function throttle(cdp: CDPSession, cpu = CPU_SLOWDOWN): Promise<void> {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
}

export async function throttledPhone(browser: Browser, { cpu = CPU_SLOWDOWN } = {}): Promise<Phone> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp, cpu);
  const setCpu = (rate: number) => cdp.send("Emulation.setCPUThrottlingRate", { rate }).then(() => undefined);
  return { context, page, cdp, cpu: setCpu };
}

/** Serves one HTML page on a free loopback port. */
export async function serveStatic(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, response) =>
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** The server under test: BENCH_URL when set (it serves its own build), else a fresh one. */
export async function serverUnderTest(): Promise<{ url: string; stop: () => Promise<unknown> }> {
  if (process.env.BENCH_URL) return { url: process.env.BENCH_URL, stop: async () => undefined };
  ensureBuild("dist");
  return startServer();
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
