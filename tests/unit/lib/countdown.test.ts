// The send-code countdown: 60 s shown second by second, then the button returns.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CODE_RESEND_SECONDS, startCountdown } from "../../../src/lib/countdown";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

test("shows 60 at once, counts down each second and ends after 60 s", () => {
  const ticks: number[] = [];
  const onEnd = vi.fn();
  startCountdown(CODE_RESEND_SECONDS, (remaining) => ticks.push(remaining), onEnd);
  expect(ticks).toEqual([60]);
  vi.advanceTimersByTime(1000);
  expect(ticks).toEqual([60, 59]);
  vi.advanceTimersByTime(58_000);
  expect(ticks.at(-1)).toBe(1);
  expect(onEnd).not.toHaveBeenCalled();
  vi.advanceTimersByTime(1000);
  expect(onEnd).toHaveBeenCalledTimes(1);
  expect(ticks).toHaveLength(60);
  vi.advanceTimersByTime(10_000);
  expect(ticks).toHaveLength(60);
});

test("stop cancels it", () => {
  const onTick = vi.fn();
  const onEnd = vi.fn();
  const countdown = startCountdown(3, onTick, onEnd);
  countdown.stop();
  vi.advanceTimersByTime(5000);
  expect(onTick).toHaveBeenCalledTimes(1);
  expect(onEnd).not.toHaveBeenCalled();
});
