// The lessDay deadline timer: the date while 3 days or more are left, then a live d hh:mm:ss
// countdown ticking each second, "Ended" at the deadline with one onEnd call; a server clock
// offset moves "now", not the deadline.
import { act } from "react";
import { afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { clockOf, DeadlineTimer, splitTimeLeft } from "../../../src/components/DeadlineTimer";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { renderUi } from "../helpers/render-app";

const NOW = new Date("2025-05-10T12:00:00Z").getTime();
const SECOND = 1000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

beforeAll(() => applyLocale("en"));
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const timerText = (view: Awaited<ReturnType<typeof renderUi>>) => view.byRole("timer")?.textContent;

test("splits a time left into days and a padded clock, rounding up to whole seconds", () => {
  expect(splitTimeLeft(2 * DAY + 3 * HOUR + 4 * 60_000 + 5 * SECOND)).toEqual({
    days: 2,
    hours: 3,
    minutes: 4,
    seconds: 5,
  });
  expect(clockOf(2 * DAY + 3 * HOUR + 4 * 60_000 + 5 * SECOND)).toBe("03:04:05");
  expect(clockOf(500)).toBe("00:00:01");
  expect(clockOf(-5000)).toBe("00:00:00");
});

test("3 days or more left: the deadline's date; below that a live d hh:mm:ss countdown", async () => {
  const deadline = new Date(NOW + 3 * DAY + 2 * SECOND);
  const view = await renderUi(<DeadlineTimer deadline={deadline.toISOString()} />);
  const written = `${String(deadline.getMonth() + 1).padStart(2, "0")}/${String(deadline.getDate()).padStart(2, "0")}/${deadline.getFullYear()}`;
  expect(timerText(view)).toBe(`Ends on ${written}`);
  await elapse(2 * SECOND);
  expect(timerText(view)).toBe(`Ends on ${written}`);
  await elapse(SECOND);
  expect(timerText(view)).toBe("Ends in 2d 23:59:59");
  await elapse(SECOND);
  expect(timerText(view)).toBe("Ends in 2d 23:59:58");
  await view.unmount();
});

test("at the deadline it says Ended, calls onEnd once and stops ticking", async () => {
  const onEnd = vi.fn();
  const view = await renderUi(<DeadlineTimer deadline={NOW + 3 * SECOND} onEnd={onEnd} />);
  expect(timerText(view)).toBe("Ends in 0d 00:00:03");
  await elapse(2 * SECOND);
  expect(timerText(view)).toBe("Ends in 0d 00:00:01");
  expect(onEnd).not.toHaveBeenCalled();
  await elapse(SECOND);
  expect(timerText(view)).toBe("Ended");
  expect(onEnd).toHaveBeenCalledTimes(1);
  await elapse(10 * SECOND);
  expect(onEnd).toHaveBeenCalledTimes(1);
  expect(vi.getTimerCount()).toBe(0);
  await view.unmount();
});

test("a deadline already past shows Ended without calling onEnd or starting a timer", async () => {
  const onEnd = vi.fn();
  const view = await renderUi(<DeadlineTimer deadline={NOW - HOUR} onEnd={onEnd} />);
  expect(timerText(view)).toBe("Ended");
  expect(vi.getTimerCount()).toBe(0);
  await elapse(5 * SECOND);
  expect(onEnd).not.toHaveBeenCalled();
  await view.unmount();
});

test("the server clock offset counts: a server 1 hour ahead leaves 1 hour less", async () => {
  const view = await renderUi(<DeadlineTimer deadline={NOW + 5 * HOUR} clockOffsetMs={HOUR} />);
  expect(timerText(view)).toBe("Ends in 0d 04:00:00");
  await view.unmount();
});
