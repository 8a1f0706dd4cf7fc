// The questionnaire popup in Chromium against the production build and the real server with
// its seeded default questionnaire. Each test registers a fresh e-mail account (a demo account
// answering would change what the rest of the shared e2e run sees): the popup opens after
// sign-in, step 1 answered and a free-text answer typed on step 2 survive a reload (the draft
// in IndexedDB), the last step submits and the success view shows, and the popup does not come
// back, in the same session or a new one. Skipping keeps it closed for the rest of the day,
// in new sessions too; the next day it asks again.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { freshAccountToken } from "./api";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";
import { QUESTIONNAIRE_DB_NAME, QUESTIONNAIRE_STORE_NAME } from "../../contract/indexed-db";
import { QUESTIONNAIRE_DISMISSED_DATE_KEY } from "../../src/features/questionnaire/dismissal";

const phonePage = usePhonePage(useBrowser(), { questionnaire: true });

const step = async (page: Page) => Number(await page.getByTestId("questionnaire-step").getAttribute("data-step"));
const questionnaireAnswer = (page: Page) =>
  page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/api/v1/questionnaire" && response.request().method() === "GET",
  );

describe("questionnaire popup", () => {
  it("opens after sign-in; a draft survives a reload; the last step submits; it does not come back", async () => {
    const token = await freshAccountToken(baseURL);
    const page = await phonePage({ token });
    await page.goto("/");
    const popup = page.getByTestId("questionnaire");
    await popup.waitFor();
    expect(await step(page)).toBe(1);
    expect(await page.getByTestId("questionnaire-progress").innerText()).toBe("Question 1 of 4");
    expect(await page.getByTestId("questionnaire-question").innerText()).toBe("What best describes you?");
    expect(await page.getByTestId("questionnaire-next").isDisabled()).toBe(true);
    // The options area scrolls inside its 250 px (500 rpx) box.
    expect(await page.getByTestId("questionnaire-options").evaluate((box) => getComputedStyle(box).maxHeight)).toBe(
      "250px",
    );

    await page.getByTestId("questionnaire-option").nth(1).check();
    await page.getByTestId("questionnaire-next").click();
    await expect.poll(() => step(page)).toBe(2);
    // Tapping the disabled text box chooses "Other"; then type.
    await page.getByTestId("questionnaire-text-cover").click();
    await page.getByTestId("questionnaire-text").fill("Cambodia and Laos");
    expect(await page.getByTestId("questionnaire-counter").innerText()).toBe("17/500");

    // A questionnaire draft survives a reload.
    await page.reload();
    await popup.waitFor();
    expect(await step(page)).toBe(2);
    expect(await page.getByTestId("questionnaire-option").last().isChecked()).toBe(true);
    expect(await page.getByTestId("questionnaire-text").inputValue()).toBe("Cambodia and Laos");

    await page.getByTestId("questionnaire-next").click();
    await expect.poll(() => step(page)).toBe(3);
    await page.getByTestId("questionnaire-option").first().check();
    await page.getByTestId("questionnaire-next").click();
    await expect.poll(() => step(page)).toBe(4);
    expect(await page.getByTestId("questionnaire-next").innerText()).toBe("Submit");
    const submitted = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === "/api/v1/questionnaire" && response.request().method() === "POST",
    );
    await page.getByTestId("questionnaire-option").nth(2).check();
    await page.getByTestId("questionnaire-next").click();
    expect(await (await submitted).json()).toMatchObject({ code: 0 });
    await page.getByTestId("questionnaire-success").waitFor();
    expect(Number(await page.getByTestId("questionnaire-qr").getAttribute("data-modules"))).toBeGreaterThan(0);
    expect(await page.getByTestId("questionnaire-chat").getAttribute("href")).toMatch(/^https:\/\//);
    expect(await page.getByTestId("questionnaire-group").count()).toBeGreaterThan(0);
    await page.getByTestId("questionnaire-close").click();
    await popup.waitFor({ state: "detached" });
    // The draft went with the submission.
    expect(
      await page.evaluate(
        ({ database, store }) =>
          new Promise((resolve) => {
            const open = indexedDB.open(database);
            open.onsuccess = () => {
              const request = open.result.transaction(store).objectStore(store).count();
              request.onsuccess = () => resolve(request.result);
            };
          }),
        { database: QUESTIONNAIRE_DB_NAME, store: QUESTIONNAIRE_STORE_NAME },
      ),
    ).toBe(0);

    // The server has the answers: a new session asks, gets no questions, and shows nothing.
    const fresh = await phonePage({ token });
    const asked = questionnaireAnswer(fresh);
    await fresh.goto("/");
    expect((await (await asked).json()).data.question_list).toEqual([]);
    await fresh.getByTestId("tab-bar").waitFor();
    expect(await fresh.getByTestId("questionnaire").count()).toBe(0);
  });

  it("skip closes it for the rest of the day, new sessions included; the next day asks again from the draft", async () => {
    const page = await phonePage({ token: await freshAccountToken(baseURL) });
    await page.goto("/user");
    await page.getByTestId("questionnaire").waitFor();
    await page.getByTestId("questionnaire-option").first().check();
    await page.getByTestId("questionnaire-skip").click();
    await page.getByTestId("questionnaire").waitFor({ state: "detached" });
    let asked = 0;
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/v1/questionnaire") asked += 1;
    });
    await page.reload();
    await page.getByTestId("logout").waitFor();
    await page.waitForTimeout(2_000); // longer than the popup's 1 s delay
    expect(asked).toBe(0);
    expect(await page.getByTestId("questionnaire").count()).toBe(0);

    // A new tab is a new session (sessionStorage) on the same day: still not asked.
    const again = await page.context().newPage();
    let askedAgain = 0;
    again.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/v1/questionnaire") askedAgain += 1;
    });
    await again.goto("/user");
    await again.getByTestId("logout").waitFor();
    await again.waitForTimeout(2_000);
    expect(askedAgain).toBe(0);
    expect(await again.getByTestId("questionnaire").count()).toBe(0);

    // The next day (the skip dated yesterday) it asks again, from the same IndexedDB draft.
    await again.evaluate((key) => localStorage.setItem(key, "2000-01-01"), QUESTIONNAIRE_DISMISSED_DATE_KEY);
    await again.goto("/");
    await again.getByTestId("questionnaire").waitFor();
    expect(await step(again)).toBe(1);
    expect(await again.getByTestId("questionnaire-option").first().isChecked()).toBe(true);
    expect(await again.getByTestId("questionnaire-next").isEnabled()).toBe(true);
  });
});
