// Toast durations: 1000 ms by default, 2000 ms for errors.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { showToast, systemState } from "../../../src/state/system";

beforeEach(() => {
  vi.useFakeTimers();
  systemState.toasts.splice(0);
});

afterEach(() => vi.useRealTimers());

test("an info toast lasts 1000 ms, an error toast 2000 ms", () => {
  showToast("saved");
  showToast("failed", "error");
  expect(systemState.toasts.map((toast) => toast.message)).toEqual(["saved", "failed"]);
  vi.advanceTimersByTime(999);
  expect(systemState.toasts).toHaveLength(2);
  vi.advanceTimersByTime(1);
  expect(systemState.toasts.map((toast) => toast.message)).toEqual(["failed"]);
  vi.advanceTimersByTime(1000);
  expect(systemState.toasts).toHaveLength(0);
});
