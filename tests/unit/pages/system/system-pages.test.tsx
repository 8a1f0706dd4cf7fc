// The system pages. Choose location: market and city selects, Save stores them (the lists'
// market follows), "Use my location" picks the nearest bundled city, and a refusal says so.
// Open location: name and address as text (never markup) and the geo: link; no coordinates,
// no address: nothing to open.
import { act } from "react";
import { afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { readChosenLocation } from "../../../../src/features/location/chosen-location";
import { applyLocale } from "../../../../src/i18n/switch-locale";
import { geoHref, placeFromQuery } from "../../../../src/pages/system/geo-link";
import { rankDiscoverState, setMarket } from "../../../../src/state/rank-discover";
import { ToastHost } from "../../../../src/components/Toast";
import { App } from "../../../../src/app/App";
import { click, renderUi, toastTexts, waitFor } from "../../helpers/render-app";

let view: Awaited<ReturnType<typeof renderUi>>;

const renderPage = (path: string) =>
  renderUi(
    <>
      <App />
      <ToastHost />
    </>,
    path,
  );

async function choose(select: HTMLElement, value: string) {
  await act(async () => {
    (select as HTMLSelectElement).value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

function fakeGeolocation(answer: (success: PositionCallback, failure: PositionErrorCallback) => void) {
  vi.stubGlobal("navigator", {
    ...navigator,
    language: navigator.language,
    geolocation: { getCurrentPosition: answer },
  });
}

beforeAll(() => applyLocale("en"));
beforeEach(() => {
  localStorage.clear();
  setMarket("VN");
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await view?.unmount();
});

test("choose location: pick a market and city, save; the lists' market follows", async () => {
  view = await renderPage("/system/choose-location");
  const market = await waitFor(() => view.byLabel("Market"));
  expect((market as HTMLSelectElement).value).toBe("VN");
  await choose(market, "TH");
  const city = view.byLabel("City") as HTMLSelectElement;
  expect([...city.options].map((option) => option.textContent)).toContain("Chiang Mai");
  await choose(city, "chiang-mai");
  await click(view.byRole("button", { name: "Save" }));
  expect(readChosenLocation()).toEqual({ market: "TH", city: "chiang-mai" });
  expect(rankDiscoverState.market).toBe("TH");
  expect(toastTexts()).toContain("Location saved");
});

test("use my location: the nearest bundled city is chosen locally", async () => {
  fakeGeolocation((success) => success({ coords: { latitude: 3.15, longitude: 101.7 } } as GeolocationPosition));
  view = await renderPage("/system/choose-location");
  await click(await waitFor(() => view.byRole("button", { name: "Use my location" })));
  await waitFor(() => view.byTestId("locate-status")?.textContent?.includes("Kuala Lumpur"));
  expect((view.byLabel("Market") as HTMLSelectElement).value).toBe("MY");
  expect((view.byLabel("City") as HTMLSelectElement).value).toBe("kuala-lumpur");
  expect(readChosenLocation()).toBeNull(); // nothing saved until Save
});

test("use my location refused: a clear message, the form still works", async () => {
  fakeGeolocation((_success, failure) =>
    failure({ code: 1, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError),
  );
  view = await renderPage("/system/choose-location");
  await click(await waitFor(() => view.byRole("button", { name: "Use my location" })));
  await waitFor(() => view.byTestId("locate-status")?.textContent?.includes("Location access was denied"));
  expect((view.byLabel("Market") as HTMLSelectElement).value).toBe("VN");
  await click(view.byRole("button", { name: "Save" }));
  expect(readChosenLocation()).toEqual({ market: "VN", city: "ho-chi-minh-city" });
});

test("open location: name and address as text, and the geo: link", async () => {
  const query = new URLSearchParams({
    name: "<b>Shop</b>",
    address: "12 Lê Lợi, District 1",
    lat: "10.7769",
    lng: "106.7009",
  });
  view = await renderPage(`/system/open-location?${query}`);
  await waitFor(() => view.byTestId("open-location"));
  expect(view.byRole("heading", { name: "<b>Shop</b>" })).not.toBeNull();
  expect(view.container.querySelector("#root b, [data-testid='open-location'] b")).toBeNull();
  expect(view.byTestId("location-address")!.textContent).toBe("12 Lê Lợi, District 1");
  expect(view.byRole("link", { name: "Open in maps" }).getAttribute("href")).toBe(
    `geo:10.7769,106.7009?q=10.7769,106.7009${encodeURIComponent("(<b>Shop</b>)")}`,
  );
  expect(view.container.querySelector("img, iframe")).toBeNull();
});

test("geo links: address only, bad coordinates, nothing at all", () => {
  expect(geoHref(placeFromQuery(new URLSearchParams("address=Jl. Sudirman 1")))).toBe(
    `geo:0,0?q=${encodeURIComponent("Jl. Sudirman 1")}`,
  );
  expect(placeFromQuery(new URLSearchParams("lat=91&lng=100")).coordinates).toBeNull();
  expect(placeFromQuery(new URLSearchParams("lat=abc&lng=100")).coordinates).toBeNull();
  expect(geoHref(placeFromQuery(new URLSearchParams("lat=1.5&lng=-2")))).toBe("geo:1.5,-2?q=1.5,-2");
  expect(geoHref(placeFromQuery(new URLSearchParams("")))).toBeNull();
});

test("open location without a place: says there is nothing to show", async () => {
  view = await renderPage("/system/open-location");
  await waitFor(() => view.byTestId("open-location-empty"));
  expect(view.byRole("link", { name: "Open in maps" })).toBeNull();
});
