// The desktop layout (≥ 1024 px): the tab bar as a side navigation left of the content, the
// content in a centred column with a maximum width, and on /rank a row opening its detail beside
// the list (kept in the URL through reload and undone by Back) with no serious or critical axe
// violation; at 390 px the same tap still navigates to the detail page.
import { describe, expect, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { passwordLoginToken } from "./api";
import { desktopContext } from "./browser";
import { baseURL, catalog, useBrowser, usePhonePage } from "./fixtures";

const browser = useBrowser();
const phonePage = usePhonePage(browser);
const t = catalog("en");

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function signedIn(context: BrowserContext): Promise<Page> {
  const token = await passwordLoginToken(baseURL, "premium@shopradar.demo");
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  return context.newPage();
}

/** Opens the goods list and returns the first row's link and id. */
async function firstGoodsRow(page: Page) {
  await page.goto("/rank?type=goods");
  const row = page.getByTestId("entity-row").first();
  await row.waitFor();
  return { link: row.locator("a.entity-row__main"), id: (await row.getAttribute("data-id"))! };
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

describe("at 1280x800", () => {
  it("puts the navigation at the side and the content in a centred column", async () => {
    const context = await desktopContext(browser(), baseURL);
    const page = await context.newPage();
    await page.goto("/rank");
    const nav = page.getByRole("navigation", { name: t("Main navigation") });
    const main = page.getByRole("main");
    await main.waitFor();
    const navBox = await box(nav);
    const mainBox = await box(main);
    expect(navBox.x).toBe(0);
    expect(navBox.height).toBe(800);
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x);
    // The tabs are stacked, not side by side.
    const tabs = nav.getByRole("link");
    expect((await box(tabs.nth(1))).y).toBeGreaterThan((await box(tabs.nth(0))).y);

    // Wider than the column: the column keeps its maximum width, centred right of the navigation.
    await page.setViewportSize({ width: 1800, height: 800 });
    const wide = await box(main);
    expect(wide.width).toBe(1200);
    const navRight = navBox.x + navBox.width;
    expect(Math.abs(wide.x - navRight - (1800 - wide.x - wide.width))).toBeLessThanOrEqual(1);
    await context.close();
  });

  it("opens a rank row's detail beside the list, kept in the URL, with no serious axe violation", async () => {
    const context = await desktopContext(browser(), baseURL);
    const page = await signedIn(context);
    const { link, id } = await firstGoodsRow(page);
    await link.click();

    const pane = page.getByRole("region", { name: t("Product details") });
    await pane.getByTestId("detail-page").waitFor();
    expect(await pane.getByTestId("detail-page").getAttribute("data-id")).toBe(id);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/rank");
    expect(url.searchParams.get("selected")).toBe(id);
    const list = page.getByTestId("rank-list");
    expect(await list.isVisible()).toBe(true);
    const listBox = await box(list);
    const paneBox = await box(pane);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(paneBox.x);
    expect(paneBox.x + paneBox.width).toBeLessThanOrEqual(1280);

    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
    expect(serious).toEqual([]);

    // Reload keeps the selection; Back returns to the list alone.
    await page.reload();
    await pane.getByTestId("detail-page").waitFor();
    expect(await pane.getByTestId("detail-page").getAttribute("data-id")).toBe(id);
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get("selected")).toBeNull();
    await expect.poll(() => pane.count()).toBe(0);
    await page.getByTestId("rank-list").waitFor();

    // The close button empties the pane too.
    await page.goForward();
    await pane.waitFor();
    await page.getByRole("button", { name: t("Close details") }).click();
    await expect.poll(() => pane.count()).toBe(0);
    expect(new URL(page.url()).searchParams.get("selected")).toBeNull();
    await context.close();
  });
});

it("at 390 px, a rank row still navigates to the detail page", async () => {
  const page = await phonePage({ token: await passwordLoginToken(baseURL, "premium@shopradar.demo") });
  const { link, id } = await firstGoodsRow(page);
  const href = (await link.getAttribute("href"))!;
  await link.click();
  await page.getByTestId("page-goodsDetail").waitFor();
  await page.getByTestId("detail-page").waitFor();
  expect(new URL(page.url()).pathname).toBe(new URL(href, baseURL).pathname);
  expect(new URL(page.url()).searchParams.get("id")).toBe(id);
  expect(await page.getByTestId("detail-pane").count()).toBe(0);
});
