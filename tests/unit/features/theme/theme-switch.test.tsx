// The Me page's theme switch: a "Theme" select (found by its label) with System, Light and Dark,
// showing the saved choice, applying a new one at once and keeping it for the next visit; and its
// place on Me, also in another language.
import { afterEach, beforeEach, expect, test } from "vitest";
import { act } from "react";
import { ThemeSwitch } from "../../../../src/features/theme/ThemeSwitch";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { renderApp, renderUi, waitFor } from "../../helpers/render-app";
import { loadPage } from "./theme-page";

let view: Awaited<ReturnType<typeof renderUi>> | undefined;

beforeEach(async () => {
  localStorage.clear();
  await applyLocale("en");
});
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  localStorage.clear();
});

const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

test("a labelled Theme select: System, Light, Dark; System selected before any choice", async () => {
  loadPage();
  view = await renderUi(<ThemeSwitch />);
  const select = view.byLabel("Theme") as HTMLSelectElement;
  expect(select).not.toBeNull();
  expect(view.byRole("combobox", { name: "Theme" })).toBe(select);
  expect(optionTexts(select)).toEqual(["System", "Light", "Dark"]);
  expect(select.value).toBe("system");
});

test("choosing Dark on a light device turns the page dark at once and is shown on the next visit", async () => {
  loadPage();
  view = await renderUi(<ThemeSwitch />);
  await choose(view.byLabel("Theme") as HTMLSelectElement, "dark");
  expect(document.documentElement.dataset.theme).toBe("dark");
  await view.unmount();

  loadPage();
  expect(document.documentElement.dataset.theme).toBe("dark");
  view = await renderUi(<ThemeSwitch />);
  expect((view.byLabel("Theme") as HTMLSelectElement).value).toBe("dark");
  await choose(view.byLabel("Theme") as HTMLSelectElement, "system");
  expect(document.documentElement.dataset.theme).toBe("light");
});

test("on Me, translated (Thai)", async () => {
  loadPage();
  await applyLocale("th");
  view = await renderApp("/user");
  const select = await waitFor(() => view!.byLabel("ธีม") as HTMLSelectElement | null);
  expect(optionTexts(select)).toEqual(["ตามระบบ", "สว่าง", "มืด"]);
});
