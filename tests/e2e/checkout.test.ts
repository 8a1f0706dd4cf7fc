// Membership checkout end to end, as a user does it on the embedded default: checkout with a
// coupon, the sandbox gateway's hosted page (approve, decline then pay again, let it expire),
// the payment result, My Plan and the invoices; the duplicate-order block; the coupon tips and
// a method's maximum. Purchases use fresh accounts (the e2e server is shared by every file, and
// the demo free account must stay free for them); tips that buy nothing use the demo account.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { API_HEADERS, apiCall, freshAccount, passwordLoginToken } from "./api";
import { choose, enterCard, gatewayOutcome, payNow } from "./checkout-flow";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser());
const DAY_MS = 86_400_000;

/** The raw envelope of a call (non-zero codes are answers here, not failures). */
async function envelope(path: string, token: string, body?: unknown, method = "POST") {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: { ...API_HEADERS, authorization: token },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> | null };
}

const totalUsd = async (page: Page) => Number(await page.getByTestId("checkout-total").getAttribute("data-usd"));

async function applyCoupon(page: Page, code: string): Promise<void> {
  await page.getByLabel("Coupon code").fill(code);
  await page.getByRole("button", { name: "Apply" }).click();
}

describe("buying a plan", () => {
  it("Premium yearly in Vietnam by card with DEMO10: approved, shown on /paySuccess, My Plan, the invoices and Me", async () => {
    const { token } = await freshAccount(baseURL);
    const page = await phonePage({ token });
    await choose(page, "Premium", "Yearly", "Card");
    await expect.poll(() => totalUsd(page)).toBe(398);
    await applyCoupon(page, "DEMO10");
    await expect.poll(() => totalUsd(page)).toBe(358.2);
    await page.getByTestId("checkout-coupon-applied").waitFor();
    expect(await page.getByTestId("checkout-total").innerText()).toMatch(/₫/);
    expect(await page.getByTestId("checkout-rate-note").innerText()).toContain(
      "Prices are converted at a live exchange rate, so the final amount may vary.",
    );

    await payNow(page);
    await enterCard(page);
    await gatewayOutcome(page, "Approve payment", "paid");
    expect(await page.getByRole("heading", { name: "Payment successful" }).isVisible()).toBe(true);
    expect(await page.getByTestId("pay-plan").innerText()).toBe("Premium");
    const endTime = Date.parse((await page.getByTestId("pay-end-date").getAttribute("data-end-time")) ?? "");
    const days = (endTime - Date.now()) / DAY_MS;
    expect(days).toBeGreaterThan(360);
    expect(days).toBeLessThan(370);

    await page.getByRole("link", { name: "My Plan" }).click();
    await expect.poll(() => page.getByTestId("my-plan").getAttribute("data-plan")).toBe("premium");
    expect(await page.getByTestId("my-plan-name").innerText()).toBe("Premium");
    expect(await page.getByTestId("my-plan-status").innerText()).toBe("Active");

    await page.goto("/order");
    await expect.poll(() => page.getByTestId("orders").getAttribute("data-state")).toBe("ready");
    const invoice = page.getByTestId("invoice").first();
    expect(await invoice.getAttribute("data-status")).toBe("paid");
    expect(await invoice.getByTestId("invoice-status").innerText()).toBe("Paid");
    expect(await invoice.getByTestId("invoice-method").innerText()).toBe("Card");
    expect(await invoice.getByTestId("invoice-discount").innerText()).toMatch(/^-/);

    // The plan the server now grants, read as the app reads it.
    const combo = await apiCall<Array<{ plan?: string }>>(baseURL, "/v1/user/accounts/current-combo?system_id=14", {
      token,
    });
    expect(combo[0]?.plan).toBe("premium");
    await page.goto("/user");
    await expect.poll(() => page.getByTestId("me-plan").innerText()).toContain("Premium");
  });

  it("a declined payment offers Pay again, and the second attempt is approved", async () => {
    const { token } = await freshAccount(baseURL);
    const page = await phonePage({ token });
    await choose(page, "Basic", "Monthly", "Card");
    await payNow(page);
    await gatewayOutcome(page, "Decline payment", "failed");
    expect(await page.getByRole("alert").first().innerText()).toBe(
      "Payment failed. If there's a problem, please contact us.",
    );
    expect(await page.getByRole("button", { name: "Cancel" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Pay again" }).click();
    await page.waitForURL(/\/sandbox-gateway\/pay\//);
    await enterCard(page);
    await gatewayOutcome(page, "Approve payment", "paid");
    expect(await page.getByTestId("pay-plan").innerText()).toBe("Basic");
  });

  it("a payment left to expire shows the canceled order with a way back to checkout", async () => {
    const { token } = await freshAccount(baseURL);
    const page = await phonePage({ token });
    await choose(page, "Basic", "Monthly", "Card");
    await payNow(page);
    await gatewayOutcome(page, "Let it expire", "canceled");
    expect(await page.getByRole("heading", { name: "This order was canceled" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Back to checkout" }).click();
    await page.getByTestId("checkout-page").waitFor();
  });
});

describe("the duplicate-order block", () => {
  it("refuses a second order while one is unpaid: the dialog views the order, which can be canceled", async () => {
    const { token } = await freshAccount(baseURL);
    const body = { plan: "basic", months: 1, country: "VN", method: "card_vn" };
    const first = await envelope("/v1/user/subscriptions/pre-payment", token, body);
    expect(first.code).toBe(0);
    const second = await envelope("/v1/user/subscriptions/pre-payment", token, body);
    expect(second.code).toBe(70010);
    expect(second.msg).toBe("Unpaid order exists, do not place duplicate.");

    const page = await phonePage({ token });
    await choose(page, "Premium", "Monthly", "Card");
    await page.getByRole("button", { name: "Pay now" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("Unpaid order exists, do not place duplicate.");

    await dialog.getByRole("button", { name: "View order" }).click();
    await page.waitForURL(/\/paySuccess\?subscription_no=/);
    await expect.poll(() => page.getByTestId("pay-result").getAttribute("data-status")).toBe("unpaid");
    expect(await page.getByTestId("pay-order-no").innerText()).toBe(first.data?.subscription_no);
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => page.getByTestId("pay-result").getAttribute("data-status")).toBe("canceled");

    // Nothing blocks a new order now.
    await choose(page, "Premium", "Monthly", "Card");
    await payNow(page);
  });

  it("Cancel order in the dialog cancels the open order, and Pay now goes on", async () => {
    const { token } = await freshAccount(baseURL);
    const page = await phonePage({ token });
    await choose(page, "Basic", "Monthly", "Card");
    await payNow(page);
    // Back in the app while the first payment is still open at the gateway.
    await choose(page, "Basic", "Monthly", "Card");
    await page.getByRole("button", { name: "Pay now" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel order" }).click();
    await dialog.waitFor({ state: "detached" });
    await payNow(page);
  });
});

describe("coupon tips and method bounds", () => {
  it("checkout shows each coupon's own tip and a method's maximum", async () => {
    const page = await phonePage({ token: await passwordLoginToken(baseURL, "free@shopradar.demo") });
    await choose(page, "Premium", "Monthly", "Card");
    const tip = page.getByTestId("checkout-coupon-tip");
    const expectTip = async (code: string, text: string) => {
      await applyCoupon(page, code);
      await expect.poll(async () => ((await tip.isVisible()) ? await tip.innerText() : "")).toBe(text);
    };
    await expectTip("DEMO-EXPIRED", "The coupon has expired");
    await expectTip("DEMO-FUTURE", "The coupon is not yet effective");
    await expectTip("DEMO-PRO", "This coupon does not apply to this plan");
    await expectTip("NOT-A-COUPON", "Invalid coupon");
    await expectTip("DEMO-MIN500", "This coupon applies to orders of at least US$500");
    await expectTip("DEMO-GONE", "The coupons have all been given out. Please contact support.");

    // Pro yearly (US$798) is above MoMo's maximum.
    await applyCoupon(page, "");
    await page.getByRole("radio", { name: "Pro", exact: true }).check();
    await page.getByRole("radio", { name: "Yearly", exact: true }).check();
    await page.getByRole("radio", { name: "MoMo", exact: true }).check();
    await expect
      .poll(() => page.getByTestId("checkout-method-error").innerText())
      .toBe("The amount of the payment method shall not be greater than US$400");
    expect(await page.getByRole("button", { name: "Pay now" }).isDisabled()).toBe(true);
  });

  it("the API answers every demo coupon's tip, DEMO-ONCE on its second use", async () => {
    const { token } = await freshAccount(baseURL);
    const quote = async (coupon: string, plan = "basic") =>
      apiCall<{ coupon_applied: boolean; coupon_tip: { code: string } | null; total_usd: number }>(
        baseURL,
        "/v1/user/subscriptions/price-query",
        { method: "POST", token, body: { plan, months: 1, country: "VN", method: "card_vn", coupon_code: coupon } },
      );
    const tips: Record<string, string> = {
      "DEMO-EXPIRED": "expired",
      "DEMO-FUTURE": "not_yet_effective",
      "DEMO-PRO": "not_applicable_plan",
      "DEMO-MIN500": "below_minimum_amount",
      "DEMO-GONE": "fully_given_out",
      "NOT-A-COUPON": "invalid",
    };
    for (const [code, tip] of Object.entries(tips)) expect((await quote(code)).coupon_tip?.code, code).toBe(tip);
    expect((await quote("DEMO-PRO", "pro")).coupon_applied).toBe(true);

    const once = await quote("DEMO-ONCE");
    expect(once.coupon_applied).toBe(true);
    const order = await envelope("/v1/user/subscriptions/pre-payment", token, {
      plan: "basic",
      months: 1,
      country: "VN",
      method: "card_vn",
      coupon_code: "DEMO-ONCE",
    });
    expect(order.code).toBe(0);
    expect((await quote("DEMO-ONCE")).coupon_tip?.code).toBe("per_person_limit");
  });
});
