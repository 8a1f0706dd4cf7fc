// The error boundary: a child that throws while rendering shows the retry view (heading, Try
// again, a link home) instead of nothing; Try again renders the children again; a new resetKey
// (another page) clears the error; and the root's onCaughtError hears of it.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { ErrorBoundary } from "../../../src/app/ErrorBoundary";
import { i18n } from "../../../src/i18n/catalog";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { click } from "../helpers/render-app";

const container = document.createElement("div");
let root: ReturnType<typeof createRoot>;
const caught = vi.fn();

beforeAll(() => applyLocale("en"));
afterEach(() => act(() => root.unmount()));

let failing = true;
function Fragile() {
  if (failing) throw new Error("render failed");
  return <p data-testid="fragile">fine</p>;
}

async function render(resetKey: string) {
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <ErrorBoundary resetKey={resetKey}>
          <Fragile />
        </ErrorBoundary>
      </I18nProvider>,
    );
  });
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const button = (name: string) => [...container.querySelectorAll("button")].find((b) => b.textContent === name);

test("a throwing child shows the retry view; Try again renders it again", async () => {
  document.body.append(container);
  root = createRoot(container, { onCaughtError: caught });
  failing = true;
  await render("/a");
  expect(byTestId("fragile")).toBeNull();
  expect(byTestId("error-view")?.getAttribute("role")).toBe("alert");
  expect(container.querySelector("h2")?.textContent).toBe("Something went wrong");
  expect(container.querySelector("a")?.getAttribute("href")).toBe("/");
  expect(caught).toHaveBeenCalledWith(expect.objectContaining({ message: "render failed" }), expect.anything());

  // Still failing: Try again shows the view again; fixed: the children render.
  await act(async () => click(button("Try again")!));
  expect(byTestId("error-view")).not.toBeNull();
  failing = false;
  await act(async () => click(button("Try again")!));
  expect(byTestId("fragile")?.textContent).toBe("fine");
});

test("another page (a new resetKey) clears the error", async () => {
  document.body.append(container);
  root = createRoot(container, { onCaughtError: caught });
  failing = true;
  await render("/a");
  expect(byTestId("error-view")).not.toBeNull();
  failing = false;
  await render("/b");
  expect(byTestId("error-view")).toBeNull();
  expect(byTestId("fragile")).not.toBeNull();
});
