// The profit calculator in the real build: opened from a Vietnamese product's detail it is
// pre-filled (price, commission rate, market); the hand-worked VN example (docs/calculator.md,
// tests/unit/calculator/profit.test.ts) shows 36,275₫ profit per unit; a saved scenario is still
// listed and opens with the same figures after an offline reload; rename and delete work.
// Controls are found as a user finds them, by role and visible name or label; the result figures
// (a <dd> beside its <dt>, with no name of its own) by their test ids.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { apiCall, passwordLoginToken } from "./api";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());

/** A field by its label; amounts' labels end with the market's currency, "Selling price (VND)". */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** A drop-down by its label (getByLabel would match the wrapping label's text, options included). */
const select = (page: Page, label: string) => page.getByRole("combobox", { name: label, exact: true });
const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
const figure = (page: Page, key: string) => page.getByTestId(`profit-${key}`).innerText();

describe("profit calculator", () => {
  it("opens pre-filled from a VN product, computes the hand-worked profit and keeps its scenario offline", async () => {
    const token = await passwordLoginToken(baseURL, "pro@shopradar.demo");
    const { list } = await apiCall<{ list: { id: string; price: number; commission_rate: number }[] }>(
      baseURL,
      "/api/v1/rank/goods?country=VN&size=1&window=7d",
      { token },
    );
    const product = list[0];
    const page = await phonePage({ token });

    await page.goto(`/goodsDetail?id=${product.id}`);
    await page.getByRole("link", { name: "Profit calculator" }).click();
    await page.waitForURL((url) => url.pathname === "/calculator");
    await page.getByRole("heading", { name: "Profit calculator" }).waitFor();
    expect(await select(page, "Market").inputValue()).toBe("VN");
    expect(Number(await field(page, "Selling price (VND)").inputValue())).toBe(Math.round(product.price));
    expect(Number(await field(page, "Affiliate commission rate (%)").inputValue())).toBeCloseTo(
      product.commission_rate * 100,
      3,
    );

    // The hand-worked example: 199,000 ₫ beauty, cost 80,000, shipping 15,000, 10 % affiliate,
    // 500,000 ₫ ads over 50 units → 36,275 ₫ per unit, 1,813,750 ₫ in total.
    await select(page, "Category").selectOption("beauty");
    await field(page, "Selling price (VND)").fill("199000");
    await field(page, "Cost of goods (VND)").fill("80.000");
    await field(page, "Shipping (VND)").fill("15000");
    await field(page, "Affiliate commission rate (%)").fill("10");
    await page.getByRole("radio", { name: "Ad spend", exact: true }).check();
    await field(page, "Ad spend for all units (VND)").fill("500000");
    await field(page, "Expected units").fill("50");
    await expect.poll(() => figure(page, "profitPerUnit")).toBe("36,275₫");
    expect(await figure(page, "totalProfit")).toBe("1,813,750₫");
    expect(await figure(page, "platformFees")).toBe("37,825₫");
    expect(await figure(page, "breakEvenPrice")).toBe("148,966₫");
    expect(await figure(page, "breakEvenRoas")).toBe("4.30");

    // A bad input says what is wrong and hides the results.
    await field(page, "Expected units").fill("0");
    await page.getByRole("alert").filter({ hasText: "Enter a whole number of units from 1 to 1,000,000" }).waitFor();
    await page.getByText("Enter a selling price and the cost of goods to see the profit.").waitFor();
    expect(await page.getByRole("region", { name: "Results" }).count()).toBe(0);
    await field(page, "Expected units").fill("50");

    await field(page, "Scenario name").fill("Lipstick VN");
    await button(page, "Save scenario").click();
    await button(page, "Open Lipstick VN").waitFor();

    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.context().setOffline(true);
    await page.goto("/calculator");
    await button(page, "Open Lipstick VN").click();
    await expect.poll(() => figure(page, "profitPerUnit")).toBe("36,275₫");
    expect(await figure(page, "totalProfit")).toBe("1,813,750₫");
    expect(await field(page, "Selling price (VND)").inputValue()).toBe("199000");

    await button(page, "Rename Lipstick VN").click();
    await field(page, "New name for Lipstick VN").fill("Lipstick VN, 50 units");
    await button(page, "Save name").click();
    await button(page, "Open Lipstick VN, 50 units").waitFor();
    await page.reload();
    await button(page, "Delete Lipstick VN, 50 units").click();
    await page.getByText("No saved scenarios yet.").waitFor();
    await page.reload();
    await page.getByText("No saved scenarios yet.").waitFor();
  });
});
