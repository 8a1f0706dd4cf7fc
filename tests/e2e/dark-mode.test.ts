// Dark mode in Chromium against the production build: with the browser set to dark
// (prefers-color-scheme) the app paints dark from the HTML on, before its JavaScript; the
// theme-color metas carry the palette's colours; choosing Light on Me turns it light at once and
// survives a reload; and the product chart draws its labels in the palette of the scheme in
// effect, again when the device switches while the page is open.
import { expect, it } from "vitest";
import type { Page } from "playwright-core";
import { passwordLoginToken } from "./api";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());

/** Relative luminance (WCAG) of a CSS rgb() colour. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb
    .match(/\d+(\.\d+)?/g)!
    .slice(0, 3)
    .map((part) => Number(part) / 255)
    .map((value) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const textColour = (page: Page) => page.evaluate(() => getComputedStyle(document.body).color);

/** The theme-color metas' contents by their media query's scheme. */
const themeColors = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) => [
        meta.media.includes("dark") ? "dark" : "light",
        meta.content,
      ]),
    ),
  );

it("a dark browser gets a dark app from the first paint; Light on Me turns it light and survives a reload", async () => {
  const page = await phonePage();
  await page.emulateMedia({ colorScheme: "dark" });

  // Without the app's JavaScript the HTML alone (home header, theme script, inline CSS) is dark.
  await page.route(/\.js$/, (route) => route.abort());
  await page.goto("/");
  expect(await page.getAttribute("html", "data-theme")).toBe("dark");
  expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
  expect(luminance(await textColour(page))).toBeGreaterThan(0.7);
  await page.unroute(/\.js$/);

  await page.goto("/user");
  await page.getByTestId("page-user").waitFor();
  expect(luminance(await bodyBackground(page))).toBeLessThan(0.05);
  expect(await themeColors(page)).toEqual({ light: "#d0183e", dark: "#1e2025" });
  const theme = page.getByRole("combobox", { name: "Theme" });
  expect(await theme.inputValue()).toBe("system");

  await theme.selectOption({ label: "Light" });
  await expect.poll(() => page.getAttribute("html", "data-theme")).toBe("light");
  expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.85);
  // The browser is still dark, so the dark meta is the one in effect: it carries the light colour.
  expect(await themeColors(page)).toEqual({ light: "#d0183e", dark: "#d0183e" });

  await page.reload();
  await page.getByTestId("page-user").waitFor();
  expect(await page.getAttribute("html", "data-theme")).toBe("light");
  expect(luminance(await bodyBackground(page))).toBeGreaterThan(0.85);
  expect(await theme.inputValue()).toBe("light");

  await theme.selectOption({ label: "System" });
  await expect.poll(() => page.getAttribute("html", "data-theme")).toBe("dark");
  expect(await themeColors(page)).toEqual({ light: "#d0183e", dark: "#1e2025" });
});

/** How many opaque pixels of the chart's canvas have about this colour (#rrggbb). */
function pixelsOf(page: Page, hex: string): Promise<number> {
  return page.evaluate((colour) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="trend-chart"] canvas')!;
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let at = 0; at < data.length; at += 4)
      if (data[at + 3] > 250 && Math.abs(data[at] - r) + Math.abs(data[at + 1] - g) + Math.abs(data[at + 2] - b) < 12)
        count++;
    return count;
  }, hex);
}

it("the product chart labels its axes in the scheme's muted colour, and follows a switch of the device", async () => {
  const page = await phonePage({ token: await passwordLoginToken(baseURL, "premium@shopradar.demo") });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/rank?type=goods");
  const firstRow = page.locator("a.entity-row__main").first();
  await page.goto((await firstRow.getAttribute("href"))!);
  const chart = page.locator('[data-testid="trend-chart"][data-state="ready"]');
  await chart.waitFor();

  // Dark: labels in the dark --muted (#a2a8b1), none in uPlot's default black or the light muted.
  await expect.poll(() => pixelsOf(page, "#a2a8b1")).toBeGreaterThan(50);
  expect(await pixelsOf(page, "#000000")).toBe(0);
  expect(await pixelsOf(page, "#646a73")).toBe(0);

  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(() => pixelsOf(page, "#646a73")).toBeGreaterThan(50);
  expect(await pixelsOf(page, "#a2a8b1")).toBe(0);
});
