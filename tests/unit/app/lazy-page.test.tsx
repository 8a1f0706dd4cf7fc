// The lazy page view: the loading placeholder appears only for slow pages, a failed chunk shows
// the error view, and Retry imports the page again.
import { act } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { afterEach, beforeAll, expect, test, vi } from "vitest";
import { LazyPage } from "../../../src/app/LazyPage";
import { routeByName, type PageLoader } from "../../../src/routing/routes";
import { i18n } from "../../../src/i18n/catalog";
import { applyLocale } from "../../../src/i18n/switch-locale";
import { click, waitFor } from "../helpers/render-app";

const container = document.createElement("div");
let root: ReturnType<typeof createRoot>;

beforeAll(() => applyLocale("en"));
afterEach(() => act(() => root.unmount()));

async function render(load: PageLoader) {
  document.body.append(container);
  root = createRoot(container);
  const route = { ...routeByName("rank"), load };
  await act(async () => {
    root.render(
      <I18nProvider i18n={i18n}>
        <LazyPage route={route} params={{}} />
      </I18nProvider>,
    );
  });
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const Page = () => <p data-testid="the-page">page</p>;

test("a failed chunk shows the error view; Retry imports again and shows the page", async () => {
  const load = vi
    .fn<PageLoader>()
    .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
    .mockResolvedValueOnce({ default: Page });
  await render(load);
  const retry = await waitFor(() => byTestId("chunk-retry"));
  expect(byTestId("chunk-error")?.getAttribute("role")).toBe("alert");
  await click(retry);
  await waitFor(() => byTestId("the-page"));
  expect(load).toHaveBeenCalledTimes(2);
  expect(byTestId("chunk-error")).toBeNull();
});

test("the placeholder shows only once the page is slow", async () => {
  let resolve!: () => void;
  const load: PageLoader = () => new Promise((res) => (resolve = () => res({ default: Page })));
  await render(load);
  expect(byTestId("page-loading")).toBeNull();
  await waitFor(() => byTestId("page-loading"));
  await act(async () => resolve());
  await waitFor(() => byTestId("the-page"));
  expect(byTestId("page-loading")).toBeNull();
});
