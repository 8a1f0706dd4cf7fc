// Error recovery end to end, on the production build and the real server in demo mode: a page
// that throws while rendering (`?demo-crash`, demo mode only: src/app/DemoCrash.tsx) shows the
// retry view inside the page (title bar and tab bar kept), never a blank screen, and the report
// travels through the tracking outbox to the server, where /metrics counts it as a boundary
// error. Leaving the page for another clears the error.
import { expect, it } from "vitest";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";
import { parseMetrics, valueOf } from "../server/helpers/metrics";

const phonePage = usePhonePage(useBrowser());

async function boundaryErrors(): Promise<number> {
  const text = await (await fetch(`${baseURL}/metrics`)).text();
  return valueOf(parseMetrics(text), "client_errors_total", { kind: "boundary" }) ?? 0;
}

it("a crashing page shows the retry view and its error reaches the server", async () => {
  const before = await boundaryErrors();
  const page = await phonePage();
  await page.goto("/rank?demo-crash");

  const view = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: "Something went wrong" }) });
  await view.waitFor();
  await expect(view.getByRole("button", { name: "Try again" }).isVisible()).resolves.toBe(true);
  await expect(view.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).resolves.toBe("/");
  await expect(page.getByTestId("tab-bar").isVisible()).resolves.toBe(true);

  await expect.poll(boundaryErrors).toBeGreaterThan(before);

  // Another page (the tab bar) renders normally.
  await page.locator('[data-testid="tab-bar"] a:not([aria-current])').first().click();
  await page.getByTestId("error-view").waitFor({ state: "detached" });
});
