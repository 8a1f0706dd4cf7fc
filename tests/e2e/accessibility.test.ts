// axe-core over the app's main routes at phone (390 px) and desktop (1280 px) width, signed out
// (with the login prompt open over a members-only page) and signed in (a demo account, with the
// first product, influencer and video of their lists, and checkout), the questionnaire popup
// over the home, and a free user's discount drawer, upgrade dialog and permission-detail popup
// (what each plan unlocks) at both widths, a product's chart with its data table shown, and key
// routes in dark mode (home, lists, a product with its chart, Me, login, checkout; the browser
// set to prefers-color-scheme: dark): no serious or critical WCAG 2.2 A/AA violation. A control
// run with the colours before issue 18 shows the check catches low contrast.
import { describe, expect, it } from "vitest";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { DEMO_PASSWORD, freshAccountToken, passwordLoginToken } from "./api";
import { desktopContext } from "./browser";
import { baseURL, useBrowser, usePhonePage } from "./fixtures";
import { signInThroughLoginPage } from "./login";

const browser = useBrowser();
const phonePage = usePhonePage(browser);

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Route = [path: string, shownTestId: string];

/** The routes checked, each with the test id of what must be on screen before the check. */
const OPEN_ROUTES: Route[] = [
  ["/", "page-index"],
  ["/rank", "page-rank"],
  ["/user", "page-user"],
  ["/discovery", "page-discovery"],
  ["/calculator", "page-calculator"],
  ["/comparison", "page-comparison"],
  ["/webview?page=about", "page-webview"],
];
const VISITOR_ROUTES: Route[] = [...OPEN_ROUTES, ["/login", "page-login"], ["/monitor", "login-prompt"]];
const MEMBER_ROUTES: Route[] = [
  ...OPEN_ROUTES,
  ["/discovery?type=videos&keyword=a", "search-results"],
  ["/monitor", "page-monitor"],
  ["/order", "page-order"],
  ["/checkout", "page-checkout"],
];
/** Key routes checked again in dark mode; signed in, the product detail is added. */
const DARK_VISITOR_ROUTES: Route[] = [
  ["/", "page-index"],
  ["/rank", "page-rank"],
  ["/user", "page-user"],
  ["/login", "page-login"],
];
const DARK_MEMBER_ROUTES: Route[] = [
  ["/user", "page-user"],
  ["/checkout", "page-checkout"],
];
const DETAIL_PAGES = {
  goods: "page-goodsDetail",
  influencers: "page-influencersDetail",
  videos: "page-videoDetail",
  music: "page-musicDetail",
  hashtags: "page-hashtagDetail",
};

type DetailKind = keyof typeof DETAIL_PAGES;

/** The detail pages of the first row of each list (of the given kinds). */
async function firstDetailRoutes(page: Page, kinds: readonly DetailKind[]): Promise<Route[]> {
  const routes: Route[] = [];
  for (const kind of kinds) {
    const shownTestId = DETAIL_PAGES[kind];
    await page.goto(`/rank?type=${kind}`);
    const firstRow = page.locator("a.entity-row__main").first();
    await firstRow.waitFor();
    routes.push([(await firstRow.getAttribute("href"))!, shownTestId]);
  }
  return routes;
}

/** "rule-id (impact): selector" for each serious or critical violation on the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  // A popup fading in is checked at its final colours, not half-transparent mid-animation: its
  // opening frame has passed (Popup.tsx starts the transition a frame after it opens: a check
  // before it saw no animation, and the fade began during the analysis), and no animation runs.
  await page.waitForFunction(
    () =>
      document.querySelector(".popup[open]:not(.popup--shown)") === null &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity,
        ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")}`),
    );
}

/** A desktop page (1280x800) in a context of its own; close it with `page.context().close()`. */
const desktopPage = async () => (await desktopContext(browser(), baseURL)).newPage();

/** The violations found on `page` per path (paths without any left out); closes the page's
 *  context. Signed in, the first detail page of each kind in `details` (all by default) is
 *  checked too; `colorScheme` sets the browser's prefers-color-scheme. */
async function checkRoutes(
  page: Page,
  routes: Route[],
  signIn: boolean,
  {
    details = Object.keys(DETAIL_PAGES) as DetailKind[],
    colorScheme,
  }: { details?: DetailKind[]; colorScheme?: "dark" } = {},
) {
  if (colorScheme) await page.emulateMedia({ colorScheme });
  if (signIn) await signInThroughLoginPage(page, "premium@shopradar.demo", DEMO_PASSWORD);
  const found: Record<string, string[]> = {};
  for (const [path, shownTestId] of [...routes, ...(signIn ? await firstDetailRoutes(page, details) : [])]) {
    await page.goto(path);
    await page.getByTestId(shownTestId).waitFor();
    if (colorScheme) await page.locator(`html[data-theme="${colorScheme}"]`).waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    const violations = await seriousViolations(page);
    if (violations.length > 0) found[path] = violations;
  }
  await page.context().close();
  return found;
}

describe("no serious or critical axe violations", () => {
  it("at 390 px, signed out", async () => {
    expect(await checkRoutes(await phonePage(), VISITOR_ROUTES, false)).toEqual({});
  });
  it("at 1280 px, signed out", async () => {
    expect(await checkRoutes(await desktopPage(), VISITOR_ROUTES, false)).toEqual({});
  });
  it("at 390 px, signed in", async () => {
    expect(await checkRoutes(await phonePage(), MEMBER_ROUTES, true)).toEqual({});
  });
  it("at 1280 px, signed in", async () => {
    expect(await checkRoutes(await desktopPage(), MEMBER_ROUTES, true)).toEqual({});
  });
});

describe("in dark mode, no serious or critical axe violations", () => {
  it("at 390 px, signed out", async () => {
    expect(await checkRoutes(await phonePage(), DARK_VISITOR_ROUTES, false, { colorScheme: "dark" })).toEqual({});
  });
  it("at 390 px, signed in, with a product's chart", async () => {
    expect(
      await checkRoutes(await phonePage(), DARK_MEMBER_ROUTES, true, { colorScheme: "dark", details: ["goods"] }),
    ).toEqual({});
  });
});

it("the questionnaire popup over the home, at 390 px", async () => {
  const page = await phonePage({ questionnaire: true, token: await freshAccountToken(baseURL) });
  await page.goto("/");
  await page.getByTestId("questionnaire").waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

describe("with overlays open, no serious or critical axe violations", () => {
  it.each([
    ["390", () => phonePage()],
    ["1280", desktopPage],
  ] as const)(
    "at %s px: a free user's discount drawer, upgrade dialog and what each plan unlocks",
    async (_width, openPage) => {
      const page = await openPage();
      // Signed in by its session cookie, so that the rank list is the first page the drawer can
      // open on: signed in through the login page, it could open full size there first (once a
      // day), leaving the rank list only the badge.
      const token = await passwordLoginToken(baseURL, "free@shopradar.demo");
      await page.context().addCookies([{ name: "token", value: token, url: baseURL }]);
      await page.goto("/rank?type=goods");
      const drawer = page.getByRole("dialog", { name: "First-month discount" });
      await drawer.waitFor();
      // Focus inside keeps it open, as for a keyboard user: untouched, it collapses to the badge
      // after 5 s, which a loaded machine spent before the list below had rendered.
      await drawer.getByRole("button", { name: "Buy now" }).focus();
      await page.locator("a.entity-row__main").first().waitFor();
      const found: Record<string, string[]> = {};
      found.drawer = await seriousViolations(page);
      // Export CSV is not in the free plan: 803 opens the upgrade dialog.
      await page.getByRole("button", { name: "Export CSV" }).click();
      const upgrade = page.getByRole("alertdialog", { name: "Insufficient permissions" });
      await upgrade.waitFor();
      found.upgrade = await seriousViolations(page);
      await upgrade.getByRole("button", { name: "See what each plan unlocks" }).click();
      await page.locator('.plan-details[data-status="ready"]').waitFor();
      found.plans = await seriousViolations(page);
      expect(found).toEqual({ drawer: [], upgrade: [], plans: [] });
      await page.context().close();
    },
  );
});

it("a product's chart with its data table shown, at 390 px", async () => {
  const page = await phonePage();
  await signInThroughLoginPage(page, "premium@shopradar.demo", DEMO_PASSWORD);
  const [[path]] = await firstDetailRoutes(page, ["goods"]);
  await page.goto(path);
  await page.getByRole("button", { name: "Show data table" }).click();
  await page.getByRole("table", { name: "Sales and Revenue" }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});

it("control: the colours before issue 18 (muted #86909c, brand #ff3b5c) fail the contrast check", async () => {
  const page = await phonePage();
  await page.goto("/rank");
  await page.getByTestId("page-rank").waitFor();
  await page.addStyleTag({ content: ":root { --muted: #86909c; --brand: #ff3b5c; }" });
  expect((await seriousViolations(page)).filter((line) => line.startsWith("color-contrast"))).not.toEqual([]);
});
