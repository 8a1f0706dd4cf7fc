// Tracking in the browser: every field of an event, the device id cookie
// and the reused session id, 'need init first!' before init, page views on history changes,
// clicks and scrolls throttled to one per 3000 ms, all written to the IndexedDB outbox; error
// reports go there too, without user, URL or referer.
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { readOutbox, resetTrackingOutboxStore } from "../../../../src/features/tracking/outbox";
import { setLocale } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { createThrottle, TRACKING_THROTTLE_MS } from "../../../../src/features/tracking/throttle";
import { installTrackingListeners } from "../../../../src/features/tracking/listeners";
import { DEVICE_ID_COOKIE, SESSION_ID_KEY } from "../../../../src/features/tracking/ids";
import {
  createAction,
  initTracking,
  NEED_INIT_MESSAGE,
  resetTracking,
  track,
  trackAnonymous,
} from "../../../../src/features/tracking/tracker";
import { getCookie } from "../../../../src/platform/cookies";

let stopListeners: (() => void) | undefined;

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  resetTrackingOutboxStore();
  resetTracking();
  sessionStorage.clear();
  document.cookie = `${DEVICE_ID_COOKIE}=; max-age=0; path=/`;
  history.replaceState(null, "", "/");
  Object.assign(userState, { userId: null, channelId: "" });
  setLocale("en");
});

afterEach(() => {
  stopListeners?.();
  stopListeners = undefined;
  vi.restoreAllMocks();
});

const events = async () => (await readOutbox()).map((record) => record.action);

describe("events", () => {
  test("carry every field of the spec, with json_str naming H5 and the app language", async () => {
    history.replaceState(null, "", "/rank?cid=7&mid=spring-sale&scene=ic%3Dabc");
    Object.defineProperty(navigator, "connection", { configurable: true, value: { effectiveType: "3g" } });
    userState.userId = 42;
    userState.channelId = "7";
    setLocale("vi");
    initTracking();
    const action = createAction("page_view");
    expect(Object.keys(action).sort()).toEqual(
      [
        "at",
        "browser_info",
        "channel_id",
        "device_id",
        "device_info",
        "event",
        "id",
        "json_str",
        "language",
        "marketing_id",
        "net_type",
        "page_name",
        "page_url",
        "referer",
        "scene",
        "session_id",
        "user_id",
      ].sort(),
    );
    expect(action).toMatchObject({
      event: "page_view",
      page_name: "rank",
      page_url: "http://localhost:3000/rank?cid=7&mid=spring-sale&scene=ic%3Dabc",
      channel_id: 7,
      marketing_id: "spring-sale",
      scene: "ic=abc",
      user_id: "42",
      net_type: "3g",
      language: navigator.language,
      browser_info: navigator.userAgent,
    });
    expect(action.id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(action.device_info).toMatch(/; (mobile|desktop); \d+x\d+@/);
    expect(JSON.parse(action.json_str)).toEqual({ business_side: "H5", app_lang: "vi" });
    expect(Math.abs(action.at - Date.now())).toBeLessThan(5000);
    // @ts-expect-error test clean-up of the property defined above
    delete navigator.connection;
  });

  test("the device id lives in its cookie; the session id is stored and reused; each event has its own id", () => {
    initTracking();
    const first = createAction("click");
    const second = createAction("click");
    expect(getCookie(DEVICE_ID_COOKIE)).toBe(first.device_id);
    expect(second.device_id).toBe(first.device_id);
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBe(first.session_id);
    expect(second.session_id).toBe(first.session_id);
    expect(second.id).not.toBe(first.id);
    // A new browser session keeps the device but starts a new session.
    sessionStorage.clear();
    const later = createAction("click");
    expect(later.device_id).toBe(first.device_id);
    expect(later.session_id).not.toBe(first.session_id);
  });

  test("the landing's marketing id stays with the session's later pages; visitors send no user id", () => {
    history.replaceState(null, "", "/?mid=m-9");
    initTracking();
    history.pushState(null, "", "/rank");
    const action = createAction("page_view");
    expect(action.marketing_id).toBe("m-9");
    expect(action.user_id).toBe("");
    expect(action.channel_id).toBe(1); // the default channel
  });

  test("net_type says offline when the browser is offline", () => {
    initTracking();
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    expect(createAction("click").net_type).toBe("offline");
    onLine.mockRestore();
  });
});

describe("init", () => {
  test("a call before init logs 'need init first!' and stores nothing", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await track("click")).toBe(false);
    expect(log).toHaveBeenCalledWith(NEED_INIT_MESSAGE);
    expect(NEED_INIT_MESSAGE).toBe("need init first!");
    expect(await events()).toEqual([]);
    initTracking();
    expect(await track("click")).toBe(true);
    expect((await events()).map((action) => action.event)).toEqual(["click"]);
  });
});

describe("automatic events", () => {
  test("a page view when the app opens and on every history change to a new URL", async () => {
    initTracking();
    stopListeners = installTrackingListeners();
    history.pushState(null, "", "/rank");
    history.replaceState(null, "", "/rank"); // same URL: no new view
    history.pushState(null, "", "/pages/tab/user/user");
    history.back();
    await vi.waitFor(async () => expect((await events()).length).toBe(4));
    const views = await events();
    expect(views.every((action) => action.event === "page_view")).toBe(true);
    expect(views.map((action) => action.page_name)).toEqual(["index", "rank", "user", "rank"]);
    // Each view's referer is the page before it.
    expect(views[1].referer).toBe(views[0].page_url);
    expect(views[2].referer).toBe(views[1].page_url);
  });

  test("clicks and scrolls pass at most once per 3000 ms each", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    initTracking();
    stopListeners = installTrackingListeners();
    const button = document.createElement("button");
    button.dataset.track = "buy";
    const plain = document.createElement("span");
    document.body.append(button, plain);
    plain.click(); // not a tracked target
    button.click();
    button.click();
    document.dispatchEvent(new Event("scroll"));
    document.dispatchEvent(new Event("scroll"));
    now += TRACKING_THROTTLE_MS - 1;
    button.click();
    document.dispatchEvent(new Event("scroll"));
    now += 1;
    button.click();
    document.dispatchEvent(new Event("scroll"));
    await vi.waitFor(async () => expect((await events()).length).toBe(5));
    const kinds = (await events()).map((action) => action.event).sort();
    expect(kinds).toEqual(["click", "click", "page_view", "scroll", "scroll"]);
    const click = (await events()).find((action) => action.event === "click")!;
    expect(JSON.parse(click.json_str)).toMatchObject({ target: "buy", business_side: "H5" });
    button.remove();
    plain.remove();
  });

  test("the throttle gate: one pass per window, measured from the last pass", () => {
    const gate = createThrottle(3000);
    expect([0, 1000, 2999, 3000, 5999, 6000].map((t) => gate.pass(t))).toEqual([true, false, false, true, false, true]);
  });
});

describe("error reports", () => {
  test("go into the outbox as client_error events without user id, URL or referer", async () => {
    history.replaceState(null, "", "/rank?keyword=private");
    userState.userId = 42;
    const report = {
      kind: "boundary",
      release: "0.1.0",
      route: "rank",
      name: "Error",
      message: "boom",
      stack: "at x",
    } as const;
    expect(await trackAnonymous("client_error", report)).toBe(false);
    initTracking();
    expect(await trackAnonymous("client_error", report)).toBe(true);
    const [event] = await events();
    expect(event).toMatchObject({ event: "client_error", user_id: "", page_url: "", referer: "" });
    expect(JSON.parse(event.json_str)).toMatchObject(report);
  });
});
