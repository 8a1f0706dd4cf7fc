// The checkout steps e2e tests take as a user does (checkout.test.ts, subscriptions.test.ts):
// choosing plan, cycle, country and method on /checkout, Pay now to the sandbox gateway's
// hosted page, its test-card form (a card payment saves its card for renewals), and an outcome
// there back to the app's payment result.
import { expect } from "vitest";
import type { Page } from "playwright-core";

/** Chooses plan, cycle, country and method on the open checkout page; waits for the summary. */
export async function chooseOnCheckout(page: Page, plan: string, cycle: "Monthly" | "Yearly", method: string) {
  await page.getByTestId("checkout-page").waitFor();
  await page.getByRole("radio", { name: plan, exact: true }).check();
  await page.getByRole("radio", { name: cycle, exact: true }).check();
  await page.getByLabel("Country").selectOption({ label: "Vietnam" });
  await page.getByRole("radio", { name: method, exact: true }).check();
  await page.getByTestId("checkout-total").waitFor();
}

/** Opens checkout and chooses plan, cycle, country and method; waits for the summary. */
export async function choose(page: Page, plan: string, cycle: "Monthly" | "Yearly", method: string): Promise<void> {
  await page.goto("/checkout");
  await chooseOnCheckout(page, plan, cycle, method);
}

/** The pay button (Pay now, or Upgrade and pay), then the sandbox gateway's hosted page. */
export async function payNow(page: Page, button = "Pay now"): Promise<void> {
  await expect.poll(() => page.getByRole("button", { name: button }).isEnabled()).toBe(true);
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/sandbox-gateway\/pay\//);
}

export interface TestCard {
  /** Typed over the prefilled 4242 4242 4242 4242 when given. */
  number?: string;
  /** Ticks "Fail the next charge of this card (testing)". */
  failNext?: boolean;
}

/** Fills the sandbox gateway's test-card form (on a card payment's page, or a card setup). */
export async function enterCard(page: Page, { number, failNext = false }: TestCard = {}): Promise<void> {
  if (number) await page.getByLabel("Card number").fill(number);
  await page.getByLabel("CVC").fill("123");
  if (failNext) await page.getByLabel("Fail the next charge of this card (testing)").check();
}

/** Presses an outcome on the sandbox page and waits for the app's payment result. */
export async function gatewayOutcome(page: Page, button: string, status: string): Promise<void> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForURL(/\/paySuccess\?subscription_no=/);
  await expect.poll(() => page.getByTestId("pay-result").getAttribute("data-status"), { timeout: 30_000 }).toBe(status);
}
