// The browsing screens as a new user meets them, in Chromium on a 390x844 phone against the
// production build and the real server with its demo dataset and demo accounts: home's four
// sections, every list of /rank, a detail page of each kind with its chart ranges, search with
// its history, favourites on the Me page, a visitor's limited list, and a free user running
// out of detail views. Signed-in users get their session cookie from a password login made
// through the API (the UI login has its own journeys in accounts.test.ts).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { baseURL, catalog, useBrowser, useOwnServer, usePhonePage } from "./fixtures";
import { SEARCH_HISTORY_DB_NAME, SEARCH_HISTORY_STORE_NAME } from "../../contract/indexed-db";
import { SEARCH_HISTORY_KEY } from "../../src/storage/search-history";
import { passwordLoginToken } from "./api";

const browser = useBrowser();
const phonePage = usePhonePage(browser);

const API_HEADERS = { "system-id": "14", "x-language": "en", "content-type": "application/json" };

async function apiGet<T>(path: string, token?: string, base = baseURL): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    headers: { ...API_HEADERS, ...(token ? { authorization: token } : {}) },
  });
  const body = (await response.json()) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
  return body.data;
}

/** A phone page, signed in as `loginId` when given (the app reads the `token` cookie at start). */
async function phone(loginId?: string): Promise<{ page: Page; token?: string }> {
  const token = loginId ? await passwordLoginToken(baseURL, loginId) : undefined;
  return { page: await phonePage({ token }), token };
}

const rowCount = (page: Page, scope: string) =>
  page.locator(`[data-testid="${scope}"] [data-testid="entity-row"]`).count();

describe("home", () => {
  it("shows the four sections filled, each with its freshness copy and data time", async () => {
    const { page } = await phone();
    await page.goto("/");
    for (const id of ["product-ranking", "top-sale", "weekly-trend", "follower-growth"]) {
      const section = page.getByTestId(`home-section-${id}`);
      await expect.poll(() => section.getAttribute("data-state")).toBe("ready");
      expect(await rowCount(page, `home-section-${id}`)).toBeGreaterThan(0);
      expect(await section.getByTestId("home-section-freshness").innerText()).toMatch(/^Updated every \d+ hours/);
      expect(await section.getByTestId("home-section-time").innerText()).toMatch(
        /^Data as of \d\d\/\d\d\/\d{4}, \d\d:\d\d$/,
      );
    }
    // Rows open their detail page.
    expect(
      await page
        .locator('[data-testid="home-section-product-ranking"] a.entity-row__main')
        .first()
        .getAttribute("href"),
    ).toMatch(/^\/goodsDetail\?id=/);
  });
});

describe("languages", () => {
  it.each(["zh", "vi", "id", "th"])("%s: home and lists read in the browser's language", async (locale) => {
    const t = catalog(locale);
    const page = await phonePage({ locale });
    await page.goto("/");
    const section = page.getByTestId("home-section-weekly-trend");
    await expect.poll(() => section.getAttribute("data-state")).toBe("ready");
    expect(await section.locator(".card__title").innerText()).toBe(t("Weekly trend"));
    expect(await section.getByTestId("home-section-more").innerText()).toBe(t("More"));
    await page.goto("/rank?type=goods");
    expect(await page.getByTestId("rank-tab-goods").innerText()).toBe(t("Products"));
    expect(await page.getByTestId("rank-type-top-sale").innerText()).toBe(t("Top sales"));
    expect(await page.getByTestId("rank-window-7d").innerText()).toBe(t("Weekly"));
    await page.getByTestId("rank-sign-in-cta").waitFor();
    expect(await page.getByTestId("rank-sign-in-cta").locator("p").innerText()).toBe(
      t("Sign in to see the full list."),
    );
  });
});

describe("lists", () => {
  it("loads rows for every tab, rank type and window", async () => {
    const { page } = await phone("pro@shopradar.demo");
    await page.goto("/rank");
    expect(await page.getByTestId("rank-page").getAttribute("data-entity")).toBe("influencers");
    expect(await page.getByTestId("rank-page").getAttribute("data-rank-type")).toBe("breakout");
    const tabs = ["goods", "influencers", "videos", "music", "hashtags"];
    for (const entity of tabs) {
      await page.getByTestId(`rank-tab-${entity}`).click();
      const types = await page
        .locator('[data-testid^="rank-type-"]')
        .evaluateAll((chips) => chips.map((chip) => chip.getAttribute("data-testid")!.slice("rank-type-".length)));
      expect(types.length).toBeGreaterThanOrEqual(2);
      for (const type of types) {
        await page.getByTestId(`rank-type-${type}`).click();
        for (const window of ["24h", "3d", "7d", "30d"]) {
          await page.getByTestId(`rank-window-${window}`).click();
          await page.waitForURL(
            (url) =>
              url.searchParams.get("type") === entity &&
              url.searchParams.get("rankType") === type &&
              url.searchParams.get("window") === window,
          );
          await expect
            .poll(() => page.getByTestId("rank-list").getAttribute("data-state"), { timeout: 10_000 })
            .toBe("ready");
          await expect
            .poll(() => rowCount(page, "rank-list"), { message: `${entity} ${type} ${window}` })
            .toBeGreaterThan(0);
        }
      }
    }
  });

  it("keeps a small pool of rows of a long list in the page while loading more on scroll, and reuses it", async () => {
    const { page } = await phone("pro@shopradar.demo");
    await page.goto("/rank?type=goods&rankType=top-sale&window=30d");
    const list = page.getByTestId("virtual-list");
    await list.waitFor();
    for (let i = 0; i < 12 && Number(await list.getAttribute("data-count")) < 200; i++) {
      await page.mouse.wheel(0, 20_000);
      await page.waitForTimeout(300);
    }
    expect(Number(await list.getAttribute("data-count"))).toBeGreaterThanOrEqual(200);
    expect(Number(await list.getAttribute("data-rendered"))).toBeLessThan(40);
    expect(await page.getByTestId("load-more").getAttribute("data-status")).toMatch(/more|loading|none/);

    // Scrolling reuses the rows' elements (a pool). A jump is a fling: rows wait for their
    // content (placeholders) until the list settles. Then the rows on screen are the list's rows
    // at their places: ranks follow each other down the screen, in the document's order too.
    await page.evaluate(() => {
      document.querySelectorAll(".virtual-list__row").forEach((row) => row.setAttribute("data-pooled", ""));
      const seen = window as unknown as { sawWaitingRow: boolean };
      seen.sawWaitingRow = false;
      new MutationObserver((changes) => {
        if (changes.some((change) => (change.target as Element).classList.contains("virtual-list__row--waiting")))
          seen.sawWaitingRow = true;
      }).observe(document.querySelector(".virtual-list")!, {
        subtree: true,
        attributes: true,
        attributeFilter: ["class"],
      });
    });
    for (const rowsDown of [0, 1, 3, 120, 121, 40]) {
      // The list places its rows on the frame after the scroll.
      await page.evaluate((y) => {
        window.scrollTo(0, y);
        return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      }, rowsDown * 84);
      await expect.poll(() => list.getAttribute("data-waiting"), { timeout: 5_000 }).toBe("0");
      await page.waitForTimeout(100);
      const rows = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".virtual-list__row")].map((row) => ({
          pooled: row.hasAttribute("data-pooled"),
          top: row.getBoundingClientRect().top,
          rank: Number(row.querySelector(".entity-row__rank-number")?.textContent),
        })),
      );
      expect(
        rows.every((row) => row.pooled),
        `new row elements after scrolling ${rowsDown} rows down`,
      ).toBe(true);
      const onScreen = rows.filter((row) => row.top > -84 && row.top < 844);
      // At the top the tools menu, filters, sort and range filters come first: 5 rows show there.
      expect(onScreen.length).toBeGreaterThanOrEqual(5);
      const ranks = onScreen.map((row) => row.rank);
      expect(ranks, `ranks on screen ${rowsDown} rows down`).toEqual(ranks.map((_, index) => ranks[0] + index));
      expect(onScreen.map((row) => row.top)).toEqual([...onScreen.map((row) => row.top)].sort((a, b) => a - b));
      expect(await page.locator(".virtual-list__row--waiting").count()).toBe(0);
    }
    expect(
      await page.evaluate(() => (window as unknown as { sawWaitingRow: boolean }).sawWaitingRow),
      "rows waited for content after a jump",
    ).toBe(true);
  });

  it("shows a visitor the top of the list and the call to sign in", async () => {
    const { page } = await phone();
    await page.goto("/rank?type=goods&rankType=top-sale");
    await page.getByTestId("rank-sign-in-cta").waitFor();
    expect(await rowCount(page, "rank-list")).toBe(10);
    await page.getByTestId("rank-sign-in").click();
    await page.waitForURL(
      (url) => url.pathname === "/login" && url.searchParams.get("from") === "/rank?type=goods&rankType=top-sale",
    );
  });
});

async function checkTrend(page: Page) {
  const trend = page.getByTestId("trend");
  const ready = async (range: string) => {
    await expect
      .poll(async () => `${await trend.getAttribute("data-range")} ${await trend.getAttribute("data-state")}`, {
        timeout: 10_000,
      })
      .toBe(`${range} ready`);
    await expect.poll(() => page.getByTestId("trend-chart").getAttribute("data-state")).toBe("ready");
    expect(await page.locator('[data-testid="trend-chart"] canvas').count()).toBe(1);
  };
  await trend.scrollIntoViewIfNeeded();
  await ready("7");
  expect(await page.getByTestId("trend-chart").getAttribute("data-points")).toBe("7");
  for (const days of ["15", "30"]) {
    await page.getByTestId(`trend-range-${days}`).click();
    await ready(days);
    expect(await page.getByTestId("trend-chart").getAttribute("data-points")).toBe(days);
  }
  await page.getByTestId("trend-range-custom").click();
  const end = await page.getByTestId("custom-range-end").getAttribute("max");
  const start = new Date(Date.parse(`${end}T00:00:00Z`) - 9 * 86_400_000).toISOString().slice(0, 10);
  await page.getByTestId("custom-range-start").fill(start);
  await page.getByTestId("custom-range-end").fill(end!);
  await page.getByTestId("custom-range-apply").click();
  await ready(`${start}..${end}`);
  expect(await page.getByTestId("trend-chart").getAttribute("data-points")).toBe("10");
}

describe("details", () => {
  it("a product, an influencer and a video each show their chart and switch 7, 15, 30 days and a custom range", async () => {
    const { page, token } = await phone("pro@shopradar.demo");
    const firstId = async (entity: string) =>
      (await apiGet<{ list: { id: string }[] }>(`/api/v1/rank/${entity}?size=1`, token)).list[0].id;
    for (const [route, entity, blocks] of [
      [
        "goodsDetail",
        "goods",
        ["goods-overview", "related-videos", "related-influencers", "specifications", "scan-code-notice"],
      ],
      [
        "influencersDetail",
        "influencers",
        ["influencer-profile", "basic-analysis", "influencer-products", "influencer-videos", "calendar"],
      ],
      ["videoDetail", "videos", ["video-metrics", "video-sales"]],
    ] as const) {
      await page.goto(`/${route}?id=${await firstId(entity)}`);
      await page.getByTestId("detail-page").waitFor();
      for (const block of blocks) expect(await page.getByTestId(block).count(), block).toBe(1);
      await checkTrend(page);
    }
    // The influencer's video filter and calendar.
    await page.goto(`/influencersDetail?id=${await firstId("influencers")}`);
    const videos = page.getByTestId("influencer-videos");
    await expect.poll(() => videos.getAttribute("data-total")).toMatch(/^\d+$/);
    const all = Number(await videos.getAttribute("data-total"));
    await page.getByTestId("video-filter-with_products").click();
    await expect.poll(() => videos.getAttribute("data-filter")).toBe("with_products");
    await expect.poll(() => videos.getAttribute("data-total")).toMatch(/^\d+$/);
    const withProducts = Number(await videos.getAttribute("data-total"));
    await page.getByTestId("video-filter-without_products").click();
    const shown = () =>
      Promise.all([videos.getAttribute("data-filter"), videos.getAttribute("data-total")]).then((values) =>
        values.join(" "),
      );
    await expect.poll(shown).toMatch(/^without_products \d+$/);
    const withoutProducts = Number((await shown()).split(" ")[1]);
    expect(withProducts + withoutProducts).toBe(all);
    await expect.poll(() => page.getByTestId("calendar-day").count()).toBeGreaterThanOrEqual(28);
  });

  it("copy link toasts and shows the notice the first time of the day", async () => {
    const { page, token } = await phone("pro@shopradar.demo");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const { list } = await apiGet<{ list: { id: string }[] }>("/api/v1/rank/videos?size=1", token);
    await page.goto(`/videoDetail?id=${list[0].id}`);
    await page.getByTestId("copy-link").click();
    await page.getByTestId("copy-notice").waitFor();
    expect(await page.getByTestId("toast").last().innerText()).toBe("Copied successfully");
    await page.getByTestId("copy-notice-confirm").click();
    await page.getByTestId("copy-notice").waitFor({ state: "detached" });
    await page.getByTestId("copy-link").click();
    await page.waitForTimeout(400);
    expect(await page.getByTestId("copy-notice").count()).toBe(0);
    const cookie = (await page.context().cookies()).find((item) => item.name === "copy-notice");
    expect(cookie && JSON.parse(decodeURIComponent(cookie.value))).toMatchObject({ visible: false });
  });
});

describe("search", () => {
  it("finds a known video title and keeps the history (newest first, at most 10, delete, clear)", async () => {
    const { page, token } = await phone("pro@shopradar.demo");
    const { list } = await apiGet<{ list: { title: string }[] }>("/api/v1/rank/videos?size=1", token);
    const title = list[0].title;
    const keyword = title.split(" ").slice(0, 4).join(" ");
    await page.goto("/discovery");
    await page.getByTestId("search-input").fill(keyword);
    await page.getByTestId("search-submit").click();
    await expect.poll(() => page.getByTestId("search-results").getAttribute("data-state")).toBe("ready");
    const titles = await page.getByTestId("entity-row-title").allInnerTexts();
    expect(titles).toContain(title);

    for (let i = 1; i <= 10; i++) {
      await page.getByTestId("search-input").fill(`serum ${i}`);
      await page.getByTestId("search-submit").click();
      await page.waitForURL((url) => url.searchParams.get("keyword") === `serum ${i}`);
    }
    await page.goto("/discovery");
    const records = page.getByTestId("search-record");
    await expect.poll(() => records.count()).toBe(10);
    const keywords = () => records.evaluateAll((items) => items.map((item) => item.getAttribute("data-keyword")));
    expect(await keywords()).toEqual([
      "serum 10",
      "serum 9",
      "serum 8",
      "serum 7",
      "serum 6",
      "serum 5",
      "serum 4",
      "serum 3",
      "serum 2",
      "serum 1",
    ]);

    // What IndexedDB holds (the screen changes first; the write follows).
    const savedKeywords = () =>
      page.evaluate(
        ({ database, store, key }) =>
          new Promise<string[]>((resolve, reject) => {
            const open = indexedDB.open(database);
            open.onerror = () => reject(open.error ?? new Error("IndexedDB did not open"));
            open.onsuccess = () => {
              const request = open.result.transaction(store).objectStore(store).get(key);
              request.onerror = () => reject(request.error ?? new Error("IndexedDB read failed"));
              request.onsuccess = () => {
                resolve(((request.result ?? []) as { keyword: string }[]).map((record) => record.keyword));
                open.result.close();
              };
            };
          }),
        { database: SEARCH_HISTORY_DB_NAME, store: SEARCH_HISTORY_STORE_NAME, key: SEARCH_HISTORY_KEY },
      );
    await records.nth(2).getByTestId("search-record-delete").click();
    await expect.poll(() => records.count()).toBe(9);
    expect(await keywords()).not.toContain("serum 8");
    await expect.poll(savedKeywords).toHaveLength(9);
    await page.reload();
    await expect
      .poll(keywords)
      .toEqual(["serum 10", "serum 9", "serum 7", "serum 6", "serum 5", "serum 4", "serum 3", "serum 2", "serum 1"]);
    await page.getByTestId("search-history-clear").click();
    await expect.poll(() => records.count()).toBe(0);
    await expect.poll(savedKeywords).toEqual([]);
    await page.reload();
    await page.getByTestId("search-input").waitFor();
    await page.waitForTimeout(300);
    expect(await records.count()).toBe(0);
  });
});

describe("favourites", () => {
  it("favourite then unfavourite a product, and the Me list follows", async () => {
    const { page, token } = await phone("premium@shopradar.demo");
    const { list } = await apiGet<{ list: { id: string }[] }>("/api/v1/rank/goods?size=3&window=7d", token);
    const id = list[2].id;
    const heart = page.locator('.detail-hero [data-testid="favourite-button"]');
    const inMeList = async () => {
      await page.goto("/user");
      const favourites = page.getByTestId("me-favourites");
      await expect.poll(() => favourites.getAttribute("data-total")).toMatch(/^\d+$/);
      return favourites.locator(`[data-testid="entity-row"][data-id="${id}"]`).count();
    };

    expect(await inMeList()).toBe(0);
    await page.goto(`/goodsDetail?id=${id}`);
    await page.getByTestId("detail-page").waitFor();
    await heart.click();
    await expect.poll(() => heart.getAttribute("data-liked")).toBe("true");
    await expect.poll(() => page.getByTestId("toast").last().innerText()).toBe("Added to favourites");
    expect(await inMeList()).toBe(1);

    await page.goto(`/goodsDetail?id=${id}`);
    await expect.poll(() => heart.getAttribute("data-liked")).toBe("true");
    await heart.click();
    await expect.poll(() => heart.getAttribute("data-liked")).toBe("false");
    await expect.poll(() => page.getByTestId("toast").last().innerText()).toBe("Removed from favourites");
    expect(await inMeList()).toBe(0);
  });
});

describe("access", () => {
  // Using up the free account's detail views for the day happens on a server of its own: other
  // files open details as that account on the shared server (monitoring.test.ts), and which of
  // their items this test viewed first depends on the day's dataset.
  const server = useOwnServer({ env: { DEMO_DATA_SCALE: "0.05" } });
  const ownPhonePage = usePhonePage(browser, { base: () => server().url });

  it("a free user who uses up the day's detail views sees the upgrade dialog, whose button goes to checkout", async () => {
    const token = await passwordLoginToken(server().url, "free@shopradar.demo");
    const page = await ownPhonePage({ token });
    const { list } = await apiGet<{ list: { id: string }[] }>(
      "/api/v1/rank/goods?size=20&window=3d",
      token,
      server().url,
    );
    let opened = 0;
    for (const { id } of list) {
      await page.goto(`/goodsDetail?id=${id}`);
      const outcome = await Promise.race([
        page
          .getByTestId("detail-page")
          .waitFor()
          .then(() => "page"),
        page
          .getByTestId("upgrade-dialog")
          .waitFor()
          .then(() => "dialog"),
      ]);
      if (outcome === "dialog") break;
      opened += 1;
    }
    expect(opened).toBeLessThanOrEqual(5); // the free plan's daily detail views
    await page.getByTestId("detail-blocked").waitFor();
    expect(await page.getByTestId("upgrade-dialog-title").innerText()).toBe("Usage has been used up today");
    expect(await page.getByTestId("upgrade-dialog-message").innerText()).toBe(
      "Your daily detail views are used up. Become a member for unlimited use.",
    );
    expect(await page.getByTestId("upgrade-dialog-cancel").innerText()).toBe("Cancel");
    await page.getByTestId("upgrade-dialog-confirm").click();
    await page.waitForURL((url) => url.pathname === "/checkout");
  });

  it("a visitor opening a detail page is asked to log in", async () => {
    const { page } = await phone();
    await page.goto("/goodsDetail?id=g000001");
    await page.getByTestId("login-prompt").waitFor();
  });
});

describe("footer", () => {
  it("its links open the documents in the UI language", async () => {
    const { page } = await phone();
    await page.goto("/");
    await page.getByTestId("footer-privacy").click();
    await page.waitForURL((url) => url.pathname === "/ys");
    const privacy = page.getByTestId("document");
    await privacy.waitFor();
    expect(await privacy.getAttribute("data-document")).toBe("privacy");
    expect(await privacy.locator("h1").innerText()).toBe("Privacy policy");
    await page.goto("/");
    await page.getByTestId("footer-about").click();
    await page.waitForURL((url) => url.pathname === "/webview" && url.searchParams.get("page") === "about");
    expect(await page.getByTestId("document").getAttribute("data-document")).toBe("about");
  });
});
