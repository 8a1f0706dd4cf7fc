// Popups and dialogs as Chromium runs them (components/Popup on the native <dialog>): opened from
// the keyboard they are modal (the page behind is inert), Tab and Shift+Tab keep focus inside,
// and Escape closes them (as their Cancel or Close) with focus back on the button that opened
// them. Checked on the Me page's "What each plan unlocks" popup and the Saved data confirmation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { phoneContext } from "./browser";
import { baseURL, useBrowser } from "./fixtures";

const browser = useBrowser();
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await phoneContext(browser(), baseURL);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
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
    expect(await page.getByTestId("toast").count()).toBe(0); // cancelled, nothing cleared
  });
});
