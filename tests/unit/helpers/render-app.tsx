// Renders the real app shell in happy-dom on an in-memory location, and waits for lazy pages.
// Queries go by what a user perceives first: byRole (a role, explicit or implied by the element,
// and its accessible name) and byLabel (a form control by its label); byTestId only where no
// role or label tells the element apart (list rows, status areas, layout parts).
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../../src/app/App";
import { i18n } from "../../../src/i18n/catalog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The roles implied by elements (the subset of HTML-AAM the app's markup uses). */
function impliedRole(element: Element): string | null {
  const tag = element.tagName.toLowerCase();
  switch (tag) {
    case "button":
      return "button";
    case "a":
      return element.hasAttribute("href") ? "link" : null;
    case "h1":
    case "h2":
    case "h3":
    case "h4":
    case "h5":
    case "h6":
      return "heading";
    case "nav":
      return "navigation";
    case "main":
      return "main";
    case "ul":
    case "ol":
      return "list";
    case "li":
      return "listitem";
    case "table":
      return "table";
    case "tr":
      return "row";
    case "select":
      return "combobox";
    case "textarea":
      return "textbox";
    case "img":
      return "img";
    case "dialog":
      return "dialog";
    case "input": {
      const type = (element.getAttribute("type") ?? "text").toLowerCase();
      if (type === "checkbox") return "checkbox";
      if (type === "radio") return "radio";
      if (type === "button" || type === "submit") return "button";
      return ["text", "email", "tel", "password", "search", "url", "number"].includes(type) ? "textbox" : null;
    }
    default:
      return null;
  }
}

export const roleOf = (element: Element): string | null => element.getAttribute("role") ?? impliedRole(element);

/** The label texts of a form control: aria-label, aria-labelledby, <label for> and a wrapping <label>. */
function labelsOf(element: Element): string[] {
  const labels: string[] = [];
  const aria = element.getAttribute("aria-label");
  if (aria) labels.push(aria);
  for (const id of element.getAttribute("aria-labelledby")?.split(/\s+/) ?? []) {
    const text = element.ownerDocument.getElementById(id)?.textContent;
    if (text) labels.push(text);
  }
  if (element.id)
    for (const label of element.ownerDocument.querySelectorAll(`label[for="${element.id}"]`))
      labels.push(label.textContent ?? "");
  const wrapping = element.closest("label");
  if (wrapping) labels.push(wrapping.textContent ?? "");
  return labels.map((label) => label.replace(/\s+/g, " ").trim());
}

/** The accessible name: its labels, else alt or title, else its text. */
export function accessibleName(element: Element): string {
  const [label] = labelsOf(element);
  if (label) return label;
  const alt = element.getAttribute("alt") ?? element.getAttribute("title");
  if (alt) return alt;
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

const matches = (text: string, name: string | RegExp) => (typeof name === "string" ? text === name : name.test(text));

/** Every element under `root` with this role (and, when given, this accessible name). */
export function allByRole(root: ParentNode, role: string, options: { name?: string | RegExp } = {}): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("*")].filter(
    (element) =>
      roleOf(element) === role && (options.name === undefined || matches(accessibleName(element), options.name)),
  );
}

/** Every form control under `root` one of whose labels is `label`. */
export function allByLabel(root: ParentNode, label: string | RegExp): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("input, select, textarea, button, [role]")].filter((element) =>
    labelsOf(element).some((text) => matches(text, label)),
  );
}

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
    /** The first element with this role and name, or null (popups render in the same container). */
    byRole: (role: string, options?: { name?: string | RegExp }) => allByRole(container, role, options)[0] ?? null,
    allByRole: (role: string, options?: { name?: string | RegExp }) => allByRole(container, role, options),
    /** The first form control with this label, or null. */
    byLabel: (label: string | RegExp) => allByLabel(container, label)[0] ?? null,
    /** Only where no role or label tells the element apart. */
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
    const prototype =
      element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(element, value);
    element.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

/** Presses a key on an element (a keydown that bubbles, as React listens at the root). */
export async function pressKey(element: HTMLElement, key: string): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });
}

/** Moves focus out of an element (React's onBlur listens to focusout). */
export async function blur(element: HTMLElement): Promise<void> {
  await act(async () => {
    element.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  });
}

/** The texts of the toasts on screen. */
export const toastTexts = (): string[] =>
  [...document.querySelectorAll('[data-testid="toast"]')].map((toast) => toast.textContent ?? "");
