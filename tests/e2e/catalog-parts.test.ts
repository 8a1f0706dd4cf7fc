// The locale catalog in two parts (scripts/catalog-subsets.ts, src/i18n/catalog.ts) as a Chinese
// visitor meets it in Chromium: the home loads only the first part, and a page whose messages
// are all in the rest, opened by in-app navigation, still renders translated.
import { describe, expect, it } from "vitest";
import { catalog, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());

describe("catalog parts", () => {
  it("loads the rest of the catalog on the first navigation away from the home, translated", async () => {
    const page = await phonePage({ locale: "zh-CN" });
    const catalogChunks: string[] = [];
    page.on("request", (request) => {
      const name = /\/assets\/(messages-\w+-\w+)-/.exec(request.url())?.[1];
      if (name) catalogChunks.push(name);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByTestId("tab-bar").waitFor();
    expect(catalogChunks).toEqual(["messages-zh-first"]);

    // In-app navigation (no reload) to a page whose text is only in the rest of the catalog.
    await page.evaluate(() => history.pushState(null, "", "/calculator"));
    await page.getByText(catalog("zh")("Enter a selling price and the cost of goods to see the profit.")).waitFor();
    expect(catalogChunks).toEqual(["messages-zh-first", "messages-zh-rest"]);
  });
});
