// The first-month discount drawer (spec §4) through its launcher, against a real local HTTP
// server and fake timers: eligibility (signed in, overseas, plan loaded and none), polling
// every 8 s that stops on an error or a non-zero code, nothing shown without a discount, full
// size once a day per user (drawer-visible-{userId}) then the mini badge, collapsing after 5 s
// (not while focus is inside), on Close (or Escape) and when the countdown ends, closing the badge hiding
// everything for the day (discount-show-date-{userId}, countdown cookies cleared, polling
// stopped), Buy now to checkout with the discount, and the impression and click events.
import { act } from "react";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { apiConfig, configureApi, type ApiClientConfig } from "../../../../src/api/client";
import { DiscountDrawerLauncher } from "../../../../src/features/discount-drawer/DiscountDrawerLauncher";
import { track } from "../../../../src/features/tracking/tracker";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { getCookie, removeCookie, setCookie } from "../../../../src/platform/cookies";
import { activityState } from "../../../../src/state/activity";
import { setLocale, systemState } from "../../../../src/state/system";
import { userState } from "../../../../src/state/user";
import { sendJson, startTestServer, type TestServer } from "../../helpers/test-server";
import { click, pressKey, renderUi } from "../../helpers/render-app";

vi.mock("../../../../src/features/tracking/tracker", () => ({ track: vi.fn(() => Promise.resolve(true)) }));

const LIST_PATH = "/v1/user/charge/marketing/list/pay-discounts";
const USER_ID = 7;
const TODAY = "2025-05-10";
const NOON = new Date(2025, 4, 10, 12, 0, 0).getTime();

const basic99 = {
  marketing_id: 1001,
  group_num: 1,
  code: "Basic9.9",
  marketing_type: 5,
  plan: "basic",
  months: 1,
  cycle_unit: "m",
  actual_amount: 9.9,
  original_amount: 19.9,
  percent_off: 50,
  rule_desc: "50% off",
  usable: true,
  usable_end_time: null,
  received: false,
};

type Reply = [number, unknown];
let reply: () => Reply;
let server: TestServer;
let original: ApiClientConfig;
let view: Awaited<ReturnType<typeof renderUi>> | undefined;

const listed = (...items: unknown[]): Reply => [200, { code: 0, msg: "success", data: items }];
const polls = () => server.requests.filter((request) => request.path === LIST_PATH).length;

beforeAll(async () => {
  await applyLocale("en");
  server = await startTestServer((_request, response) => {
    const [status, body] = reply();
    sendJson(response, status, body);
  });
  original = { ...apiConfig };
  configureApi({
    baseURL: server.url,
    context: {
      locale: () => systemState.locale,
      systemId: () => systemState.systemId,
      token: () => userState.token || undefined,
    },
  });
});
afterAll(async () => {
  configureApi(original);
  await server.close();
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(NOON);
  server.requests.splice(0);
  reply = () => listed(basic99);
  vi.mocked(track).mockClear();
  for (const name of document.cookie.split("; ").map((part) => part.split("=")[0]))
    if (name) removeCookie(decodeURIComponent(name));
  setLocale("en");
  Object.assign(userState, { token: "tok-free", userId: USER_ID });
  Object.assign(activityState, { currentCombo: null, comboLoaded: true });
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.useRealTimers();
});

async function until<T>(check: () => T | null | undefined | false): Promise<T> {
  const deadline = performance.now() + 3_000;
  for (;;) {
    const value = check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error("until: timed out");
    await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  }
}

/** Lets answers in flight arrive (and the lazy chunk load) without moving time. */
async function settle(): Promise<void> {
  for (let turn = 0; turn < 30; turn += 1) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
}

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const drawer = () => view!.byRole("dialog", { name: "First-month discount" });
const badge = () => view!.byRole("region", { name: "First-month discount" });
const button = (name: string) => view!.byRole("button", { name });

async function open(path = "/rank") {
  view = await renderUi(<DiscountDrawerLauncher />, path);
}

const events = () =>
  vi.mocked(track).mock.calls.map(([event, details]) => `${event}:${String(details?.view ?? details?.target)}`);

describe("who gets it", () => {
  test.each([
    ["signed out", () => Object.assign(userState, { token: "" })],
    ["the Chinese edition", () => setLocale("zh")],
    ["plan not loaded yet", () => Object.assign(activityState, { comboLoaded: false })],
    ["a member", () => Object.assign(activityState, { currentCombo: { id: 3 } })],
  ])("nothing is asked or shown for %s", async (_case, arrange) => {
    arrange();
    await open();
    await settle();
    await elapse(20_000);
    expect(polls()).toBe(0);
    expect(drawer()).toBeNull();
    expect(badge()).toBeNull();
  });

  test("not on checkout; a signed-in overseas user without a plan gets the drawer elsewhere", async () => {
    await open("/checkout");
    await settle();
    expect(polls()).toBe(0);
    await view!.unmount();
    await open("/rank");
    await until(drawer);
    expect(polls()).toBe(1);
    expect(server.requests[0].query.get("marketing_type")).toBe("5");
    expect(server.requests[0].headers.authorization).toBe("tok-free");
  });
});

describe("polling", () => {
  test("asks every 8 s while eligible and stops when the user gets a plan", async () => {
    reply = () => listed();
    await open();
    await until(() => polls() === 1);
    await settle();
    await elapse(7_999);
    expect(polls()).toBe(1);
    await elapse(1);
    await until(() => polls() === 2);
    await settle();
    await elapse(8_000);
    await until(() => polls() === 3);
    await settle();
    await act(async () => {
      activityState.currentCombo = { id: 9 };
    });
    await elapse(30_000);
    await settle();
    expect(polls()).toBe(3);
  });

  test.each([
    ["an error", (): Reply => [500, { code: 500, msg: "boom", data: null }]],
    ["a non-zero code", (): Reply => [200, { code: 71001, msg: "Discount not found", data: null }]],
  ])("stops for good on %s, silently", async (_case, failing) => {
    reply = failing;
    await open();
    await until(() => polls() === 1);
    await settle();
    await elapse(40_000);
    await settle();
    expect(polls()).toBe(1);
    expect(systemState.toasts).toHaveLength(0);
    expect(drawer()).toBeNull();
  });

  test("nothing is shown while there is no usable discount; the drawer opens when one appears", async () => {
    reply = () => listed({ ...basic99, usable: false });
    await open();
    await until(() => polls() === 1);
    await settle();
    expect(drawer()).toBeNull();
    expect(badge()).toBeNull();
    expect(getCookie(`drawer-visible-${USER_ID}`)).toBeUndefined();
    reply = () => listed(basic99);
    await elapse(8_000);
    await until(drawer);
    expect(getCookie(`drawer-visible-${USER_ID}`)).toBe(TODAY);
  });
});

describe("full size once a day, then the badge", () => {
  test("the drawer shows the discount, collapses to the badge after 5 s, and is only a badge later that day", async () => {
    await open();
    await until(drawer);
    expect(drawer().getAttribute("aria-modal")).toBe("false");
    expect(view!.byTestId("discount-drawer-price")!.textContent).toBe("US$9.90");
    expect(view!.byTestId("discount-drawer-original")!.textContent).toBe("US$19.90");
    expect(view!.byTestId("discount-drawer-percent")!.textContent).toBe("50% off");
    expect(drawer().textContent).toContain("Basic · Monthly");
    expect(view!.byRole("timer", { name: "Offer ends in" }).textContent).toBe("10:00");
    expect(getCookie(`drawer-visible-${USER_ID}`)).toBe(TODAY);
    expect(document.querySelector(".popup")).toBeNull();

    await elapse(4_999);
    expect(drawer()).not.toBeNull();
    await elapse(1);
    expect(drawer()).toBeNull();
    expect(badge()).not.toBeNull();
    expect(button("Show discount")).not.toBeNull();
    expect(events()).toEqual(["discount_impression:drawer", "discount_impression:badge"]);
    expect(vi.mocked(track).mock.calls[0][1]).toMatchObject({ marketing_id: 1001, group_num: 1, code: "Basic9.9" });

    await view!.unmount();
    await open();
    await until(badge);
    expect(drawer()).toBeNull();

    await view!.unmount();
    vi.setSystemTime(NOON + 86_400_000);
    await open();
    await until(drawer);
    expect(getCookie(`drawer-visible-${USER_ID}`)).toBe("2025-05-11");
  });

  test("another user on the same device gets their own full-size drawer", async () => {
    setCookie(`drawer-visible-${USER_ID}`, TODAY, { days: 2 });
    Object.assign(userState, { userId: 8 });
    await open();
    await until(drawer);
    expect(getCookie("drawer-visible-8")).toBe(TODAY);
  });

  test("Close collapses at once; the badge opens it again (with a fresh 5 s)", async () => {
    await open();
    await until(drawer);
    await click(button("Close"));
    expect(drawer()).toBeNull();
    expect(badge()).not.toBeNull();
    await click(button("Show discount"));
    expect(drawer()).not.toBeNull();
    await elapse(5_000);
    expect(drawer()).toBeNull();
    expect(events()).toEqual([
      "discount_impression:drawer",
      "discount_click:close",
      "discount_impression:badge",
      "discount_click:badge",
      "discount_impression:drawer",
      "discount_impression:badge",
    ]);
  });

  test("Escape inside it is Close: collapsed, tracked as close, focus on the badge's Show discount", async () => {
    await open();
    await until(drawer);
    await act(async () => button("Buy now").focus());
    await pressKey(button("Buy now"), "Escape");
    expect(drawer()).toBeNull();
    expect(document.activeElement).toBe(button("Show discount"));
    expect(events()).toEqual(["discount_impression:drawer", "discount_click:close", "discount_impression:badge"]);
  });

  test("while focus is inside it stays open; 5 s after focus leaves it collapses", async () => {
    await open();
    await until(drawer);
    await act(async () => button("Buy now").focus());
    await elapse(20_000);
    expect(drawer()).not.toBeNull();
    await act(async () => button("Buy now").blur());
    await elapse(4_999);
    expect(drawer()).not.toBeNull();
    await elapse(1);
    expect(drawer()).toBeNull();
  });

  test("the countdown ending collapses the drawer", async () => {
    setCookie("countDown", "0", { days: 1 });
    setCookie("countDownSeconds", "2", { days: 1 });
    setCookie("countDownDate", TODAY, { days: 1 });
    await open();
    await until(drawer);
    await act(async () => button("Buy now").focus());
    await elapse(2_000);
    expect(drawer()).toBeNull();
    expect(badge()).not.toBeNull();
  });
});

describe("closing the badge", () => {
  test("hides everything for the day, clears the countdown cookies and stops polling", async () => {
    await open();
    await until(drawer);
    await elapse(3_000);
    expect(getCookie("countDown")).toBe("9");
    await click(button("Close"));
    await click(button("Hide for today"));
    expect(badge()).toBeNull();
    expect(drawer()).toBeNull();
    expect(getCookie(`discount-show-date-${USER_ID}`)).toBe(TODAY);
    expect(getCookie("countDown")).toBeUndefined();
    expect(getCookie("countDownSeconds")).toBeUndefined();
    expect(events().at(-1)).toBe("discount_click:badge_close");
    const asked = polls();
    await elapse(40_000);
    await settle();
    expect(polls()).toBe(asked);

    await view!.unmount();
    await open();
    await settle();
    await elapse(20_000);
    expect(polls()).toBe(asked);
    expect(badge()).toBeNull();

    await view!.unmount();
    vi.setSystemTime(NOON + 86_400_000);
    await open();
    await until(drawer);
  });
});

test("Buy now goes to checkout with the discount's marketing_id and group_num", async () => {
  await open();
  await until(drawer);
  await click(button("Buy now"));
  expect(view!.location()).toBe("/checkout?marketing_id=1001&group_num=1");
  expect(events()).toContain("discount_click:buy");
  expect(vi.mocked(track).mock.calls.find(([event]) => event === "discount_click")?.[1]).toMatchObject({
    marketing_id: 1001,
    group_num: 1,
  });
});
