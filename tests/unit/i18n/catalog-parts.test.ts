// The catalog in two parts (scripts/catalog-subsets.ts, src/i18n/catalog.ts): a locale starts
// with the first screen's messages only; once a page wanted the whole catalog, the rest is merged
// in, and a later switch loads the new locale whole. The split rule keeps shared and first-screen
// messages in the first part.
import { describe, expect, test } from "vitest";
import { i18n } from "@lingui/core";
import { activateCatalog, loadWholeCatalog } from "../../../src/i18n/catalog";
import { pageOnly } from "../../../scripts/catalog-subsets";

// "Enter a selling price and the cost of goods to see the profit." (CalculatorPage only) and
// "Home" (the routes table): the ids Lingui's macro gives them.
const CALCULATOR_HINT = "Hgw3rf";
const HOME = "i0qMbr";

describe("catalog parts", () => {
  test("a page-only message arrives with the rest, and a switch then loads the new locale whole", async () => {
    await activateCatalog("zh");
    expect(i18n._(HOME)).toBe("首页");
    expect(i18n._(CALCULATOR_HINT)).toBe(CALCULATOR_HINT);
    await loadWholeCatalog();
    expect(i18n._(CALCULATOR_HINT)).toBe("输入售价和商品成本即可查看利润。");
    await activateCatalog("vi");
    expect(i18n._(CALCULATOR_HINT)).not.toBe(CALCULATOR_HINT);
    expect(i18n._(CALCULATOR_HINT)).not.toBe("输入售价和商品成本即可查看利润。");
  });

  test("only messages every origin of which is a page other than the home go to the rest", () => {
    expect(pageOnly(["src/pages/tools/calculator/CalculatorPage.tsx"])).toBe(true);
    expect(pageOnly(["src/pages/tab/UserPage.tsx", "src/pages/order/OrderPage.tsx"])).toBe(true);
    expect(pageOnly(["src/pages/tab/HomeHeader.tsx"])).toBe(false);
    expect(pageOnly(["src/features/commerce/labels.ts", "src/pages/order/OrderPage.tsx"])).toBe(true);
    expect(pageOnly(["src/pages/login/CaptchaDialog.tsx"])).toBe(false);
    expect(pageOnly(["src/pages/login/login-flow.ts"])).toBe(false);
    expect(pageOnly(["src/pages/tab/UserPage.tsx", "src/components/SiteFooter.tsx"])).toBe(false);
    expect(pageOnly([])).toBe(false);
  });
});
