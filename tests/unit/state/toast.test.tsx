// Toasts: long enough to read (4000 ms, errors 6000 ms) and announced to screen readers (an
// always-present polite live region; info toasts as status, errors as assertive alerts).
import { afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { act } from "react";
import { ToastHost } from "../../../src/components/Toast";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { showToast, systemState } from "../../../src/state/system";
import { renderUi } from "../helpers/render-app";

beforeAll(() => applyLocale("en"));
beforeEach(() => {
  systemState.toasts.splice(0);
});

afterEach(() => vi.useRealTimers());

test("an info toast lasts 4000 ms, an error toast 6000 ms", () => {
  vi.useFakeTimers();
  showToast("saved");
  showToast("failed", "error");
  expect(systemState.toasts.map((toast) => toast.message)).toEqual(["saved", "failed"]);
  vi.advanceTimersByTime(3999);
  expect(systemState.toasts).toHaveLength(2);
  vi.advanceTimersByTime(1);
  expect(systemState.toasts.map((toast) => toast.message)).toEqual(["failed"]);
  vi.advanceTimersByTime(1999);
  expect(systemState.toasts).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(systemState.toasts).toHaveLength(0);
});

test("toasts appear inside a live region present before them: info politely, errors assertively", async () => {
  const view = await renderUi(<ToastHost />);
  const host = view.container.querySelector(".toast-host")!;
  expect(host.getAttribute("aria-live")).toBe("polite");
  expect(host.children).toHaveLength(0);

  await act(async () => {
    showToast("Added to favourites");
    showToast("Network error", "error");
  });
  const status = view.byRole("status");
  const alert = view.byRole("alert");
  expect([status.textContent, status.getAttribute("aria-live"), status.parentElement]).toEqual([
    "Added to favourites",
    "polite",
    host,
  ]);
  expect([alert.textContent, alert.getAttribute("aria-live"), alert.parentElement]).toEqual([
    "Network error",
    "assertive",
    host,
  ]);
  await view.unmount();
});
