// Signing in through the login page as a user does, for e2e tests that need a signed-in page
// (the sign-in journeys themselves are in accounts.test.ts).
import { expect } from "vitest";
import type { Page } from "playwright-core";

/** Signs in with a password through the login page; resolves once the session cookie is set. */
export async function signInThroughLoginPage(page: Page, loginId: string, password: string): Promise<void> {
  await page.goto("/login");
  await page.getByTestId("login-id").fill(loginId);
  await page.getByTestId("login-id").blur();
  await expect.poll(() => page.getByTestId("login-form").getAttribute("data-mode")).toBe("login");
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect.poll(() => page.evaluate(() => document.cookie.includes("token="))).toBe(true);
}
