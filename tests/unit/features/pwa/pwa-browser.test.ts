// The browser-facing PWA bits: saved-data size and clearing, the iOS hint's detection, the
// periodic update checks and the app badge.
import { afterEach, describe, expect, test, vi } from "vitest";
import { clearSavedData, formatBytes, savedDataSize } from "../../../../src/features/pwa/saved-data";
import { isIosSafari } from "../../../../src/features/pwa/ios-install";
import { keepServiceWorkerUpdated, UPDATE_INTERVAL_MS } from "../../../../src/features/pwa/periodic-update";
import { showUnreadBadge } from "../../../../src/features/pwa/app-badge";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

afterEach(() => vi.useRealTimers());

describe("saved data", () => {
  test("formats sizes for people", () => {
    expect(formatBytes(512, "en")).toBe("512 B");
    expect(formatBytes(1536, "en")).toBe("1.5 KB");
    expect(formatBytes(3.25 * 1024 * 1024, "en")).toBe("3.3 MB");
  });

  test("reads the estimate, or null without one", async () => {
    const nav = { storage: { estimate: () => Promise.resolve({ usage: 2048 }) } } as unknown as Navigator;
    expect(await savedDataSize(nav)).toBe(2048);
    expect(await savedDataSize({} as Navigator)).toBeNull();
  });

  test("clears the app's caches and IndexedDB databases, not the precache", async () => {
    const deleted: string[] = [];
    const deletedDbs: string[] = [];
    const win = {
      caches: {
        keys: () => Promise.resolve(["shopradar-rank-anon-v1", "workbox-precache-v2-x", "shopradar-images-v1"]),
        delete: (name: string) => Promise.resolve(deleted.push(name) > 0),
      },
      indexedDB: {
        databases: () => Promise.resolve([{ name: "shopradar-tracking" }]),
        deleteDatabase: (name: string) => {
          deletedDbs.push(name);
          const request = {} as IDBOpenDBRequest;
          setTimeout(() => request.onsuccess?.(new Event("success")));
          return request;
        },
      },
    } as unknown as Window;
    await clearSavedData(win);
    expect(deleted).toEqual(["shopradar-rank-anon-v1", "shopradar-images-v1"]);
    expect(deletedDbs).toEqual(["shopradar-tracking"]);
  });
});

describe("iOS install hint", () => {
  test("iPhone Safari only", () => {
    expect(isIosSafari({ userAgent: IPHONE, maxTouchPoints: 5 } as Navigator)).toBe(true);
    expect(
      isIosSafari({ userAgent: IPHONE.replace("Version/17.4", "CriOS/120"), maxTouchPoints: 5 } as Navigator),
    ).toBe(false);
    expect(
      isIosSafari({
        userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/120 Safari/537.36",
        maxTouchPoints: 5,
      } as Navigator),
    ).toBe(false);
  });
});

describe("periodic update", () => {
  test("checks on focus (at most once a minute) and every few hours", () => {
    vi.useFakeTimers();
    const update = vi.fn(() => Promise.resolve());
    const stop = keepServiceWorkerUpdated({ update } as unknown as ServiceWorkerRegistration);
    window.dispatchEvent(new Event("focus"));
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(61_000);
    window.dispatchEvent(new Event("focus"));
    expect(update).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(UPDATE_INTERVAL_MS);
    window.dispatchEvent(new Event("focus"));
    expect(update).toHaveBeenCalledTimes(2);
  });
});

describe("app badge", () => {
  test("shows the unread count and clears it at zero", () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    showUnreadBadge(3, nav as unknown as Navigator);
    expect(nav.setAppBadge).toHaveBeenCalledWith(3);
    showUnreadBadge(0, nav as unknown as Navigator);
    expect(nav.clearAppBadge).toHaveBeenCalled();
    expect(() => showUnreadBadge(2, {} as Navigator)).not.toThrow();
  });
});
