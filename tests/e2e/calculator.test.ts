// The profit calculator in the real build: opened from a Vietnamese product's detail it is
// pre-filled (price, commission rate, market); the hand-worked VN example (docs/calculator.md,
// tests/unit/calculator/profit.test.ts) shows 36,275₫ profit per unit; a saved scenario is still
// listed and opens with the same figures after an offline reload; rename and delete work.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, passwordLoginToken } from "./api";
import { phoneContext } from "./browser";
import { baseURL, useBrowser } from "./fixtures";

const browser = useBrowser();

/** A saved scenario's row, found by its (user-typed) name. Controls are found by test id until
 *  the new messages are in the catalogs (their accessible names are those messages). */
const scenario = (page: Page, name: string) =>
  page.getByTestId("scenario").filter({ has: page.getByText(name, { exact: true }) });

describe("profit calculator", () => {
  it("opens pre-filled from a VN product, computes the hand-worked profit and keeps its scenario offline", async () => {
    const token = await passwordLoginToken(baseURL, "pro@shopradar.demo");
    const { list } = await apiCall<{ list: { id: string; price: number; commission_rate: number }[] }>(
      baseURL,
      "/api/v1/rank/goods?country=VN&size=1&window=7d",
      { token },
    );
    const product = list[0];
    const context = await phoneContext(browser(), baseURL, "en-US");
    await context.addCookies([{ name: "token", value: token, url: baseURL }]);
    const page = await context.newPage();

    await page.goto(`/goodsDetail?id=${product.id}`);
    await page.getByTestId("detail-title").waitFor();
    await page.getByTestId("calculator-link").click();
    await page.waitForURL((url) => url.pathname === "/calculator");
    expect(await page.getByTestId("calculator-market").inputValue()).toBe("VN");
    expect(Number(await page.getByTestId("calculator-price").inputValue())).toBe(Math.round(product.price));
    expect(Number(await page.getByTestId("calculator-affiliatePercent").inputValue())).toBeCloseTo(
      product.commission_rate * 100,
      3,
    );

    // The hand-worked example: 199,000 ₫ beauty, cost 80,000, shipping 15,000, 10 % affiliate,
    // 500,000 ₫ ads over 50 units → 36,275 ₫ per unit, 1,813,750 ₫ in total.
    await page.getByTestId("calculator-group").selectOption("beauty");
    await page.getByTestId("calculator-price").fill("199000");
    await page.getByTestId("calculator-cost").fill("80.000");
    await page.getByTestId("calculator-shipping").fill("15000");
    await page.getByTestId("calculator-affiliatePercent").fill("10");
    await page.getByTestId("calculator-adSpend").fill("500000");
    await page.getByTestId("calculator-units").fill("50");
    await expect.poll(() => page.getByTestId("profit-profitPerUnit").innerText()).toBe("36,275₫");
    expect(await page.getByTestId("profit-totalProfit").innerText()).toBe("1,813,750₫");
    expect(await page.getByTestId("profit-platformFees").innerText()).toBe("37,825₫");
    expect(await page.getByTestId("profit-breakEvenPrice").innerText()).toBe("148,966₫");
    expect(await page.getByTestId("profit-breakEvenRoas").innerText()).toBe("4.30");

    // A bad input says what is wrong and hides the results.
    await page.getByTestId("calculator-units").fill("0");
    await page.getByTestId("calculator-units-error").waitFor();
    await page.getByTestId("calculator-incomplete").waitFor();
    await page.getByTestId("calculator-units").fill("50");

    await page.getByTestId("scenario-name").fill("Lipstick VN");
    await page.getByTestId("scenario-save").click();
    await scenario(page, "Lipstick VN").getByTestId("scenario-open").waitFor();

    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.goto("/calculator");
    await scenario(page, "Lipstick VN").getByTestId("scenario-open").click();
    await expect.poll(() => page.getByTestId("profit-profitPerUnit").innerText()).toBe("36,275₫");
    expect(await page.getByTestId("profit-totalProfit").innerText()).toBe("1,813,750₫");
    expect(await page.getByTestId("calculator-price").inputValue()).toBe("199000");

    await scenario(page, "Lipstick VN").getByTestId("scenario-rename").click();
    await page.getByTestId("scenario-rename-input").fill("Lipstick VN, 50 units");
    await page.getByTestId("scenario-rename-save").click();
    await scenario(page, "Lipstick VN, 50 units").getByTestId("scenario-open").waitFor();
    await page.reload();
    await scenario(page, "Lipstick VN, 50 units").getByTestId("scenario-delete").click();
    await page.getByTestId("scenarios-empty").waitFor();
    await page.reload();
    await page.getByTestId("scenarios-empty").waitFor();
    await context.close();
  });
});
