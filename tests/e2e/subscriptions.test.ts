// Subscriptions end to end (issue 14's acceptance), as new users do it in Chromium on a phone:
// a card purchase at checkout through the sandbox gateway's card form, the upgrade to Pro with
// the carried days on My Plan, Cancel renewal ("Renewal off" and Pro to the end date), saving a
// card three times (only the last two kept), a renewal charged to the saved card when the
// server's clock passes the end date, a failing saved card through the dunning notice to
// expiry, and the 3-day trial claimed once. The file runs its own server (a small demo dataset,
// long sessions): moving its clock forward must not age the shared e2e server's data or tokens.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { DUNNING_RETRY_DAYS } from "../../contract/commerce";
import { API_HEADERS, apiCall, freshAccount } from "./api";
import { choose, chooseOnCheckout, enterCard, gatewayOutcome, payNow, type TestCard } from "./checkout-flow";
import { useBrowser, useOwnServer, usePhonePage } from "./fixtures";

const DAY_MS = 86_400_000;

const server = useOwnServer({ env: { DEMO_DATA_SCALE: "0.05", SESSION_TTL_MS: String(3650 * DAY_MS) } });
const browser = useBrowser();
const phonePage = usePhonePage(browser, { base: () => server().url });

interface Member {
  token: string;
  page: Page;
}

/** A new account, signed in on a phone page of this file's server. */
async function newMember(): Promise<Member> {
  const { token } = await freshAccount(server().url);
  return { token, page: await phonePage({ token }) };
}

interface MyPlanAnswer {
  current: { plan: string; end_time: string; carried_days?: number } | null;
  subscription: {
    id: number;
    status: string;
    period_end: string;
    failed_attempts: number;
    method: { last4: string } | null;
  } | null;
}

const myPlan = (token: string) =>
  apiCall<MyPlanAnswer>(server().url, "/v1/user/subscriptions/user-subscribe", { token });

/** The server's time (demo mode's movable clock). */
const serverNow = async () => Date.parse((await apiCall<{ now: string }>(server().url, "/__dev/clock")).now);

/** Moves the server's clock to just after `instant` (the renewal job runs at once). */
async function moveClockPast(instant: string): Promise<void> {
  const ms = Date.parse(instant) - (await serverNow()) + 60 * 60_000;
  if (ms > 0) await apiCall(server().url, "/__dev/clock", { method: "POST", body: { advance_ms: Math.ceil(ms) } });
}

/** Buys Basic monthly by card at checkout, through the gateway's card form. */
async function buyBasicMonthly(page: Page, card: TestCard = {}): Promise<void> {
  await choose(page, "Basic", "Monthly", "Card");
  await payNow(page);
  await enterCard(page, card);
  await gatewayOutcome(page, "Approve payment", "paid");
}

async function openMyPlan(page: Page): Promise<void> {
  await page.goto("/subscription");
  await expect.poll(() => page.getByTestId("subscription-page").getAttribute("data-state")).toBe("ready");
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

describe("upgrade and cancel", () => {
  it("a Basic member upgrades to Pro with the carried days, then cancels and keeps Pro to the end date", async () => {
    const { token, page } = await newMember();
    await buyBasicMonthly(page);
    await page.getByRole("link", { name: "My Plan" }).click();
    await expect.poll(() => page.getByTestId("my-plan").getAttribute("data-plan")).toBe("basic");
    await expect.poll(() => text(page, "renewal-state")).toMatch(/^Renews automatically on .+ with Visa •••• 4242$/);

    await page.getByRole("link", { name: "Upgrade", exact: true }).click();
    await page.getByTestId("checkout-page").waitFor();
    expect(await text(page, "checkout-upgrade-notice")).toBe(
      "Upgrading is best done on a PC. You can also finish it here.",
    );
    await expect.poll(() => page.getByRole("radio", { name: "Pro", exact: true }).count()).toBe(1);
    expect(await page.getByRole("radio", { name: "Basic", exact: true }).count()).toBe(0);
    await chooseOnCheckout(page, "Pro", "Monthly", "Card");
    const carried = page.getByTestId("checkout-upgrade-carried");
    await expect.poll(() => carried.isVisible()).toBe(true);
    const carriedDays = Number(await carried.getAttribute("data-days"));
    expect(carriedDays).toBeGreaterThanOrEqual(27);
    expect(carriedDays).toBeLessThanOrEqual(31);
    expect(await carried.innerText()).toMatch(
      new RegExp(`^${carriedDays} days of your current plan are carried over; new end date `),
    );

    await payNow(page, "Upgrade and pay");
    await enterCard(page);
    await gatewayOutcome(page, "Approve payment", "paid");
    expect(await text(page, "pay-plan")).toBe("Pro");

    await openMyPlan(page);
    expect(await page.getByTestId("my-plan").getAttribute("data-plan")).toBe("pro");
    expect(await text(page, "my-plan-carried")).toBe(
      `Includes ${carriedDays} days carried over from your previous plan`,
    );
    const endTime = Date.parse((await page.getByTestId("my-plan-end").getAttribute("data-end-time")) ?? "");
    const daysToEnd = (endTime - (await serverNow())) / DAY_MS;
    expect(daysToEnd).toBeGreaterThan(27 + carriedDays);
    expect(daysToEnd).toBeLessThan(32 + carriedDays);

    await page.getByRole("button", { name: "Cancel renewal" }).click();
    const dialog = page.getByRole("alertdialog");
    expect(await dialog.innerText()).toContain("Payments are not refunded.");
    await dialog.getByRole("button", { name: "Cancel renewal" }).click();
    await expect.poll(() => text(page, "renewal-state")).toMatch(/^Renewal off: your plan stays active until /);
    expect(await page.getByRole("button", { name: "Cancel renewal" }).count()).toBe(0);

    // Still Pro, to the same end date, after a reload and on the server.
    await openMyPlan(page);
    expect(await page.getByTestId("my-plan").getAttribute("data-plan")).toBe("pro");
    expect(await page.getByTestId("my-plan-end").getAttribute("data-end-time")).toBe(new Date(endTime).toISOString());
    expect(await text(page, "renewal-state")).toMatch(/^Renewal off: your plan stays active until /);
    const answer = await myPlan(token);
    expect(answer.subscription?.status).toBe("canceled");
    expect(answer.current?.plan).toBe("pro");
  });
});

describe("saved cards", () => {
  it("a card saved three times keeps only the last two", async () => {
    const { page } = await newMember();
    await openMyPlan(page);
    const cards = ["4242 4242 4242 4242", "5555 5555 5555 4444", "4000 0566 5566 5556"];
    for (const [index, number] of cards.entries()) {
      await page.getByRole("button", { name: "Add card" }).click();
      await page.waitForURL(/\/sandbox-gateway\/setup\//);
      await enterCard(page, { number });
      await page.getByRole("button", { name: "Save card" }).click();
      await page.waitForURL((url) => url.pathname === "/subscription" && !url.search.includes("setup_id"));
      await expect.poll(() => page.getByTestId("saved-method").count()).toBe(Math.min(index + 1, 2));
      await expect
        .poll(() => page.getByTestId("saved-method").first().getAttribute("data-last4"))
        .toBe(number.slice(-4));
    }
    const listed = await page.getByTestId("saved-method").evaluateAll((rows) => rows.map((row) => row.textContent));
    expect(listed).toHaveLength(2);
    expect(listed[0]).toContain("Visa •••• 5556");
    expect(listed[1]).toContain("Mastercard •••• 4444");
    expect(listed.join(" ")).not.toContain("4242");

    // Remove takes one away.
    await page.getByRole("button", { name: "Remove Mastercard •••• 4444" }).click();
    await expect.poll(() => page.getByTestId("saved-method").count()).toBe(1);
  });
});

describe("the 3-day trial", () => {
  it("is claimed once: the second attempt is refused", async () => {
    const { token, page } = await newMember();
    await page.goto("/getThreeDayVip");
    await page.getByRole("button", { name: "Claim 3-day trial" }).click();
    const claimed = page.getByTestId("trial-claimed");
    await claimed.waitFor();
    expect(await claimed.innerText()).toMatch(/Your Basic trial runs until /);
    const endTime = Date.parse((await claimed.getAttribute("data-end-time")) ?? "");
    const days = (endTime - (await serverNow())) / DAY_MS;
    // Three days, after the sign-up trial's day when it still runs.
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(4.1);

    await page.reload();
    await expect.poll(() => text(page, "trial-refusal")).toBe("You have already claimed the 3-day trial.");
    expect(await page.getByRole("button", { name: "Claim 3-day trial" }).isDisabled()).toBe(true);
    const again = await fetch(`${server().url}/v1/user/charge/marketing/support-experience`, {
      method: "POST",
      headers: { ...API_HEADERS, authorization: token },
    });
    expect(((await again.json()) as { code: number }).code).toBe(70060);
  });
});

describe("renewals on the server's clock", () => {
  it("past the end date the saved card is charged and My Plan shows the next date", async () => {
    const { token, page } = await newMember();
    await buyBasicMonthly(page);
    const before = await myPlan(token);
    const periodEnd = before.subscription?.period_end ?? "";
    expect(before.subscription?.status).toBe("active");

    await moveClockPast(periodEnd);
    await expect
      .poll(async () => (await myPlan(token)).subscription?.period_end, { timeout: 30_000 })
      .not.toBe(periodEnd);
    await openMyPlan(page);
    const nextDate = (await page.getByTestId("renewal-state").getAttribute("data-date")) ?? "";
    const daysAfter = (Date.parse(nextDate) - Date.parse(periodEnd)) / DAY_MS;
    expect(daysAfter).toBeGreaterThanOrEqual(28);
    expect(daysAfter).toBeLessThanOrEqual(31);
    expect(await text(page, "renewal-state")).toMatch(/^Renews automatically on .+ with Visa •••• 4242$/);
    expect(await page.getByTestId("my-plan").getAttribute("data-plan")).toBe("basic");
    expect(await page.getByTestId("my-plan-status").innerText()).toBe("Active");
    expect(await page.getByTestId("renewal-failed").count()).toBe(0);
  });

  it("a failing saved card shows the failed-payment notice, then the plan expires after the retries", async () => {
    const { token, page } = await newMember();
    // A card saved with "fail the next charge" ticked; this test card also declines its retries.
    await buyBasicMonthly(page, { number: "4000 0000 0000 0341", failNext: true });
    const periodEnd = (await myPlan(token)).subscription?.period_end ?? "";

    await moveClockPast(periodEnd);
    await expect.poll(async () => (await myPlan(token)).subscription?.status, { timeout: 30_000 }).toBe("past_due");
    await openMyPlan(page);
    const notice = page.getByTestId("renewal-failed");
    expect(await notice.innerText()).toMatch(
      /We could not charge your payment method on .+\. We will try again on .+\./,
    );
    expect(await notice.getByRole("link", { name: "Renew" }).isVisible()).toBe(true);
    expect(await text(page, "my-plan-expires")).toMatch(/^Expires in \d days?$/);

    // Each retry fails in turn; after the last one the plan is over.
    for (const [index, days] of DUNNING_RETRY_DAYS.entries()) {
      await moveClockPast(new Date(Date.parse(periodEnd) + days * DAY_MS).toISOString());
      await expect
        .poll(
          async () => {
            const subscription = (await myPlan(token)).subscription;
            return subscription?.status === "expired" || (subscription?.failed_attempts ?? 0) >= index + 2;
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    expect((await myPlan(token)).subscription?.status).toBe("expired");
    await openMyPlan(page);
    const plan = page.getByTestId("my-plan");
    expect(["free", "basic"]).toContain(await plan.getAttribute("data-plan"));
    if ((await plan.getAttribute("data-plan")) === "basic")
      expect(await plan.getAttribute("data-state")).toBe("expired");
    expect(await page.getByTestId("renewal-failed").count()).toBe(0);
    expect(await page.getByTestId("renewal-state").count()).toBe(0);
  });
});
