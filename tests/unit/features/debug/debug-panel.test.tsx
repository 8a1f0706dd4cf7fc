// The debug panel (spec §9): the host rule (test and localhost only), the API client's ring
// buffer of the last 30 calls with query values left out, and the panel's sections (version,
// the worker's caches with their ages, the tracking outbox, the last calls with their codes)
// found by role and name; "Clear caches" asks the worker to empty the data caches; "Force
// update" lets a waiting worker take over and reloads once it controls the page.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { isDebugHost } from "../../../../contract/debug-host";
import { DEBUG_CACHES, type PageToWorkerMessage } from "../../../../contract/sw-messages";
import { api } from "../../../../src/api/client";
import { CALL_LOG_SIZE, recentApiCalls, recordApiCall, redactedPath } from "../../../../src/api/call-log";
import DebugPanel from "../../../../src/features/debug/DebugPanel";
import { forceUpdate } from "../../../../src/features/debug/force-update";
import { addToOutbox, resetTrackingOutboxStore } from "../../../../src/features/tracking/outbox";
import { APP_VERSION } from "../../../../src/lib/version";
import { setUpDataTests, type View } from "../../helpers/data-tests";
import { allByRole, click, pressKey, waitFor } from "../../helpers/render-app";

const asked: PageToWorkerMessage[] = [];
vi.mock("../../../../src/lib/sw-messages", () => ({
  askWorker: (message: PageToWorkerMessage) => {
    asked.push(message);
    const now = Date.now();
    const data = [{ name: "shopradar-rank-anon-v1", entries: 3, oldestAt: now - 3 * 3600_000, newestAt: now - 90_000 }];
    const clear = message.type === DEBUG_CACHES && message.clear;
    return Promise.resolve({
      type: DEBUG_CACHES,
      caches: [...(clear ? [] : data), { name: "workbox-precache-v2", entries: 140, oldestAt: null, newestAt: null }],
    });
  },
}));

const { mount } = await setUpDataTests();
let view: View;

beforeEach(() => {
  asked.length = 0;
  globalThis.indexedDB = new IDBFactory();
  resetTrackingOutboxStore();
});

describe("where it shows", () => {
  test("hosts containing test or localhost only", () => {
    for (const host of ["localhost", "LOCALHOST", "app.test.shopradar.com", "shopradar-test.example.org"])
      expect(isDebugHost(host)).toBe(true);
    for (const host of ["127.0.0.1", "app.shopradar.com", "shopradar.com", ""]) expect(isDebugHost(host)).toBe(false);
  });
});

describe("the API client's ring buffer", () => {
  test("keeps query keys, never their values", () => {
    expect(redactedPath("/api/v1/search/goods", { keyword: "anna@example.com", page: 1, country: undefined })).toBe(
      "/api/v1/search/goods?keyword=…&page=…",
    );
    expect(redactedPath("/v1/user/x?login_id=0912345678")).toBe("/v1/user/x?login_id=…");
    expect(redactedPath("/api/v1/home")).toBe("/api/v1/home");
  });

  test(`keeps the newest ${CALL_LOG_SIZE}, newest first`, () => {
    for (let index = 0; index < CALL_LOG_SIZE + 5; index++)
      recordApiCall({ method: "GET", path: `/p/${index}`, status: 200, code: 0, durationMs: 1, at: index });
    const calls = recentApiCalls();
    expect(calls).toHaveLength(CALL_LOG_SIZE);
    expect(calls[0].path).toBe(`/p/${CALL_LOG_SIZE + 4}`);
    expect(calls.at(-1)!.path).toBe("/p/5");
  });

  test("the client records status, envelope code and duration of each call", async () => {
    await api("/api/v1/home", { query: { country: "VN" } });
    await api("/api/v1/nowhere", { silent: true }).catch(() => undefined);
    const [failed, home] = recentApiCalls();
    expect(home).toMatchObject({ method: "GET", path: "/api/v1/home?country=…", status: 200, code: 0 });
    expect(failed).toMatchObject({ method: "GET", path: "/api/v1/nowhere", status: 404, code: 404 });
    expect(home.durationMs).toBeGreaterThanOrEqual(0);
  });
});

describe("the panel", () => {
  test("shows the version, the caches with their ages, the outbox and the last calls", async () => {
    await addToOutbox({
      action: { id: "e1", event: "page_view", page_name: "rank", at: Date.now() - 2 * 3600_000 } as never,
      systemId: 14,
    });
    await api("/api/v1/home", { query: { country: "TH" } });
    view = await mount(<DebugPanel onClose={() => undefined} />);
    const dialog = view.byRole("dialog", { name: "Debug panel" });
    expect(dialog.textContent).toContain(`Version ${APP_VERSION}`);

    const caches = await waitFor(() => view.byRole("table", { name: "Caches" }));
    const cacheRow = allByRole(caches, "row").find((row) => row.textContent.includes("shopradar-rank-anon-v1"))!;
    expect(cacheRow.textContent).toContain("3");
    expect(cacheRow.textContent).toContain("3 hours ago");
    expect(view.byRole("heading", { name: "Service worker caches" })).not.toBeNull();

    expect(view.byRole("heading", { name: "Tracking outbox" })).not.toBeNull();
    const waiting = view.byRole("list", { name: "Waiting events" });
    expect(waiting.textContent).toContain("page_view");
    expect(waiting.textContent).toContain("2 hours ago");

    const calls = view.byRole("table", { name: "Last API calls" });
    const callRow = allByRole(calls, "row").find((row) => row.textContent.includes("/api/v1/home?country=…"))!;
    expect([...callRow.children].map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining(["GET", "/api/v1/home?country=…", "200", "0"]),
    );
    expect(calls.textContent).not.toContain("TH");
    expect(asked).toEqual([{ type: DEBUG_CACHES, clear: false }]);
  });

  test("Clear caches asks the worker to empty the data caches and shows what is left; Escape closes", async () => {
    const onClose = vi.fn();
    view = await mount(<DebugPanel onClose={onClose} />);
    await waitFor(() => view.byRole("table", { name: "Caches" }));
    await click(view.byRole("button", { name: "Clear caches" }));
    await waitFor(() => view.byRole("status")?.textContent === "Data caches cleared.");
    expect(asked.at(-1)).toEqual({ type: DEBUG_CACHES, clear: true });
    expect(view.byRole("table", { name: "Caches" }).textContent).not.toContain("shopradar-rank-anon-v1");
    expect(view.byRole("button", { name: "Force update" })).not.toBeNull();
    await pressKey(view.byRole("heading", { name: "Debug panel" }), "Escape");
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe("Force update", () => {
  const fakeContainer = (waiting: { postMessage: (message: unknown) => void } | null) => {
    const events = new EventTarget();
    const registration = { update: vi.fn(() => Promise.resolve()), waiting, installing: null };
    const container = {
      getRegistration: () => Promise.resolve(registration),
      addEventListener: events.addEventListener.bind(events),
    } as unknown as ServiceWorkerContainer;
    return { container, registration, events };
  };

  test("a waiting version is told to take over, and the page reloads when it controls it", async () => {
    const posted: unknown[] = [];
    const { container, registration, events } = fakeContainer({ postMessage: (message) => posted.push(message) });
    const reload = vi.fn();
    expect(await forceUpdate(container, reload)).toBe("reloading");
    expect(registration.update).toHaveBeenCalledOnce();
    expect(posted).toEqual([{ type: "SKIP_WAITING" }]);
    expect(reload).not.toHaveBeenCalled();
    events.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledOnce();
  });

  test("without a newer version nothing reloads", async () => {
    const { container, registration } = fakeContainer(null);
    const reload = vi.fn();
    expect(await forceUpdate(container, reload)).toBe("current");
    expect(registration.update).toHaveBeenCalledOnce();
    expect(await forceUpdate(undefined, reload)).toBe("unavailable");
    expect(reload).not.toHaveBeenCalled();
  });
});
