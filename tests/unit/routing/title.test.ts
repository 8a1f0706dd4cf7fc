// The document title rule.
import { expect, test } from "vitest";
import { brandName, documentTitle, keepsDocumentTitle } from "../../../src/routing/title";

test("Chinese locale uses the Chinese brand suffix", () => {
  expect(documentTitle("首页", "zh")).toBe("首页 - 商品雷达 ShopRadar");
  expect(brandName("zh")).toBe("商品雷达 ShopRadar");
});

test.each(["en", "vi", "id", "th"] as const)("%s uses the English brand suffix", (locale) => {
  expect(documentTitle("Me", locale)).toBe("Me | ShopRadar");
  expect(brandName(locale)).toBe("ShopRadar");
});

test("noChangeDocTitle in the query keeps the title", () => {
  expect(keepsDocumentTitle("noChangeDocTitle=1")).toBe(true);
  expect(keepsDocumentTitle("a=1&noChangeDocTitle")).toBe(true);
  expect(keepsDocumentTitle("a=1")).toBe(false);
  expect(keepsDocumentTitle("")).toBe(false);
});
