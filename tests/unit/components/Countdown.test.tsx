// The 10-minute countdown widget: 10:00 then one second per tick only while the page is
// visible, seconds wrapping 0 → 59, 00:00 stops it with one close event; countDown and
// countDownSeconds cookies restore it on reload, and are reset when not from today, above
// 10 minutes, zero or invalid.
import { act } from "react";
import { afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { COUNTDOWN_DATE_COOKIE } from "../../../contract/marketing";
import { clearCountdownCookies, Countdown, restoreTimeLeft, tickDown } from "../../../src/components/Countdown";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { getCookie, setCookie } from "../../../src/platform/cookies";
import { renderUi } from "../helpers/render-app";

const TODAY = "2025-05-10";
const NOW = new Date(2025, 4, 10, 12, 0, 0).getTime(); // local noon of TODAY

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
  document.dispatchEvent(new Event("visibilitychange"));
}

function saved(minutes: string, seconds: string, date = TODAY): void {
  setCookie("countDown", minutes, { days: 1 });
  setCookie("countDownSeconds", seconds, { days: 1 });
  setCookie(COUNTDOWN_DATE_COOKIE, date, { days: 1 });
}

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
type View = Awaited<ReturnType<typeof renderUi>>;
const shown = (view: View) => view.byRole("timer", { name: "Time left" })?.textContent;
const cookies = () => [getCookie("countDown"), getCookie("countDownSeconds")];

beforeAll(() => applyLocale("en"));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(NOW);
  clearCountdownCookies();
  setVisibility("visible");
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility("visible");
});

test("a tick takes one second; seconds wrap 0 → 59 taking a minute; 00:00 stays", () => {
  expect(tickDown({ minutes: 10, seconds: 0 })).toEqual({ minutes: 9, seconds: 59 });
  expect(tickDown({ minutes: 3, seconds: 30 })).toEqual({ minutes: 3, seconds: 29 });
  expect(tickDown({ minutes: 0, seconds: 1 })).toEqual({ minutes: 0, seconds: 0 });
  expect(tickDown({ minutes: 0, seconds: 0 })).toEqual({ minutes: 0, seconds: 0 });
});

test("restores today's minutes and seconds; resets to 10:00 when not from today, above 10, zero or invalid", () => {
  saved("4", "07");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 4, seconds: 7 });
  saved("10", "0");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  saved("4", "07", "2025-05-09");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  saved("11", "0");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  saved("10", "1");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  saved("0", "0");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  saved("x", "5");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  saved("3", "60");
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
  clearCountdownCookies();
  expect(restoreTimeLeft(TODAY)).toEqual({ minutes: 10, seconds: 0 });
});

test("starts at 10:00, ticks each second with two-digit padding and keeps the time in the cookies", async () => {
  const view = await renderUi(<Countdown />);
  expect(shown(view)).toBe("10:00");
  expect(cookies()).toEqual(["10", "0"]);
  expect(getCookie(COUNTDOWN_DATE_COOKIE)).toBe(TODAY);
  await elapse(999);
  expect(shown(view)).toBe("10:00");
  await elapse(1);
  expect(shown(view)).toBe("09:59");
  expect(cookies()).toEqual(["9", "59"]);
  await elapse(52_000);
  expect(shown(view)).toBe("09:07");
  await view.unmount();
});

test("only ticks while the page is visible", async () => {
  const view = await renderUi(<Countdown />);
  await elapse(3_000);
  expect(shown(view)).toBe("09:57");
  setVisibility("hidden");
  await elapse(60_000);
  expect(shown(view)).toBe("09:57");
  expect(cookies()).toEqual(["9", "57"]);
  setVisibility("visible");
  await elapse(1_000);
  expect(shown(view)).toBe("09:56");
  await view.unmount();
});

test("a reload resumes from the cookies", async () => {
  const first = await renderUi(<Countdown />);
  await elapse(75_000);
  expect(shown(first)).toBe("08:45");
  await first.unmount();
  const second = await renderUi(<Countdown />);
  expect(shown(second)).toBe("08:45");
  await elapse(1_000);
  expect(shown(second)).toBe("08:44");
  await second.unmount();
});

test("at 00:00 it stops and emits close once", async () => {
  saved("0", "3");
  const onClose = vi.fn();
  const view = await renderUi(<Countdown onClose={onClose} label="Offer ends in" />);
  expect(view.byRole("timer", { name: "Offer ends in" })?.textContent).toBe("00:03");
  await elapse(2_000);
  expect(onClose).not.toHaveBeenCalled();
  await elapse(1_000);
  expect(view.byRole("timer", { name: "Offer ends in" })?.textContent).toBe("00:00");
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(vi.getTimerCount()).toBe(0);
  await elapse(5_000);
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(view.byRole("timer", { name: "Offer ends in" })?.textContent).toBe("00:00");
  await view.unmount();
});

test("a countdown from yesterday starts again at 10:00", async () => {
  saved("2", "30", "2025-05-09");
  const view = await renderUi(<Countdown />);
  expect(shown(view)).toBe("10:00");
  expect(getCookie(COUNTDOWN_DATE_COOKIE)).toBe(TODAY);
  await view.unmount();
});
