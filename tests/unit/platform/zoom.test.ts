// Zoom blocking: pinch, double tap within 300 ms, gesturestart and dblclick.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { DOUBLE_TAP_MS, installZoomBlocking } from "../../../src/platform/zoom";

let uninstall: () => void;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  uninstall = installZoomBlocking(document);
});

afterEach(() => {
  uninstall();
  vi.useRealTimers();
});

function fire(type: string, touches = 0): boolean {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, "touches", { value: Array.from({ length: touches }) });
  document.body.dispatchEvent(event);
  return event.defaultPrevented;
}

test("a two-finger touch is blocked, a one-finger touch is not", () => {
  expect(fire("touchstart", 2)).toBe(true);
  expect(fire("touchstart", 3)).toBe(true);
  expect(fire("touchstart", 1)).toBe(false);
});

test("a second tap within 300 ms is blocked, a later one is not", () => {
  expect(fire("touchend")).toBe(false);
  vi.advanceTimersByTime(DOUBLE_TAP_MS);
  expect(fire("touchend")).toBe(true);
  vi.advanceTimersByTime(DOUBLE_TAP_MS + 1);
  expect(fire("touchend")).toBe(false);
});

test("gesturestart and dblclick are blocked", () => {
  expect(fire("gesturestart")).toBe(true);
  expect(fire("dblclick")).toBe(true);
});

test("the listeners are registered as non-passive and removed on uninstall", () => {
  const target = document.createElement("div");
  const add = vi.spyOn(target, "addEventListener");
  const remove = installZoomBlocking(target);
  for (const call of add.mock.calls) expect(call[2]).toEqual({ passive: false });
  expect(add.mock.calls.map((call) => call[0]).sort()).toEqual(["dblclick", "gesturestart", "touchend", "touchstart"]);
  remove();
  const event = new Event("dblclick", { cancelable: true });
  target.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(false);
});
