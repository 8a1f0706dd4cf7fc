// Lazy page timing: placeholder only after 200 ms, time-out after 60 s, a rejected
// import becomes a ChunkLoadError, late or repeated loads are served from the cache.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  ChunkLoadError,
  initialPageLoadState,
  PAGE_TIMEOUT_MS,
  PageTimeoutError,
  PLACEHOLDER_DELAY_MS,
  preloadPage,
  trackPageLoad,
  type PageLoadState,
} from "../../../src/routing/page-loader";
import type { PageLoader } from "../../../src/routing/routes";

const Page = () => null;

/** A loader the test settles by hand. */
function deferredLoader() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const load = vi.fn<PageLoader>(
    () =>
      new Promise((res, rej) => {
        resolve = () => res({ default: Page });
        reject = rej;
      }),
  );
  return { load, resolve: () => resolve(), reject: (error: Error) => reject(error) };
}

let states: PageLoadState["status"][];
const record = (state: PageLoadState) => states.push(state.status);

beforeEach(() => {
  vi.useFakeTimers();
  states = [];
});

afterEach(() => {
  vi.useRealTimers();
});

test("a fast page never shows the placeholder", async () => {
  const { load, resolve } = deferredLoader();
  trackPageLoad(load, record);
  await vi.advanceTimersByTimeAsync(PLACEHOLDER_DELAY_MS - 1);
  resolve();
  await vi.advanceTimersByTimeAsync(PAGE_TIMEOUT_MS);
  expect(states).toEqual(["ready"]);
});

test("a slow page shows the placeholder at 200 ms, then the page", async () => {
  const { load, resolve } = deferredLoader();
  trackPageLoad(load, record);
  await vi.advanceTimersByTimeAsync(PLACEHOLDER_DELAY_MS - 1);
  expect(states).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  expect(states).toEqual(["slow"]);
  resolve();
  await vi.advanceTimersByTimeAsync(0);
  expect(states).toEqual(["slow", "ready"]);
});

test("a page still missing after 60 s times out; arriving later it is cached for the retry", async () => {
  const { load, resolve } = deferredLoader();
  let last: PageLoadState | undefined;
  trackPageLoad(load, (state) => {
    record(state);
    last = state;
  });
  await vi.advanceTimersByTimeAsync(PAGE_TIMEOUT_MS - 1);
  expect(states).toEqual(["slow"]);
  await vi.advanceTimersByTimeAsync(1);
  expect(states).toEqual(["slow", "failed"]);
  expect(last).toMatchObject({ status: "failed", error: expect.any(PageTimeoutError) });
  resolve();
  await vi.advanceTimersByTimeAsync(0);
  expect(states).toEqual(["slow", "failed"]);
  expect(initialPageLoadState(load)).toMatchObject({ status: "ready" });
});

test("a rejected import is a ChunkLoadError; a retry imports again", async () => {
  const failing = deferredLoader();
  let last: PageLoadState | undefined;
  trackPageLoad(failing.load, (state) => (last = state));
  failing.reject(new TypeError("Failed to fetch dynamically imported module"));
  await vi.advanceTimersByTimeAsync(0);
  expect(last?.status).toBe("failed");
  const error = last?.status === "failed" ? last.error : undefined;
  expect(error).toBeInstanceOf(ChunkLoadError);
  expect(error?.name).toBe("ChunkLoadError");
  expect(initialPageLoadState(failing.load)).toEqual({ status: "waiting" });

  trackPageLoad(failing.load, (state) => (last = state));
  expect(failing.load).toHaveBeenCalledTimes(2);
  failing.resolve();
  await vi.advanceTimersByTimeAsync(0);
  expect(last?.status).toBe("ready");
});

test("cancelling stops every report", async () => {
  const { load, resolve } = deferredLoader();
  const cancel = trackPageLoad(load, record);
  cancel();
  resolve();
  await vi.advanceTimersByTimeAsync(PAGE_TIMEOUT_MS);
  expect(states).toEqual([]);
});

test("timings are configurable", async () => {
  const { load } = deferredLoader();
  trackPageLoad(load, record, { delayMs: 10, timeoutMs: 50 });
  await vi.advanceTimersByTimeAsync(50);
  expect(states).toEqual(["slow", "failed"]);
});

test("a page preloaded at boot renders at once; a failed preload is left to the normal load", async () => {
  const { load, resolve } = deferredLoader();
  const preload = preloadPage(load);
  expect(initialPageLoadState(load).status).toBe("waiting");
  resolve();
  await preload;
  expect(initialPageLoadState(load).status).toBe("ready");

  const failing = deferredLoader();
  const failed = preloadPage(failing.load);
  failing.reject(new Error("offline"));
  await expect(failed).resolves.toBeUndefined();
  expect(initialPageLoadState(failing.load).status).toBe("waiting");
});
