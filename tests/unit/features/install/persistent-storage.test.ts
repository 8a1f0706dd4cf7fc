// Persistent storage: asked for once the app runs installed, never in a browser tab,
// and only once (remembered in localStorage).
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  isInstalled,
  PERSIST_ASKED_KEY,
  requestPersistentStorage,
} from "../../../../src/features/install/persistent-storage";

let standalone = false;
let persist: ReturnType<typeof vi.fn>;

beforeEach(() => {
  localStorage.clear();
  standalone = false;
  persist = vi.fn(async () => true);
  vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) => ({ matches: query === "(display-mode: standalone)" && standalone }) as MediaQueryList,
  );
  Object.defineProperty(navigator, "storage", { configurable: true, value: { persist } });
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { storage?: unknown }).storage;
});

describe("persistent storage", () => {
  test("not asked in a browser tab", async () => {
    expect(isInstalled()).toBe(false);
    expect(await requestPersistentStorage()).toBe(false);
    expect(persist).not.toHaveBeenCalled();
  });

  test("asked once when installed, and remembered", async () => {
    standalone = true;
    expect(await requestPersistentStorage()).toBe(true);
    expect(await requestPersistentStorage()).toBe(false);
    expect(persist).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PERSIST_ASKED_KEY)).toBeTruthy();
  });

  test("iOS's navigator.standalone counts as installed", () => {
    Object.defineProperty(navigator, "standalone", { configurable: true, value: true });
    expect(isInstalled()).toBe(true);
    delete (navigator as { standalone?: boolean }).standalone;
  });
});
