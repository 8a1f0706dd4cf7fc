// Me's "Market and city" row: what was chosen on /system/choose-location (market and city in
// the UI language), or "Not chosen yet", and the link there.
import { afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { LocationEntry } from "../../../../src/features/location/LocationEntry";
import { CHOSEN_LOCATION_KEY } from "../../../../src/features/location/chosen-location";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { renderApp, renderUi, waitFor } from "../../helpers/render-app";

let view: Awaited<ReturnType<typeof renderUi>> | undefined;

beforeAll(() => applyLocale("en"));
beforeEach(() => localStorage.clear());
afterEach(async () => view?.unmount());

test("says nothing is chosen yet and links to the choice", async () => {
  view = await renderUi(<LocationEntry />);
  expect(view.byTestId("location-entry-value")?.textContent).toBe("Not chosen yet");
  expect(view.byRole("link", { name: "Choose location" })?.getAttribute("href")).toBe("/system/choose-location");
});

test("shows the chosen market and city", async () => {
  localStorage.setItem(CHOSEN_LOCATION_KEY, JSON.stringify({ market: "VN", city: "hanoi" }));
  view = await renderUi(<LocationEntry />);
  expect(view.byTestId("location-entry-value")?.textContent).toBe("Vietnam · Hanoi");
});

test("is on Me", async () => {
  view = await renderApp("/user");
  await waitFor(() => view?.byRole("heading", { name: "Market and city" }));
});
