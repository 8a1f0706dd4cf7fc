// /component/{type}: a known type replaces itself with its tool's own link, keeping the query;
// an unknown type shows "Unknown feature" with the type as plain text and a link home (not 404).
import { afterEach, beforeAll, expect, test } from "vitest";
import { COMPONENT_TYPES, componentTarget } from "../../../../src/pages/component/component-types";
import { hrefFor } from "../../../../src/routing/paths";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { renderApp, waitFor } from "../../helpers/render-app";

let view: Awaited<ReturnType<typeof renderApp>>;

beforeAll(() => applyLocale("en"));
afterEach(async () => view?.unmount());

test("the type list: the tools and a few features; anything else (even Object keys) is unknown", () => {
  expect(componentTarget("calculator")).toBe("calculator");
  expect(componentTarget("compare")).toBe("compare");
  expect(componentTarget("monitor")).toBe("monitor");
  for (const unknown of ["nope", "", undefined, "toString", "__proto__", "constructor"]) {
    expect(componentTarget(unknown), String(unknown)).toBeNull();
  }
});

test("/component/calculator replaces the history entry with /calculator, keeping the query", async () => {
  view = await renderApp("/component/calculator?price=12&market=TH");
  await waitFor(() => view.location()?.startsWith("/calculator"));
  expect(view.memory.history).toEqual(["/calculator?price=12&market=TH"]);
  expect(view.byTestId("unknown-feature")).toBeNull();
});

test("every known type lands on its own route's link", async () => {
  for (const [type, route] of Object.entries(COMPONENT_TYPES)) {
    view = await renderApp(`/component/${type}`);
    await waitFor(() => view.location() === hrefFor(route));
    await view.unmount();
  }
  view = await renderApp("/");
});

test("an unknown type says so, shows the type as text and links home; not the 404 page", async () => {
  view = await renderApp("/component/%3Cimg%20src%3Dx%3E");
  await waitFor(() => view.byTestId("unknown-feature"));
  expect(view.byRole("heading", { name: "Unknown feature" })).not.toBeNull();
  expect(view.byTestId("unknown-feature-type")!.textContent).toBe("<img src=x>");
  expect(view.container.querySelector("img")).toBeNull();
  expect(view.byRole("link", { name: "Back to home" })?.getAttribute("href")).toBe("/");
  expect(view.byTestId("not-found")).toBeNull();
  expect(document.title).toBe("Feature | ShopRadar");
});
