// The home header index.html paints before any JavaScript (scripts/home-shell.ts): it is the
// markup of the app's own HomeHeader rendered per language (texts from the catalogs), the
// inline script picks the language with contract's pickLocale and the saved market, on the home
// paths only, and the build fails on a missing translation.
import { afterEach, describe, expect, it } from "vitest";
import { LOCALES } from "../../../contract/locales";
import { MARKETS } from "../../../src/api/entities";
import { MARKET_NAMES } from "../../../src/components/MarketSelect";
import { hrefFor } from "../../../src/routing/paths";
import { ROUTES } from "../../../src/routing/routes";
import { MARKET_STORAGE_KEY } from "../../../src/state/rank-discover";
import { renderHomeShells } from "../../../src/pages/tab/home-shell-render";
import { checkTranslations, HOME_PATHS, renderShells, shellScript } from "../../../scripts/home-shell";
import { linguiMacroPlugins } from "../../../vite.config";
import { catalog } from "../../e2e/fixtures";

const shells = await renderHomeShells();

function paint(path: string, { cookie, market }: { cookie?: string; market?: string } = {}): HTMLElement {
  history.replaceState(null, "", path);
  document.cookie = `responsive-locale=${cookie ?? ""}; path=/${cookie ? "" : "; max-age=0"}`;
  if (market) localStorage.setItem(MARKET_STORAGE_KEY, market);
  else localStorage.removeItem(MARKET_STORAGE_KEY);
  document.body.innerHTML = '<div id="root"></div>';
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the inline script as the HTML would
  new Function(shellScript(shells))();
  return document.getElementById("root")!;
}

const text = (root: HTMLElement, selector: string) => root.querySelector(selector)?.textContent;
const chosen = (root: HTMLElement) => {
  const select = root.querySelector("select")!;
  // happy-dom's parser leaves the selected attribute's choice out of selectedIndex; browsers don't.
  return select.selectedIndex >= 0
    ? select.options[select.selectedIndex].value
    : select.querySelector("option[selected]")?.getAttribute("value");
};

afterEach(() => {
  history.replaceState(null, "", "/");
  localStorage.clear();
  document.documentElement.lang = "en";
});

describe("home shell", () => {
  it("is HomeHeader's markup in the route view's frame, texts from each catalog", () => {
    for (const locale of LOCALES) {
      const translate = catalog(locale);
      const root = paint("/", { cookie: locale });
      expect(
        root.querySelector(".page.page--tab[data-static-shell] > main.page__body > header.home-brand"),
      ).not.toBeNull();
      expect(text(root, ".home-brand__tagline")).toBe(translate("Find what sells on short-video commerce"));
      expect(text(root, ".home-brand__search")).toBe(translate("Search videos and influencers"));
      expect(root.querySelector("select")!.getAttribute("aria-label")).toBe(translate("Market"));
      expect(Array.from(root.querySelectorAll("option"), (option) => option.textContent)).toEqual(
        MARKETS.map((market) => translate(MARKET_NAMES[market].message!)),
      );
      // No test ids: tests wait for React's header; the select takes no focus meanwhile.
      expect(root.innerHTML).not.toContain("data-testid");
      expect(root.querySelector("select")!.getAttribute("tabindex")).toBe("-1");
    }
    expect(text(paint("/", { cookie: "zh" }), ".home-brand__name")).toBe("商品雷达 ShopRadar");
  });

  it("knows the app's home paths and search link", () => {
    const home = ROUTES.find((route) => route.name === "index")!;
    expect([...HOME_PATHS].sort()).toEqual([home.path, ...(home.aliases ?? [])].sort());
    expect(paint("/").querySelector(".home-brand__search")!.getAttribute("href")).toBe(hrefFor("discovery"));
  });

  it("paints the header in the saved locale with the saved market", () => {
    const root = paint("/", { cookie: "vi", market: "TH" });
    expect(text(root, ".home-brand__tagline")).toBe(catalog("vi")("Find what sells on short-video commerce"));
    expect(chosen(root)).toBe("TH");
    expect(document.documentElement.lang).toBe("vi");
  });

  it("falls back to the browser language, then English, and to the default market", () => {
    const root = paint("/pages/tab/index/index", { cookie: "xx", market: "ZZ" });
    const language = navigator.language.toLowerCase().split(/[-_]/)[0];
    const expected = (LOCALES as readonly string[]).includes(language) ? language : "en";
    expect(document.documentElement.lang).toBe(expected);
    expect(text(root, ".home-brand__tagline")).toBe(catalog(expected)("Find what sells on short-video commerce"));
    expect(chosen(root)).toBe("VN");
  });

  it("leaves other pages' root empty", () => {
    expect(paint("/rank", { cookie: "th" }).childElementCount).toBe(0);
    expect(paint("/discovery").childElementCount).toBe(0);
  });

  it("fails the build when a language lacks a translation the header shows", async () => {
    await expect(checkTranslations(shells)).resolves.toBeUndefined();
    const missing = {
      ...shells,
      locales: { ...shells.locales, th: { ...shells.locales.th, messageIds: ["no-such-message"] } },
    };
    await expect(checkTranslations(missing)).rejects.toThrow(/no th translation/);
  });

  it("renders the same markup through the build's own Vite SSR loader", async () => {
    const built = await renderShells(linguiMacroPlugins);
    for (const locale of LOCALES) expect(built.locales[locale].html).toBe(shells.locales[locale].html);
    expect(built.marketStorageKey).toBe(MARKET_STORAGE_KEY);
  }, 60_000);
});
