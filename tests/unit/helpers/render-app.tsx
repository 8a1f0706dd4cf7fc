// Renders the real app shell in happy-dom on an in-memory location, and waits for lazy pages.
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../../src/app/App";
import { i18n } from "../../../src/i18n/catalog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function renderApp(path: string) {
  return renderUi(<App />, path);
}

/** Renders any element with the app's providers (i18n, an in-memory router at `path`). */
export async function renderUi(node: ReactNode, path = "/") {
  const memory = memoryLocation({ path, record: true });
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          {node}
        </Router>
      </I18nProvider>,
    );
  });
  const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return {
    container,
    memory,
    byTestId,
    /** Every element with this test id. */
    allByTestId: (id: string) => [...container.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)],
    /** The current location as path?query. */
    location: () => memory.history.at(-1),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
    },
  };
}

/** Polls inside act() until `check` returns something truthy. */
export async function waitFor<T>(check: () => T | null | undefined | false, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("waitFor: timed out");
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

export async function click(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  });
}

/** Types into a React-controlled input or textarea (sets the value natively, then fires input). */
export async function typeInto(element: HTMLElement, value: string): Promise<void> {
  await act(async () => {
    const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Moves focus out of an element (React's onBlur listens to focusout). */
export async function blur(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  });
}

/** The texts of the toasts on screen. */
export const toastTexts = (): string[] => [...document.querySelectorAll('[data-testid="toast"]')].map((toast) => toast.textContent ?? "");
