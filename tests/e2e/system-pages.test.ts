// The component alias and the system pages in Chromium against the production build:
// /component/calculator lands on the calculator (history entry replaced, query kept),
// /component/nope says "Unknown feature" (not the 404 page), a market chosen on
// /system/choose-location (by hand, or the nearest city to the browser's position) is the one
// the rank list then uses, and /system/open-location shows the address and a geo: link.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser(), { close: "afterAll" });
let page: Page;

beforeAll(async () => {
  page = await phonePage();
});

describe("component alias", () => {
  it("/component/calculator opens the calculator, keeping the query", async () => {
    await page.goto("/component/calculator?price=25");
    await page.waitForURL((url) => url.pathname === "/calculator");
    expect(new URL(page.url()).searchParams.get("price")).toBe("25");
    await page.getByTestId("page-calculator").waitFor();
    expect(await page.getByTestId("not-found").count()).toBe(0);
  });

  it("/component/nope shows Unknown feature with a link home", async () => {
    await page.goto("/component/nope");
    await page.getByRole("heading", { name: "Unknown feature" }).waitFor();
    expect(await page.getByTestId("unknown-feature-type").innerText()).toBe("nope");
    expect(await page.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
    expect(await page.getByTestId("not-found").count()).toBe(0);
  });
});

describe("system pages", () => {
  it("a market chosen on choose-location is the rank list's market", async () => {
    await page.goto("/system/choose-location");
    await page.getByRole("combobox", { name: "Market" }).selectOption("TH");
    await page.getByRole("combobox", { name: "City" }).selectOption("chiang-mai");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Location saved").waitFor();
    await page.goto("/rank");
    await page.getByTestId("market-select").waitFor();
    await expect.poll(() => page.getByTestId("market-select").inputValue()).toBe("TH");
    // Me shows the choice and leads back to the page.
    await page.goto("/user");
    await expect.poll(() => page.getByTestId("location-entry-value").innerText()).toBe("Thailand · Chiang Mai");
    await page.getByRole("link", { name: "Choose location" }).click();
    await page.waitForURL((url) => url.pathname === "/system/choose-location");
  });

  it("Use my location picks the nearest bundled city", async () => {
    const locatedPage = await phonePage({
      prepare: async (located) => {
        await located.grantPermissions(["geolocation"], { origin: baseURL });
        await located.setGeolocation({ latitude: -6.2, longitude: 106.82 });
      },
    });
    await locatedPage.goto("/system/choose-location");
    await locatedPage.getByRole("button", { name: "Use my location" }).click();
    await locatedPage.getByText("Nearest city: Jakarta").waitFor();
    expect(await locatedPage.getByRole("combobox", { name: "Market" }).inputValue()).toBe("ID");
  });

  it("open-location shows the name and address as text and a geo: link", async () => {
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(baseURL)) outside.push(request.url());
    });
    const query = new URLSearchParams({
      name: "<i>Ben Thanh</i>",
      address: "Lê Lợi, District 1",
      lat: "10.772",
      lng: "106.698",
    });
    await page.goto(`/system/open-location?${query}`);
    await page.getByRole("heading", { name: "<i>Ben Thanh</i>" }).waitFor();
    await page.getByText("Lê Lợi, District 1").waitFor();
    expect(await page.locator("[data-testid=open-location] i").count()).toBe(0);
    const href = await page.getByRole("link", { name: "Open in maps" }).getAttribute("href");
    expect(href).toMatch(/^geo:10\.772,106\.698\?q=10\.772,106\.698/);
    expect(outside).toEqual([]);
  });
});
