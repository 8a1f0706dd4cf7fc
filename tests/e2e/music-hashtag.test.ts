// Music and hashtag details in Chromium on a phone against the production build and the real
// server's demo dataset: a tap on the first row of the music (hashtag) rank list opens its detail
// page with the usage chart and its top videos; a page seen once opens again offline from the
// service worker's detail cache; a music favourited on its page is listed on Me, linking back.
import { describe, expect, it } from "vitest";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";
import { freshAccountToken, passwordLoginToken } from "./api";

const phonePage = usePhonePage(useBrowser());

describe("music and hashtag details", () => {
  it.each([
    ["music", "/musicDetail"],
    ["hashtags", "/hashtagDetail"],
  ])("a tap on a %s row opens its detail page with a chart, its top videos, and offline later", async (type, path) => {
    const page = await phonePage({ token: await passwordLoginToken(baseURL, "pro@shopradar.demo") });
    await page.goto(`/rank?type=${type}&rankType=hot`);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    const row = page.getByTestId("entity-row").first();
    const title = await row.getByTestId("entity-row-title").innerText();
    const id = await row.getAttribute("data-id");
    await row.getByRole("link").click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(`${path}?id=${id}`);
    await expect.poll(() => page.getByRole("heading", { name: title, exact: true }).count()).toBe(1);

    const chart = page.getByTestId("trend-chart");
    await expect.poll(() => chart.getAttribute("data-state")).toBe("ready");
    expect(Number(await chart.getAttribute("data-points"))).toBe(7);
    await page.getByRole("button", { name: "30 days" }).click();
    await expect.poll(() => chart.getAttribute("data-points")).toBe("30");
    expect(await page.getByRole("heading", { name: "Usage trend" }).count()).toBe(1);
    const topVideos = page.getByTestId("usage-top-videos").getByTestId("entity-row");
    await expect.poll(() => topVideos.count()).toBeGreaterThan(0);
    expect(await page.getByRole("heading", { name: "Rank history" }).count()).toBe(1);

    // Seen once, the page opens offline from the worker's caches.
    await page.context().setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByRole("heading", { name: title, exact: true }).count()).toBe(1);
    await expect.poll(() => page.getByTestId("usage-top-videos").getByTestId("entity-row").count()).toBeGreaterThan(0);
  });

  it("a music favourited on its page is on the Me page's list, linking to its detail", async () => {
    const page = await phonePage({ token: await freshAccountToken(baseURL) });
    await page.goto("/rank?type=music&rankType=hot");
    const row = page.getByTestId("entity-row").first();
    const title = await row.getByTestId("entity-row-title").innerText();
    const id = (await row.getAttribute("data-id"))!;
    await row.getByRole("link").click();
    await expect.poll(() => page.getByRole("heading", { name: title, exact: true }).count()).toBe(1);
    const hero = page.locator(".detail-hero");
    await hero.getByRole("button", { name: "Add to favourites" }).click();
    await expect.poll(() => hero.getByRole("button", { name: "Remove from favourites" }).count()).toBe(1);

    await page.goto("/user");
    const favourites = page.getByTestId("me-favourites");
    await expect.poll(() => favourites.getAttribute("data-total")).toBe("1");
    await favourites.getByRole("button", { name: "Music" }).click();
    await expect.poll(() => favourites.getByRole("link", { name: title }).count()).toBe(1);
    expect(await favourites.getByRole("link", { name: title }).getAttribute("href")).toBe(`/musicDetail?id=${id}`);
    expect(await favourites.getByRole("button", { name: "Remove from favourites" }).count()).toBe(1);
    await favourites.getByRole("link", { name: title }).click();
    await expect.poll(() => page.getByRole("heading", { name: title, exact: true }).count()).toBe(1);
    await expect.poll(() => hero.getByRole("button", { name: "Remove from favourites" }).count()).toBe(1);
  });
});
