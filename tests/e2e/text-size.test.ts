// Text follows the browser's text-size setting (issue 18): the pinch and double-tap zoom stay
// blocked as the spec says, so a reader who sets a larger default font size (the root font
// size, 16px out of the box) must get larger text everywhere, headings and tab labels included.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser(), { close: "afterAll" });
let page: Page;

beforeAll(async () => {
  page = await phonePage();
});

const fontSize = (selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));

describe("text size", () => {
  it("scales the page's text with the root font size", async () => {
    await page.goto("/rank");
    await page.getByTestId("page-rank").waitFor();
    const title = '[data-testid="page-title"]';
    const tab = '[data-testid="tab-bar"] a';
    const before = { title: await fontSize(title), tab: await fontSize(tab) };
    // What a larger default font size in the browser's settings does: 20px instead of 16px.
    await page.addStyleTag({ content: "html { font-size: 20px; }" });
    expect(await fontSize(title)).toBeCloseTo(before.title * 1.25, 1);
    expect(await fontSize(tab)).toBeCloseTo(before.tab * 1.25, 1);
  });
});
