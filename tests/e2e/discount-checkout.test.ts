// The Basic9.9 discount at checkout (issue 16's acceptance), on the shared e2e server with fresh
// accounts: /checkout?marketing_id=1001&group_num=1 preselects Basic monthly, shows "Discount
// Basic9.9: −US$10.00" and a total of US$9.90, and the order is paid at that price through the
// sandbox gateway; afterwards the first-purchase discount is refused for that account and
// Remove discount prices the plan at its list price. Choosing another cycle drops the discount.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { freshAccount } from "./api";
import { enterCard, gatewayOutcome, payNow } from "./checkout-flow";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());
const BASIC_99 = "/checkout?marketing_id=1001&group_num=1";

async function signedInPage(): Promise<Page> {
  const { token } = await freshAccount(baseURL);
  return phonePage({ token });
}

const totalUsd = async (page: Page) => Number(await page.getByTestId("checkout-total").getAttribute("data-usd"));
const checked = (page: Page, name: string) => page.getByRole("radio", { name, exact: true }).isChecked();

async function openWithDiscount(page: Page): Promise<void> {
  await page.goto(BASIC_99);
  await page.getByTestId("checkout-page").waitFor();
  await page.getByLabel("Country").selectOption({ label: "Vietnam" });
  await page.getByRole("radio", { name: "Card", exact: true }).check();
}

describe("the Basic9.9 discount at checkout", () => {
  it("preselects Basic monthly, charges US$9.90, and is refused once the account has paid", async () => {
    const page = await signedInPage();
    await openWithDiscount(page);
    await expect.poll(() => checked(page, "Basic")).toBe(true);
    expect(await checked(page, "Monthly")).toBe(true);
    await expect.poll(() => totalUsd(page)).toBe(9.9);
    expect(await page.getByTestId("checkout-marketing-discount").innerText()).toBe("Discount Basic9.9: −US$10.00");
    expect(Number(await page.getByTestId("checkout-subtotal").getAttribute("data-usd"))).toBe(19.9);

    await payNow(page);
    await enterCard(page);
    await gatewayOutcome(page, "Approve payment", "paid");
    expect(await page.getByTestId("pay-plan").innerText()).toBe("Basic");
    await page.goto("/order");
    await expect.poll(() => page.getByTestId("orders").getAttribute("data-state")).toBe("ready");
    expect(await page.getByTestId("invoice").first().getAttribute("data-status")).toBe("paid");
    expect(await page.getByTestId("invoice").first().getByTestId("invoice-total").innerText()).toContain("US$9.90");

    // A first-purchase discount: the paying account cannot use it again.
    await openWithDiscount(page);
    await expect
      .poll(() => page.getByTestId("checkout-marketing-refused").innerText())
      .toBe("This discount cannot be used on your account now");
    expect(await page.getByRole("button", { name: "Pay now" }).isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Remove discount" }).click();
    await expect.poll(() => totalUsd(page)).toBe(19.9);
    expect(await page.getByTestId("checkout-marketing").count()).toBe(0);
  });

  it("choosing another billing cycle drops the discount", async () => {
    const page = await signedInPage();
    await openWithDiscount(page);
    await expect.poll(() => totalUsd(page)).toBe(9.9);
    await page.getByRole("radio", { name: "Yearly", exact: true }).check();
    await expect.poll(() => totalUsd(page)).toBe(198);
    expect(await page.getByTestId("checkout-marketing").count()).toBe(0);
    expect(await checked(page, "Basic")).toBe(true);
  });
});
