// The first-month discount drawer end to end (spec §4), with the page's clock under the test's
// control (Playwright's page.clock) on a server of the file's own, whose demo clock is moved
// past a new account's 1-day trial so the user has no plan: the drawer full size with the
// Basic9.9 offer and its 10-minute countdown, collapsing to the mini badge after 5 s, once a
// day (drawer-visible-{userId}); the countdown kept in its cookies and resumed after a reload;
// Buy now to checkout with the discount; closing the badge hides everything and stops asking
// for the rest of the day (discount-show-date-{userId}, countdown cookies cleared); the next
// day it opens full size again. Non-modal: the page's own links stay usable under it.
import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { apiCall, freshAccount } from "./api";
import { useBrowser, useOwnServer, usePhonePage } from "./fixtures";

const DAY_MS = 86_400_000;
const LIST_PATH = "/v1/user/charge/marketing/list/pay-discounts";

const server = useOwnServer({ env: { DEMO_DATA_SCALE: "0.05", SESSION_TTL_MS: String(3650 * DAY_MS) } });
const browser = useBrowser();
const phonePage = usePhonePage(browser, { base: () => server().url });

/** A new account whose 1-day trial is over (the server's clock moved 2 days on). */
async function freeUser(): Promise<{ token: string; userId: number }> {
  const { token } = await freshAccount(server().url);
  await apiCall(server().url, "/__dev/clock", { method: "POST", body: { advance_ms: 2 * DAY_MS } });
  const combo = await apiCall<unknown[]>(server().url, "/v1/user/accounts/current-combo?system_id=14", { token });
  expect(combo).toEqual([]);
  const user = await apiCall<{ user_id: number }>(server().url, "/v1/user/accounts/current-user", { token });
  return { token, userId: user.user_id };
}

/** A local calendar date of the page's clock as YYYY-MM-DD. */
const pageDate = (page: Page) =>
  page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });

async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  return (await context.cookies(server().url)).find((entry) => entry.name === name)?.value;
}

/** "mm:ss" as seconds. */
function toSeconds(clock: string): number {
  const [minutes, seconds] = clock.split(":").map(Number);
  return minutes * 60 + seconds;
}

const drawer = (page: Page) => page.getByRole("dialog", { name: "First-month discount" });
const badge = (page: Page) => page.getByRole("region", { name: "First-month discount" });

describe("the first-month discount drawer", () => {
  it("full size once a day, the badge after 5 s, the countdown resumed after a reload, hidden for the day when the badge is closed", async () => {
    const { token, userId } = await freeUser();
    const page = await phonePage({ token });
    const context = page.context();
    const listCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === LIST_PATH) listCalls.push(request.url());
    });
    await page.clock.install({ time: new Date("2031-03-14T09:00:00") });

    await page.goto("/rank");
    await drawer(page).waitFor();
    expect(await drawer(page).getByTestId("discount-drawer-price").innerText()).toBe("US$9.90");
    expect(await drawer(page).getByTestId("discount-drawer-original").innerText()).toBe("US$19.90");
    expect(await drawer(page).getByTestId("discount-drawer-percent").innerText()).toBe("50% off");
    expect(await drawer(page).getByRole("timer", { name: "Offer ends in" }).innerText()).toMatch(/^(10:00|09:5\d)$/);
    expect(new URL(listCalls[0]).searchParams.get("marketing_type")).toBe("5");
    const today = await pageDate(page);
    expect(today).toBe("2031-03-14");
    expect(await cookie(context, `drawer-visible-${userId}`)).toBe(today);
    // Non-modal: no mask over the page.
    expect(await page.locator(".popup").count()).toBe(0);

    await page.clock.runFor(5_000);
    await badge(page).waitFor();
    expect(await drawer(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Show discount" }).isVisible()).toBe(true);

    // Polling every 8 s while signed in without a plan.
    const before = listCalls.length;
    await page.clock.runFor(16_000);
    await expect.poll(() => listCalls.length).toBeGreaterThanOrEqual(before + 2);

    // The countdown runs on the badge and is kept in its cookies; a reload resumes it.
    await page.clock.runFor(60_000);
    // The page writes its cookies at once, but the browser's cookie store, which
    // context.cookies() reads, takes them asynchronously: sixty ticks' writes may still be on
    // their way (read at once, it held 9 minutes in today's CI and in one run of six alone).
    await expect.poll(async () => Number(await cookie(context, "countDown"))).toBeLessThanOrEqual(8);
    const minutes = await cookie(context, "countDown");
    const seconds = Number(await cookie(context, "countDownSeconds"));
    const saved = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
    await page.reload();
    // Later the same day: the badge, not the full drawer.
    await badge(page).waitFor();
    expect(await drawer(page).count()).toBe(0);
    // Resumed from the saved value (a fresh countdown would show 10:00); the fake clock keeps
    // flowing in real time while the page reloads, so allow for that time.
    const resumed = toSeconds(await badge(page).getByRole("timer", { name: "Offer ends in" }).innerText());
    expect(resumed).toBeLessThanOrEqual(toSeconds(saved));
    expect(resumed).toBeGreaterThan(toSeconds(saved) - 60);

    // The badge opens the drawer again; the page's tab bar stays usable under it.
    await page.getByRole("button", { name: "Show discount" }).click();
    await drawer(page).waitFor();
    await page.getByRole("button", { name: "Close" }).click();
    await badge(page).waitFor();

    // Closing the badge: nothing more today, no more asking, countdown cookies cleared.
    await page.getByRole("button", { name: "Hide for today" }).click();
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(await cookie(context, `discount-show-date-${userId}`)).toBe(today);
    expect(await cookie(context, "countDown")).toBeUndefined();
    expect(await cookie(context, "countDownSeconds")).toBeUndefined();
    // App start still loads the discounts once off the home page (spec §4); the drawer asks no more.
    const combo = page.waitForResponse((response) => response.url().includes("/current-combo"));
    const appStartLoad = page.waitForResponse((response) => new URL(response.url()).pathname === LIST_PATH);
    await page.reload();
    await combo;
    await appStartLoad;
    await page.getByTestId("page-rank").waitFor();
    listCalls.length = 0;
    await page.clock.runFor(30_000);
    expect(listCalls).toEqual([]);
    expect(await badge(page).count()).toBe(0);
    expect(await drawer(page).count()).toBe(0);

    // The next day: full size again.
    await page.clock.setSystemTime(new Date("2031-03-15T09:00:00"));
    await page.reload();
    await drawer(page).waitFor();
    expect(await cookie(context, `drawer-visible-${userId}`)).toBe("2031-03-15");
  });

  it("Buy now opens checkout with the discount: Basic monthly at US$9.90", async () => {
    const { token } = await freeUser();
    const page = await phonePage({ token });
    await page.goto("/user");
    await drawer(page).waitFor();
    await page.getByRole("button", { name: "Buy now" }).click();
    await page.waitForURL(/\/checkout\?marketing_id=1001&group_num=1$/);
    await expect.poll(() => page.getByRole("radio", { name: "Basic", exact: true }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Monthly", exact: true }).isChecked()).toBe(true);
    await expect
      .poll(() => page.getByTestId("checkout-marketing-discount").innerText())
      .toBe("Discount Basic9.9: −US$10.00");
    await expect.poll(async () => Number(await page.getByTestId("checkout-total").getAttribute("data-usd"))).toBe(9.9);
    // Not over checkout.
    expect(await drawer(page).count()).toBe(0);
    expect(await badge(page).count()).toBe(0);
  });
});
