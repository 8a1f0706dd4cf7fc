// Popups and dialogs as Chromium runs them (components/Popup on the native <dialog>): opened from
// the keyboard they are modal (the page behind is inert), Tab and Shift+Tab keep focus inside,
// and Escape closes them (as their Cancel or Close) with focus back on the button that opened
// them. Checked on the Me page's "What each plan unlocks" popup and the Saved data confirmation;
// and a toast raised as a dialog opens shows above the dialog's mask.
import { beforeAll, describe, expect, it } from "vitest";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { passwordLoginToken } from "./api";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser(), { close: "afterAll" });
let page: Page;

beforeAll(async () => {
  page = await phonePage();
});

const focusInOpenDialog = () => page.evaluate(() => document.activeElement?.closest("dialog[open]") != null);
const hasFocus = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses `key` `times` times, checking after each press that focus stayed in the dialog. */
async function focusStaysInside(key: string, times: number): Promise<void> {
  for (let press = 0; press < times; press += 1) {
    await page.keyboard.press(key);
    expect(await focusInOpenDialog()).toBe(true);
  }
}

async function openFromKeyboard(opener: Locator, dialog: Locator): Promise<void> {
  await opener.focus();
  await page.keyboard.press("Enter");
  await dialog.waitFor();
  expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  expect(await focusInOpenDialog()).toBe(true);
}

describe("modal dialogs", () => {
  it("What each plan unlocks: Tab stays inside, Escape closes it and focus is back on its button", async () => {
    await page.goto("/user");
    const opener = page.getByRole("button", { name: "What each plan unlocks" });
    const dialog = page.getByRole("dialog", { name: "What each plan unlocks" });
    await openFromKeyboard(opener, dialog);
    await expect
      .poll(() => page.getByTestId("plan-details").locator("[data-status]").getAttribute("data-status"))
      .toBe("ready");
    await focusStaysInside("Tab", 6);
    await focusStaysInside("Shift+Tab", 6);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await hasFocus(opener)).toBe(true);
  });

  it("the Saved data confirmation starts on Clear; Escape is Cancel and focus is back on its button", async () => {
    await page.goto("/user");
    const opener = page.getByRole("button", { name: "Clear saved data" });
    const dialog = page.getByRole("alertdialog", { name: "Clear saved data?" });
    await openFromKeyboard(opener, dialog);
    expect(await hasFocus(dialog.getByRole("button", { name: "Clear", exact: true }))).toBe(true);
    await focusStaysInside("Tab", 4);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await hasFocus(opener)).toBe(true);
    // Cancelled, nothing cleared (a first visit may show the worker's "Ready to work offline").
    expect(await page.getByTestId("toast").filter({ hasText: "Saved data cleared" }).count()).toBe(0);
  });
});

it("a toast raised with a dialog opening over it stays on top of the dialog's mask", async () => {
  const tab = await phonePage({
    token: await passwordLoginToken(baseURL, "pro@shopradar.demo"),
    prepare: (member) => member.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL }),
  });
  await tab.goto("/rank?type=videos");
  const first = tab.locator("a.entity-row__main").first();
  await first.waitFor();
  await tab.goto((await first.getAttribute("href"))!);
  // Copy link toasts, then opens the day's notice dialog.
  await tab.getByTestId("copy-link").click();
  const notice = tab.getByRole("alertdialog", { name: "Link copied" });
  await notice.waitFor();
  expect(await notice.evaluate((element) => element.matches(":modal"))).toBe(true);
  const toast = tab.getByTestId("toast").last();
  await toast.waitFor();
  // The toast is drawn at its own colour, not darkened by the dialog's mask.
  await tab.waitForTimeout(500); // the mask's and the toast's fade-in
  const box = (await toast.boundingBox())!;
  const shot = await tab.screenshot({ clip: { x: box.x + 4, y: box.y + box.height / 2, width: 1, height: 1 } });
  const { data } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  const background = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
  const [red, green, blue] = background.match(/\d+(\.\d+)?/g)!.map(Number);
  for (const [drawn, expected] of [
    [data[0], red],
    [data[1], green],
    [data[2], blue],
  ])
    expect(Math.abs(drawn - expected)).toBeLessThanOrEqual(8);
});
