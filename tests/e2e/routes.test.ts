// Every internal path and public alias of the routes table answers with its own page and the
// document title rule; desktop URLs and old internal paths land on their named pages.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { ROUTES } from "../../src/routing/routes";
import { REDIRECTS, redirectTarget } from "../../src/routing/redirects";
import { passwordLoginToken } from "./api";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";

const phonePage = usePhonePage(useBrowser(), { close: "afterAll" });
let page: Page;

beforeAll(async () => {
  page = await phonePage();
});

const concrete = (pattern: string) => pattern.replace(/:\w+/g, "demo");

// Routes that are no page of their own: the share target replaces itself with where the shared
// link or text leads (Discovery, when it names nothing the app knows).
const LANDS_ON: Partial<Record<(typeof ROUTES)[number]["name"], (typeof ROUTES)[number]["name"]>> = {
  shareTarget: "discovery",
};

describe("routes table in the browser", () => {
  for (const route of ROUTES) {
    const paths = [route.path, ...route.aliases].map(concrete);
    const shown = ROUTES.find((candidate) => candidate.name === (LANDS_ON[route.name] ?? route.name)) ?? route;
    it(`${route.name}: ${paths.join(", ")}`, async () => {
      for (const path of paths) {
        await page.goto(path);
        await page.getByTestId(`page-${shown.name}`).waitFor();
        await expect.poll(() => page.title(), { message: path }).toBe(`${shown.title.message} | ShopRadar`);
        expect(await page.getByTestId("not-found").count(), path).toBe(route.name === "notFound" ? 1 : 0);
      }
    });
  }

  it("opens Discovery with the words of a shared text searched (the manifest's share target)", async () => {
    const text = "serum viral https://example.com/somewhere";
    await page.goto(`/share-target?title=&text=${encodeURIComponent(text)}&url=`);
    await page.getByTestId("page-discovery").waitFor();
    expect(new URL(page.url()).searchParams.get("keyword")).toBe("serum viral");
    await expect.poll(() => page.getByRole("searchbox", { name: "Keyword" }).inputValue()).toBe("serum viral");
  });

  it("redirects desktop URLs and old internal paths to their named pages, keeping the query", async () => {
    for (const rule of REDIRECTS) {
      await page.goto(`${rule.from}?marketing_id=7`);
      const expected = new URL(redirectTarget(rule, "?marketing_id=7"), baseURL);
      await page.waitForURL((url) => url.pathname === expected.pathname);
      expect(new URL(page.url()).searchParams.get("marketing_id"), rule.from).toBe("7");
      expect(await page.getByTestId("not-found").count(), rule.from).toBe(0);
    }
  });
});

describe("every route signed in (spec §2: no page is a placeholder)", () => {
  let signedIn: Page;
  beforeAll(async () => {
    signedIn = await phonePage({ token: await passwordLoginToken(baseURL, "pro@shopradar.demo") });
  });

  it("renders each route's page (or where it leads), never 'coming soon'", async () => {
    for (const route of ROUTES) {
      const path = concrete(route.path);
      await signedIn.goto(path);
      await signedIn.locator('[data-testid^="page-"]').first().waitFor();
      await signedIn.waitForLoadState("networkidle");
      const text = await signedIn.locator("body").innerText();
      expect(text, path).not.toMatch(/coming soon/i);
      expect(await signedIn.getByTestId("not-found").count(), path).toBe(route.name === "notFound" ? 1 : 0);
    }
  });
});
